import { afterAll, describe, expect, it } from "vitest";
import { clientMessaging } from "../../worker/clients/messaging/compose.ts";
import { acceptOffer } from "../../worker/clients/outreach/answers.ts";
import { fillGaps } from "../../worker/clients/outreach/engine.ts";
import { sql } from "./auth-helpers.ts";
import { ACCOUNT, cron, dayAhead, live, mobile, request, smsTo, texting, twilioPost } from "./messaging-helpers.ts";

afterAll(() => sql.end());

const SHIFT = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "18:00" };
const EVERY_DAY = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, SHIFT]));

/** A texting salon with outreach on, its stylist working every day, and a way to put clients on its waitlist. */
async function outreachSalon(settings: { sms_round?: number } = {}) {
  const salon = await texting();
  await sql`update stylists set working_hours = ${sql.json(EVERY_DAY)} where id = ${salon.stylist}`;
  await sql`update outreach_settings set enabled = true, sms_round = ${settings.sms_round ?? 2} where salon_id = ${salon.salonId}`;
  const wait = async (wish: { name: string; phone?: string; language?: string; stylist?: string | null; weekdays?: number[]; from?: string; until?: string }) => {
    const phone = wish.phone ?? mobile();
    const [entry] = await sql<{ id: string }[]>`
      insert into client_waitlist (salon_id, name, phone, language, stylist_id, weekdays, from_time, until_time, from_date, until_date, source)
      values (${salon.salonId}, ${wish.name}, ${phone}, ${wish.language ?? "cs"}, ${wish.stylist ?? null},
        (select array_agg(d::smallint) from jsonb_array_elements_text(${sql.json(wish.weekdays ?? [1, 2, 3, 4, 5, 6, 7])}) d),
        ${wish.from ?? "08:00"}, ${wish.until ?? "19:00"}, current_date, current_date + 60, 'dashboard')
      returning id`;
    await sql`insert into client_waitlist_services (salon_id, entry_id, service_id, position) values (${salon.salonId}, ${entry!.id}, ${salon.service}, 0)`;
    return { id: entry!.id, phone };
  };
  const reply = (from: string, Body: string) =>
    twilioPost("/api/telephony/twilio/messaging", { AccountSid: ACCOUNT, MessageSid: "SM" + crypto.randomUUID().replaceAll("-", ""), From: from, To: salon.number, Body });
  const cancel = async (id: string) => {
    const response = await request(`/api/dashboard/appointments/${id}`, { method: "DELETE", headers: salon.owner.headers });
    expect(response.status).toBe(204);
  };
  const attempts = () =>
    sql<{ phone: string; channel: string; status: string; reason: string | null; entry_id: string | null }[]>`
      select phone, channel, status, reason, entry_id from outreach_attempts where salon_id = ${salon.salonId} order by created_at, phone`;
  const slots = () => sql<{ id: string; status: string; trigger: string }[]>`select id, status, trigger from outreach_slots where salon_id = ${salon.salonId} order by created_at`;
  return { ...salon, wait, reply, cancel, attempts, slots };
}

/** The text of a TwiML <Message> answer. */
const answerOf = (twiml: string) => /<Message>([\s\S]*)<\/Message>/.exec(twiml)?.[1]?.replaceAll("&apos;", "'") ?? "";

