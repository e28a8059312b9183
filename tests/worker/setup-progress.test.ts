import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { client, ok, refused } from "./helpers.ts";
import { phoneNumbersOf, signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

const NOTHING = { salon: false, stylists: false, services: false, assistant: false, phone_number: false, test_call: false };
const CLOSED_WEEK = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, null]));
const OPEN_MONDAY = { ...CLOSED_WEEK, "1": { open: "09:00", close: "18:00" } };
const DETAILS = { name: "Salon Vlna", address: "Vinohradská 12", city: "Praha", phone: "+420 222 333 444" };
const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: null, afternoon_end: null };

let next = 100;
const dashboard = (owner: Owner) => owner.api.dashboard;
const progress = (owner: Owner) => ok(dashboard(owner)["setup-progress"].$get());
const salonId = async (owner: Owner) => {
  const [row] = await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  return row!.id;
};
const saveSalon = async (owner: Owner, fields: Partial<typeof DETAILS> & { business_hours: Record<string, { open: string; close: string } | null> }) =>
  ok(dashboard(owner).salon.$put({ json: { ...(await ok(dashboard(owner).salon.$get())), ...DETAILS, ...fields } }));
const addStylist = (owner: Owner, first_name: string, working_hours: Record<string, typeof SHIFT | null>, is_active = true) =>
  ok(dashboard(owner).stylists.$post({ json: { first_name, last_name: "Nová", email: null, phone: null, working_hours, is_active } }), 201);
const addService = (owner: Owner) =>
  ok(dashboard(owner).services.$post({ json: { name: "Cut", duration: 60, price: 30, description: null, min_price: null, max_price: null } }), 201);
const addAssistant = async (owner: Owner) => (await ok(dashboard(owner).assistant.config.$post({ json: { name: "Reception" } }), 201)).id;
/** A number ringing `assistant`, as it is saved: not yet taking calls. */
const addNumber = async (owner: Owner, assistant: string) =>
  (await ok(phoneNumbersOf(owner).add({ phone_number: `+420777700${next++}`, assistant_config_id: assistant }), 201)).id;
const takesCalls = (number: string) => sql`update phone_numbers set status = 'active', source = 'assigned' where id = ${number}`;
const testCalled = async (owner: Owner) => sql`insert into calls (salon_id, direction, from_number) values (${await salonId(owner)}, 'inbound', 'browser')`;

describe("setup progress", () => {
  it("ticks each first step as its data appears", async () => {
    const owner = await signedInOwner();
    expect(await progress(owner)).toEqual(NOTHING);

    // Details without a single open day, then the day: only both make the step.
    await saveSalon(owner, { business_hours: CLOSED_WEEK });
    expect((await progress(owner)).salon).toBe(false);
    await saveSalon(owner, { city: " ", business_hours: OPEN_MONDAY });
    expect((await progress(owner)).salon).toBe(false);
    await saveSalon(owner, { business_hours: OPEN_MONDAY });
    expect(await progress(owner)).toEqual({ ...NOTHING, salon: true });

    // A stylist who never works, or no longer works here, is no team.
    await addStylist(owner, "Eva", CLOSED_WEEK);
    await addStylist(owner, "Jan", { "1": SHIFT }, false);
    expect((await progress(owner)).stylists).toBe(false);
    await addStylist(owner, "Jana", { "1": SHIFT });
    expect(await progress(owner)).toEqual({ ...NOTHING, salon: true, stylists: true });
    await addService(owner);
    expect(await progress(owner)).toEqual({ ...NOTHING, salon: true, stylists: true, services: true });

    const assistant = await addAssistant(owner);
    expect((await progress(owner)).assistant).toBe(true);

    // A number counts once it takes calls and rings an assistant.
    const number = await addNumber(owner, assistant);
    expect((await progress(owner)).phone_number).toBe(false);
    await takesCalls(number);
    expect((await progress(owner)).phone_number).toBe(true);

    await testCalled(owner);
    expect(await progress(owner)).toEqual({ salon: true, stylists: true, services: true, assistant: true, phone_number: true, test_call: true });
  });

  it("counts no other salon's data", async () => {
    const other = await signedInOwner();
    await saveSalon(other, { business_hours: OPEN_MONDAY });
    await addStylist(other, "Jana", { "1": SHIFT });
    await addService(other);
    await takesCalls(await addNumber(other, await addAssistant(other)));
    await testCalled(other);
    expect(await progress(other)).toEqual({ salon: true, stylists: true, services: true, assistant: true, phone_number: true, test_call: true });

    const owner = await signedInOwner();
    expect(await progress(owner)).toEqual(NOTHING);
  });

  it("is only for a signed-in owner", async () => {
    expect((await refused(client().dashboard["setup-progress"].$get(), 401)).detail).toEqual(expect.any(String));
  });
});
