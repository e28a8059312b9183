import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { api } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const PROGRESS = "/api/dashboard/setup-progress";
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

const NOTHING = { salon: false, stylists: false, services: false, assistant: false, phone_number: false, test_call: false };
const CLOSED_WEEK = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, null]));
const OPEN_MONDAY = { ...CLOSED_WEEK, "1": { open: "09:00", close: "18:00" } };
const DETAILS = { name: "Salon Vlna", address: "Vinohradská 12", city: "Praha", phone: "+420 222 333 444" };
const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: null, afternoon_end: null };

let next = 100;
const progress = async (owner: Owner) => (await owner.call(PROGRESS)).json;
const salonId = async (owner: Owner) => {
  const [row] = await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  return row!.id;
};

describe("setup progress", () => {
  it("ticks each first step as its data appears", async () => {
    const owner = await signedInOwner();
    expect(await progress(owner)).toEqual(NOTHING);

    // Details without a single open day, then the day: only both make the step.
    await owner.call("/api/dashboard/salon", { method: "PUT", body: { ...DETAILS, business_hours: CLOSED_WEEK } });
    expect((await progress(owner)).salon).toBe(false);
    await owner.call("/api/dashboard/salon", { method: "PUT", body: { ...DETAILS, city: " ", business_hours: OPEN_MONDAY } });
    expect((await progress(owner)).salon).toBe(false);
    await owner.call("/api/dashboard/salon", { method: "PUT", body: { ...DETAILS, business_hours: OPEN_MONDAY } });
    expect(await progress(owner)).toEqual({ ...NOTHING, salon: true });

    // A stylist who never works, or no longer works here, is no team.
    const idle = await owner.call("/api/dashboard/stylists", { body: { first_name: "Eva", last_name: "Malá", working_hours: CLOSED_WEEK } });
    expect(idle.status).toBe(201);
    const inactive = await owner.call("/api/dashboard/stylists", { body: { first_name: "Jan", last_name: "Veselý", working_hours: { "1": SHIFT }, is_active: false } });
    expect(inactive.status).toBe(201);
    expect((await progress(owner)).stylists).toBe(false);
    await owner.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nová", working_hours: { "1": SHIFT } } });
    expect(await progress(owner)).toEqual({ ...NOTHING, salon: true, stylists: true });
    await owner.call("/api/dashboard/services", { body: { name: "Cut", duration: 60, price: 30 } });
    expect(await progress(owner)).toEqual({ ...NOTHING, salon: true, stylists: true, services: true });

    const assistant = (await owner.call("/api/dashboard/assistant/config", { body: { name: "Reception" } })).json.id as string;
    expect((await progress(owner)).assistant).toBe(true);

    // A number counts once it takes calls and rings an assistant.
    const number = (await owner.call("/api/dashboard/phone-numbers", { body: { phone_number: `+420777700${next++}`, assistant_config_id: assistant } })).json.id as string;
    expect((await progress(owner)).phone_number).toBe(false);
    await sql`update phone_numbers set status = 'active', source = 'assigned' where id = ${number}`;
    expect((await progress(owner)).phone_number).toBe(true);

    await sql`insert into calls (salon_id, direction, from_number) values (${await salonId(owner)}, 'inbound', 'browser')`;
    expect(await progress(owner)).toEqual({ salon: true, stylists: true, services: true, assistant: true, phone_number: true, test_call: true });
  });

  it("counts no other salon's data", async () => {
    const other = await signedInOwner();
    await other.call("/api/dashboard/salon", { method: "PUT", body: { ...DETAILS, business_hours: OPEN_MONDAY } });
    await other.call("/api/dashboard/stylists", { body: { first_name: "Jana", last_name: "Nová", working_hours: { "1": SHIFT } } });
    await other.call("/api/dashboard/services", { body: { name: "Cut", duration: 60, price: 30 } });
    const assistant = (await other.call("/api/dashboard/assistant/config", { body: { name: "Reception" } })).json.id as string;
    const number = (await other.call("/api/dashboard/phone-numbers", { body: { phone_number: `+420777700${next++}`, assistant_config_id: assistant } })).json.id as string;
    await sql`update phone_numbers set status = 'active', source = 'assigned' where id = ${number}`;
    await sql`insert into calls (salon_id, direction, from_number) values (${await salonId(other)}, 'inbound', 'browser')`;
    expect(await progress(other)).toEqual({ salon: true, stylists: true, services: true, assistant: true, phone_number: true, test_call: true });

    const owner = await signedInOwner();
    expect(await progress(owner)).toEqual(NOTHING);
  });

  it("is only for a signed-in owner", async () => {
    const res = await api(PROGRESS);
    expect(res.status).toBe(401);
    expect(res.json.detail).toEqual(expect.any(String));
  });
});