describe("outreach", () => {
  it("offers a cancelled time by text to the best waiting clients; the first YES books it and a second YES hears it is taken", async () => {
    const salon = await outreachSalon();
    const start = dayAhead(10);
    const early = await salon.wait({ name: "Eva Dvořáková" });
    const forJana = await salon.wait({ name: "Lena Vogel", language: "de", stylist: salon.stylist });
    const evenings = await salon.wait({ name: "Pozdní Večer", from: "17:00", until: "19:00" });
    const id = await salon.book(start);
    await salon.cancel(id);

    // Who asked for this stylist comes first, then who joined first; a client whose hours do not fit is not asked.
    const offered = await salon.attempts();
    expect(offered.map((a) => [a.phone, a.channel, a.status])).toEqual(
      [[early.phone, "sms", "offered"], [forJana.phone, "sms", "offered"]].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(offered.some((a) => a.phone === evenings.phone)).toBe(false);
    const [czech] = await smsTo(early.phone);
    expect(czech!.from).toBe(salon.number);
    expect(czech!.body).toMatch(/^Salon Jana: Uvolnil se termín – .+ v 10:00, Jana Nováková \(Haircut\)\. Chcete ho\? Odpovězte ANO/);
    const [german] = await smsTo(forJana.phone);
    expect(german!.body).toMatch(/^Salon Jana: Ein Termin ist frei geworden – .+ um 10:00 bei Jana Nováková \(Haircut\)\. Antworten Sie JA/);

    // Both answer at once: one has the time, the other hears in their language that it went.
    const [first, second] = await Promise.all([salon.reply(early.phone, "Ano"), salon.reply(forJana.phone, "ja!")]);
    const answers = [answerOf(first!.text), answerOf(second!.text)];
    const won = answers.findIndex((text) => /Termín je váš|Der Termin gehört Ihnen/.test(text));
    expect(won).toBeGreaterThanOrEqual(0);
    expect(answers[1 - won]).toMatch(won === 0 ? /Leider war jemand schneller/ : /Bohužel byl někdo rychlejší/);
    const winner = won === 0 ? early : forJana;

    const booked = await sql<{ id: string; source: string; customer_phone: string; start_at: Date; client_id: string | null }[]>`
      select id, source, customer_phone, start_at, client_id from appointments where salon_id = ${salon.salonId} and status = 'booked'`;
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ source: "outreach", customer_phone: winner.phone, start_at: start });
    expect(booked[0]!.client_id).not.toBeNull();
    // The offer is on the client's record.
    const record = await salon.owner.call(`/api/dashboard/clients/${booked[0]!.client_id}`);
    expect(record.json.offers).toMatchObject([{ channel: "sms", status: "accepted", stylist_name: "Jana Nováková", start_datetime: start.toISOString() }]);
    const [entry] = await sql<{ status: string }[]>`select status from client_waitlist where id = ${winner.id}`;
    expect(entry!.status).toBe("booked");
    expect((await salon.slots()).map((s) => [s.trigger, s.status])).toEqual([["cancelled", "filled"]]);
    expect((await salon.attempts()).map((a) => a.status).sort()).toEqual(["accepted", "taken"]);
    // The answer to the YES is the booking's one text: when and with whom, and the link to change or cancel it.
    expect(answers[won]).toMatch(/^Salon Jana: (Termín je váš – .+ v 10:00, Haircut \(Jana Nováková\)\. Dlouhá 12, 110 00 Praha\. Těšíme se na vás! Potřebujete termín změnit nebo zrušit\?|Der Termin gehört Ihnen – .+ um 10:00, Haircut bei Jana Nováková\. Dlouhá 12, 110 00 Praha\. Bis dann! Sie möchten den Termin ändern oder absagen\?) http:\/\/app\.test\/(cs|de)\/visit\/[\w-]{43}$/);
    expect((await smsTo(winner.phone)).map((m) => m.body)).toEqual([expect.stringMatching(/Uvolnil se termín|Ein Termin ist frei geworden/)]);
    expect((await salon.messagesOf(booked[0]!.id)).map((m) => m.channel)).toEqual(["email"]);

    // A later YES from the loser is still a polite no, and the winner's repeated YES still has the time.
    expect(answerOf((await salon.reply(winner === early ? forJana.phone : early.phone, "YES")).text)).toMatch(/schneller|rychlejší/);
    expect(answerOf((await salon.reply(winner.phone, "yes")).text)).toMatch(/Termín je váš|Der Termin gehört Ihnen/);
  });

  it("confirms by SMS a time a client took on an offer call", async () => {
    const salon = await outreachSalon();
    const client = mobile();
    const start = dayAhead(16);
    const end = new Date(start.getTime() + 45 * 60_000);
    const [slot] = await sql<{ id: string }[]>`
      insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger) values (${salon.salonId}, ${salon.stylist}, ${start}, ${end}, 'cancelled') returning id`;
    const [attempt] = await sql<{ id: string }[]>`
      insert into outreach_attempts (salon_id, slot_id, name, phone, language, channel, start_at, end_at, service_ids, expires_at)
      values (${salon.salonId}, ${slot!.id}, 'Eva Malá', ${client}, 'cs', 'call', ${start}, ${end}, ${sql.json([salon.service])}, now() + interval '15 minutes')
      returning id`;
    const accepted = await salon.inSalon((scope) => acceptOffer(scope, clientMessaging(live), attempt!.id));
    expect(accepted.outcome).toBe("booked");
    const appointment = accepted.outcome === "booked" ? accepted.appointment.id : "";
    expect((await salon.messagesOf(appointment)).map((m) => [m.channel, m.recipient, m.state])).toContainEqual(["sms", client, "queued"]);
  });

  it("answers a YES after the offer ran out politely, takes a NO, and leaves STOP and START as they were", async () => {
    const salon = await outreachSalon({ sms_round: 1 });
    const client = await salon.wait({ name: "Tom Reed", language: "en" });
    await salon.cancel(await salon.book(dayAhead(11)));
    await sql`update outreach_attempts set expires_at = now() - interval '1 minute' where salon_id = ${salon.salonId}`;
    expect(answerOf((await salon.reply(client.phone, "Yes")).text)).toBe("Salon Jana: sorry, this offer has run out. You stay on our waiting list and we'll text you when another time comes free.");
    expect(await sql`select id from appointments where salon_id = ${salon.salonId} and status = 'booked'`).toHaveLength(0);

    const other = await salon.wait({ name: "Nora Kim", language: "en" });
    await sql`update outreach_slots set next_step_at = now() where salon_id = ${salon.salonId}`;
    await cron();
    const [offer] = (await salon.attempts()).filter((a) => a.phone === other.phone);
    expect(offer).toMatchObject({ channel: "sms", status: "offered" });
    expect(answerOf((await salon.reply(other.phone, "no")).text)).toBe("Salon Jana: no problem – you stay on our waiting list.");
    expect((await salon.attempts()).find((a) => a.phone === other.phone)!.status).toBe("declined");

    // With no offer out to a number, YES is what it always was: START.
    const stranger = mobile();
    const optOuts = () => sql`select address from message_opt_outs where salon_id = ${salon.salonId} and address = ${stranger}`;
    await salon.reply(stranger, "STOP");
    expect(await optOuts()).toHaveLength(1);
    expect((await salon.reply(stranger, "yes")).text).toContain("<Message>");
    expect(await optOuts()).toHaveLength(0);
  });

  it("keeps its rules: an invalid or opted-out number is skipped with the reason, one offer a client a day, nothing when switched off", async () => {
    const salon = await outreachSalon({ sms_round: 3 });
    const invalid = await salon.wait({ name: "Bad Number", phone: "+4201234567" });
    const opted = await salon.wait({ name: "Opted Out" });
    await sql`insert into message_opt_outs (salon_id, channel, address) values (${salon.salonId}, 'sms', ${opted.phone})`;
    const good = await salon.wait({ name: "Good Number" });
    await salon.cancel(await salon.book(dayAhead(12)));
    const offers = await salon.attempts();
    expect(offers.find((a) => a.phone === invalid.phone)).toMatchObject({ status: "skipped", reason: "invalid_number" });
    expect(offers.find((a) => a.phone === opted.phone)).toMatchObject({ status: "skipped", reason: "opted_out" });
    expect(offers.find((a) => a.phone === good.phone)).toMatchObject({ status: "offered" });
    expect(await smsTo(opted.phone)).toHaveLength(0);

    // The same client is not offered a second time on the same day.
    await salon.cancel(await salon.book(new Date(dayAhead(12).getTime() + 3 * 3_600_000)));
    expect((await salon.attempts()).filter((a) => a.phone === good.phone && a.status !== "skipped")).toHaveLength(1);

    await sql`update outreach_settings set enabled = false where salon_id = ${salon.salonId}`;
    const before = (await salon.attempts()).length;
    await salon.cancel(await salon.book(dayAhead(13)));
    expect(await salon.attempts()).toHaveLength(before);
  });

  it("with the owner's switch on, also offers the time to a regular due for their usual service who agreed to hear from the salon", async () => {
    const salon = await outreachSalon({ sms_round: 3 });
    await sql`update outreach_settings set include_regulars = true where salon_id = ${salon.salonId}`;
    /** A client who came twice, about six and twelve weeks ago, for a haircut. */
    let day = 40;
    const regular = async (name: string, consent: boolean) => {
      const phone = mobile();
      for (const weeks of [6, 12]) {
        // Booked on a free day ahead, then moved into the past, where the dashboard does not book.
        const ahead = day++;
        const id = await salon.book(dayAhead(ahead), { customer_name: name, customer_phone: phone });
        const back = ahead + weeks * 7 + (ahead - 40);
        await sql`update appointments set start_at = start_at - make_interval(days => ${back}), end_at = end_at - make_interval(days => ${back}) where id = ${id}`;
      }
      await sql`update clients set marketing_consent = ${consent} where id = (select client_id from client_phones where salon_id = ${salon.salonId} and phone = ${phone})`;
      return phone;
    };
    const agreed = await regular("Stálá Klientka", true);
    const silent = await regular("Tichá Klientka", false);
    const booked = await regular("Už Objednaná", true);
    await salon.book(dayAhead(30), { customer_name: "Už Objednaná", customer_phone: booked });
    const waiting = await salon.wait({ name: "Čekající" });

    await salon.cancel(await salon.book(dayAhead(9)));
    const offered = (await salon.attempts()).map((a) => [a.phone, a.entry_id === null ? "regular" : "waitlist"]);
    // Who waits comes first; of the regulars, only the one due, with no visit booked, who agreed.
    expect(offered).toEqual(expect.arrayContaining([[waiting.phone, "waitlist"], [agreed, "regular"]]));
    expect(offered).toHaveLength(2);
    expect(offered.some(([phone]) => phone === silent || phone === booked)).toBe(false);
    // In the owner's language: the regular's own is not known.
    expect((await smsTo(agreed)).map((m) => m.body)).toContainEqual(expect.stringMatching(/^Salon Jana: a time has come free – .+ at 10:00 AM with Jana Nováková \(Haircut\)\./));
  });

  it("stops offering a time someone booked meanwhile, and Fill gaps offers a day's free stretches", async () => {
    const salon = await outreachSalon({ sms_round: 1 });
    const client = await salon.wait({ name: "Eva Dvořáková" });
    const start = dayAhead(14);
    await salon.cancel(await salon.book(start));
    // The owner books the whole freed time for someone else; the next step closes the slot, and a late YES hears it went.
    await salon.book(start, { customer_name: "Walk In", customer_phone: mobile() });
    await sql`update outreach_slots set next_step_at = now() where salon_id = ${salon.salonId}`;
    await cron();
    expect((await salon.slots()).map((s) => s.status)).toEqual(["taken"]);
    expect(answerOf((await salon.reply(client.phone, "ano")).text)).toMatch(/Bohužel byl někdo rychlejší/);

    const day = new Date(dayAhead(15)).toISOString().slice(0, 10);
    const second = await salon.wait({ name: "Druhá Klientka" });
    // Fill gaps runs at the moment of Eva's offer, so its "today" is the day she was offered on
    // even when the test runs across midnight on the salon's clock.
    const [{ offeredAt }] = await sql<[{ offeredAt: Date }]>`select max(created_at) as "offeredAt" from outreach_attempts where salon_id = ${salon.salonId}`;
    const { result, queued } = await salon.inSalon((scope) => fillGaps(scope, clientMessaging(live), day, offeredAt));
    // 09:00–13:00 and 14:00–18:00 are free: of two stretches, one is offered to the one client not yet offered anything today.
    expect(result).toEqual({ free: 2, slots: 1, offers: 1, offered_before: 0, held: null });
    expect(queued).toHaveLength(1);
    expect((await salon.slots()).filter((s) => s.trigger === "fill_gaps")).toHaveLength(2);
    expect((await salon.attempts()).filter((a) => a.phone === second.phone)).toHaveLength(1);
  });

  it("Fill gaps during the quiet hours says when the free times will go, and they go then", async () => {
    const salon = await outreachSalon({ sms_round: 1 });
    const client = await salon.wait({ name: "Eva Dvořáková" });
    // Quiet hours from an hour ago to two hours ahead on the salon's clock, whatever the hour the test runs at.
    const [clock] = await sql<{ start: string; end: string }[]>`
      select to_char((now() at time zone s.time_zone) - interval '1 hour', 'HH24:MI') as start,
             to_char((now() at time zone s.time_zone) + interval '2 hours', 'HH24:MI') as end
      from salons s where s.id = ${salon.salonId}`;
    await sql`update message_settings set quiet_start = ${clock!.start}, quiet_end = ${clock!.end} where salon_id = ${salon.salonId}`;
    const day = new Date(dayAhead(17)).toISOString().slice(0, 10);

    const { result, queued } = await salon.inSalon((scope) => fillGaps(scope, clientMessaging(live), day));
    expect(result).toMatchObject({ free: 2, slots: 0, offers: 0, offered_before: 0, held: { by: "quiet_hours" } });
    expect(queued).toEqual([]);
    const [salonClock] = await sql<{ zone: string }[]>`select time_zone as zone from salons where id = ${salon.salonId}`;
    const until = new Date(result.held!.until);
    expect(until.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat("en-GB", { timeZone: salonClock!.zone, hour: "2-digit", minute: "2-digit" }).format(until)).toBe(clock!.end);
    expect(await smsTo(client.phone)).toEqual([]);

    // When the quiet hours end, the cron offers the free time.
    await sql`update message_settings set quiet_start = '00:00', quiet_end = '00:00' where salon_id = ${salon.salonId}`;
    await sql`update outreach_slots set next_step_at = now() where salon_id = ${salon.salonId}`;
    await cron();
    expect(await smsTo(client.phone)).toHaveLength(1);
  });

  it("Fill gaps pressed again on later days offers a waiting client no time they were offered before, and leaves no empty slot for it", async () => {
    const salon = await outreachSalon({ sms_round: 1 });
    const client = await salon.wait({ name: "Eva Dvořáková" });
    const day = new Date(dayAhead(16)).toISOString().slice(0, 10);
    const press = () => salon.inSalon((scope) => fillGaps(scope, clientMessaging(live), day));
    /** A day passes: the offers ran out unanswered and the slots ended, so the client may hear from the salon again. */
    const nextDay = async () => {
      await sql`update outreach_slots set status = 'expired', closed_at = now() where salon_id = ${salon.salonId} and status = 'open'`;
      await sql`update outreach_attempts set status = 'expired', created_at = created_at - interval '1 day' where salon_id = ${salon.salonId}`;
    };
    const offeredStarts = async () =>
      (await sql<{ start_at: Date }[]>`select start_at from outreach_attempts where salon_id = ${salon.salonId} and phone = ${client.phone} order by created_at`).map((a) =>
        a.start_at.toISOString(),
      );

    // One offer a client a day: the morning goes to her, the afternoon waits.
    expect((await press()).result).toEqual({ free: 2, slots: 1, offers: 1, offered_before: 0, held: null });
    const [morning] = await offeredStarts();
    await nextDay();
    // The morning she was offered is not offered again; the afternoon is.
    expect((await press()).result).toEqual({ free: 2, slots: 1, offers: 1, offered_before: 1, held: null });
    const starts = await offeredStarts();
    expect(starts).toHaveLength(2);
    expect(starts[1]).not.toBe(morning);
    await nextDay();
    const slotsBefore = (await salon.slots()).length;
    expect((await press()).result).toEqual({ free: 2, slots: 0, offers: 0, offered_before: 2, held: null });
    expect(await offeredStarts()).toHaveLength(2);
    expect(await salon.slots()).toHaveLength(slotsBefore);
  });
});
