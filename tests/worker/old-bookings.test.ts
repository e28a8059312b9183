import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import type { Bindings } from "../../worker/env.ts";
import { sql } from "./auth-helpers.ts";
import { clientOf, clients, czechSalon } from "./client-helpers.ts";

afterAll(() => sql.end());

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), env as Bindings, ctx);
  await waitOnExecutionContext(ctx);
}

/** A booking stored before clients were kept: no client, made long ago, so the cron's oldest-first batch reaches it. */
async function oldBooking(salonId: string, customer: { name: string | null; phone: string | null }, daysAgo: number) {
  const [row] = await sql<{ id: string }[]>`
    insert into appointments (salon_id, stylist_name, customer_name, customer_phone, start_at, end_at, source, created_at)
    values (${salonId}, 'Jana Nováková', ${customer.name}, ${customer.phone},
            now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}) + interval '1 hour', 'voice',
            now() - interval '3 years' - make_interval(days => ${daysAgo}))
    returning id`;
  return row!.id;
}

describe("bookings made before clients were kept", () => {
  it("are linked by the cron: two of one number however written to one client, and a number nobody can read is left alone and not read again", async () => {
    const { owner, salonId } = await czechSalon();
    const first = await oldBooking(salonId, { name: "Lucie Malá", phone: "777 123 456" }, 40);
    const second = await oldBooking(salonId, { name: "Lucka", phone: "+420 777-123-456" }, 20);
    const garbage = await oldBooking(salonId, { name: "Eva", phone: "ask at the desk" }, 30);
    const other = await czechSalon();
    const theirs = await oldBooking(other.salonId, { name: "Lucie Malá", phone: "777 123 456" }, 10);

    await runCron();

    const list = await clients(owner);
    expect(list).toEqual([expect.objectContaining({ name: "Lucie Malá", phones: ["+420777123456"], source: "receptionist", visit_count: 2 })]);
    expect([await clientOf(first), await clientOf(second)]).toEqual([list[0]!.id, list[0]!.id]);
    expect(await clientOf(garbage)).toBeNull();
    // Another salon's booking of the same number gets that salon's own client.
    const theirClient = await clientOf(theirs);
    expect(theirClient).not.toBeNull();
    expect(theirClient).not.toBe(list[0]!.id);

    const [marked] = await sql<{ unmatched: Date | null; customer_phone: string }[]>`
      select client_unmatched_at as unmatched, customer_phone from appointments where id = ${garbage}`;
    expect(marked).toMatchObject({ unmatched: expect.any(Date), customer_phone: "ask at the desk" });
    const [waiting] = await sql<{ count: number }[]>`select count(*)::int as count from unlinked_appointments(1000000) where appointment_id in ${sql([first, second, garbage, theirs])}`;
    expect(waiting!.count).toBe(0);

    await runCron();
    const [again] = await sql<{ unmatched: Date | null }[]>`select client_unmatched_at as unmatched from appointments where id = ${garbage}`;
    expect(again!.unmatched).toEqual(marked!.unmatched);
  });

  it("set aside a booking that cannot become a client's, and link the salon's others in the same run", async () => {
    const { owner, salonId } = await czechSalon();
    // A client the database refuses to make, whatever the reason, stands for any failure of one booking.
    const refused = `Refused ${crypto.randomUUID()}`;
    await sql.unsafe(`alter table clients add constraint refuses_one_name check (name is distinct from '${refused}') not valid`);
    const unfit = await oldBooking(salonId, { name: refused, phone: "603 222 333" }, 50);
    const fine = await oldBooking(salonId, { name: "Eva Nová", phone: "604 111 222" }, 45);
    try {
      await runCron();
    } finally {
      await sql`alter table clients drop constraint refuses_one_name`;
    }
    expect(await clientOf(unfit)).toBeNull();
    const [setAside] = await sql<{ unmatched: Date | null }[]>`select client_unmatched_at as unmatched from appointments where id = ${unfit}`;
    expect(setAside!.unmatched).toEqual(expect.any(Date));
    expect(await clientOf(fine)).toBe((await clients(owner)).find((client) => client.name === "Eva Nová")?.id);
  });
});
