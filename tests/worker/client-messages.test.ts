import { afterAll, describe, expect, it } from "vitest";
import { afterQuietHours, clientMessaging, queueVisitMessages } from "../../worker/clients/messaging/compose.ts";
import { sql } from "./auth-helpers.ts";
import { runJobAt } from "./cron-helpers.ts";
import { ACCOUNT, TWILIO, cron, dayAhead, emailsTo, fake, live, request, smsTo, texting, twilioPost } from "./messaging-helpers.ts";

afterAll(() => sql.end());

describe("confirmations", () => {
  it("confirm a booking by SMS and email in the client's language, each sent once, with the salon's details and a link to manage it", async () => {
    const salon = await texting();
    const first = await salon.book(dayAhead(10));
    // The first booking made the client; she has no email yet, so only an SMS goes, in the owner's language.
    expect((await salon.messagesOf(first)).map((m) => [m.channel, m.state, m.skip_reason, m.language])).toEqual([
      ["email", "skipped", "no_recipient", "en"],
      ["sms", "sent", null, "en"],
    ]);

    await salon.knowClient(first);
    const second = await salon.book(dayAhead(12));
    const [email, sms] = await salon.messagesOf(second);
    expect(sms).toMatchObject({ kind: "booked", state: "sent", language: "de", recipient: salon.phone });
    expect(sms!.body).toMatch(/^Salon Jana: Ihr Termin ist gebucht – .+ um 10:00, Haircut bei Jana Nováková\. Dlouhá 12, 110 00 Praha\. Sie möchten den Termin ändern oder absagen\? http:\/\/app\.test\/de\/visit\/[\w-]{43} Keine SMS mehr\? Antworten Sie STOP\.$/);
    expect(email).toMatchObject({ kind: "booked", state: "sent", language: "de", recipient: salon.email });
    expect(email!.subject).toMatch(/^Salon Jana: Termin bestätigt – /);

    const texts = await smsTo(salon.phone);
    expect(texts.map((t) => t.body)).toEqual([(await salon.messagesOf(first)).find((m) => m.channel === "sms")!.body, sms!.body]);
    expect(texts.every((t) => t.from === salon.number)).toBe(true);
    const [mail] = await emailsTo(salon.email);
    expect(mail!.idempotencyKey).toBe(email!.id);
    expect(mail!.body.from).toBe('"Salon Jana" <hello@example.com>');
    expect(mail!.body.text).toContain("Hallo Lena,");
    expect(mail!.body.text).toContain("Wo: Salon Jana, Dlouhá 12, 110 00 Praha");
    expect(mail!.body.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.body.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/app\.test\/api\/unsubscribe\/[\w-]{43}>$/);
  });

  it("tell the client of a move and a cancellation, but not of a new note; a cancelled visit's reminder never goes", async () => {
    const salon = await texting();
    const id = await salon.book(dayAhead(10));
    const headers = { ...salon.owner.headers, "content-type": "application/json" };
    const body = (start: Date, notes: string | null = null) =>
      JSON.stringify({
        customer_name: "Lena Vogel",
        customer_phone: salon.phone,
        stylist: salon.stylist,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 45 * 60_000).toISOString(),
        notes,
        services: [{ service: salon.service, price_at_booking: null, duration_at_booking: null }],
      });
    expect((await request(`/api/dashboard/appointments/${id}`, { method: "PUT", headers, body: body(dayAhead(10), "Bring photos") })).status).toBe(200);
    expect((await salon.messagesOf(id)).map((m) => m.kind)).toEqual(["booked", "booked"]);

    const later = new Date(dayAhead(10).getTime() + 2 * 3_600_000);
    expect((await request(`/api/dashboard/appointments/${id}`, { method: "PUT", headers, body: body(later) })).status).toBe(200);
    const moved = (await salon.messagesOf(id)).find((m) => m.kind === "moved" && m.channel === "sms");
    expect(moved?.body).toMatch(/^Salon Jana: your appointment has moved to .+ at 12:00 PM, Haircut with Jana Nováková\./);

    // A reminder waiting to go is dropped with the visit.
    await sql`insert into client_messages (salon_id, appointment_id, kind, channel, dedupe_key, language, recipient, body, due_at)
              values (${salon.salonId}, ${id}, 'reminder', 'sms', 'test', 'en', ${salon.phone}, 'Reminder', now() + interval '1 day')`;
    expect((await request(`/api/dashboard/appointments/${id}`, { method: "DELETE", headers: salon.owner.headers })).status).toBe(204);
    const after = await salon.messagesOf(id);
    expect(after.find((m) => m.kind === "reminder")).toMatchObject({ state: "skipped", skip_reason: "cancelled" });
    expect(after.find((m) => m.kind === "cancelled" && m.channel === "sms")).toMatchObject({ state: "sent" });
    expect(after.find((m) => m.kind === "cancelled" && m.channel === "sms")!.body).toMatch(/is cancelled\. To book again, call \+420 222 333 444\./);
  });

  it("skip what cannot or may not be sent, and say why", async () => {
    const salon = await texting();
    const landline = await salon.book(dayAhead(10), { customer_name: "Pevná Linka", customer_phone: "+420 222 111 000" });
    expect((await salon.messagesOf(landline)).find((m) => m.channel === "sms")).toMatchObject({ state: "skipped", skip_reason: "not_mobile" });
    // A phone left empty in the dashboard's form is no number.
    const nobody = await salon.book(dayAhead(11), { customer_name: "Bez Čísla", customer_phone: "" });
    expect((await salon.messagesOf(nobody)).map((m) => m.skip_reason)).toEqual(["no_recipient", "no_recipient"]);

    // A visit moved back and forth all day: five confirmations a day by each channel, then no more.
    const restless = await salon.book(dayAhead(13));
    for (let move = 1; move <= 5; move++) {
      const start = new Date(dayAhead(13).getTime() + move * 3_600_000);
      const moved = await request(`/api/dashboard/appointments/${restless}`, {
        method: "PUT",
        headers: { ...salon.owner.headers, "content-type": "application/json" },
        body: JSON.stringify({
          customer_name: "Lena Vogel",
          customer_phone: salon.phone,
          stylist: salon.stylist,
          start_datetime: start.toISOString(),
          end_datetime: new Date(start.getTime() + 45 * 60_000).toISOString(),
          services: [{ service: salon.service, price_at_booking: null, duration_at_booking: null }],
        }),
      });
      expect(moved.status).toBe(200);
    }
    const texts = (await salon.messagesOf(restless)).filter((m) => m.channel === "sms");
    expect(texts.map((m) => m.skip_reason)).toEqual([null, null, null, null, null, "limit"]);

    await sql`update message_settings set sms_enabled = false where salon_id = ${salon.salonId}`;
    const off = await salon.book(dayAhead(12));
    expect((await salon.messagesOf(off)).find((m) => m.channel === "sms")).toMatchObject({ state: "skipped", skip_reason: "channel_off" });
  });
});

describe("reminders", () => {
  it("go once per appointment and channel at their time, even with the cron running twice at once", async () => {
    const salon = await texting();
    const start = new Date(Date.now() + 20 * 3_600_000);
    const id = await salon.book(dayAhead(20));
    await salon.knowClient(id);
    // Booked days ago for tomorrow: its 24-hour reminder is due now.
    await sql`update appointments set start_at = ${start}, end_at = ${new Date(start.getTime() + 45 * 60_000)}, updated_at = now() - interval '3 days' where id = ${id}`;

    await Promise.all([cron(), cron()]);
    await cron();
    const reminders = (await salon.messagesOf(id)).filter((m) => m.kind === "reminder");
    expect(reminders.map((m) => [m.channel, m.state])).toEqual([
      ["email", "sent"],
      ["sms", "sent"],
    ]);
    expect((await smsTo(salon.phone)).filter((m) => m.body.includes("Wir erinnern Sie an Ihren Termin"))).toHaveLength(1);
    expect((await emailsTo(salon.email)).filter((m) => m.body.subject.startsWith("Salon Jana: Ihr Termin am"))).toHaveLength(1);
  });

  it("are written once the cron's clock reaches their time, not before", async () => {
    const salon = await texting();
    const id = await salon.book(dayAhead(30));
    await salon.knowClient(id);
    const [{ start_at: start }] = await sql<[{ start_at: Date }]>`select start_at from appointments where id = ${id}`;
    const runAt = (at: Date) => runJobAt("reminders", at, live);
    const written = async () => (await salon.messagesOf(id)).filter((m) => m.kind === "reminder").length;

    // The salon reminds 24 hours ahead: a minute before that nothing is written, at that time both are.
    await runAt(new Date(start.getTime() - 24 * 3_600_000 - 60_000));
    expect(await written()).toBe(0);
    await runAt(new Date(start.getTime() - 24 * 3_600_000));
    expect(await written()).toBe(2);
  });

  it("wait for the salon's quiet hours to end, and are dropped when that would be after the visit", async () => {
    const prague = "Europe/Prague";
    const quiet = { quiet_start: "21:00", quiet_end: "08:00" };
    expect(afterQuietHours(new Date("2026-11-26T21:30:00Z"), prague, quiet).toISOString()).toBe("2026-11-27T07:00:00.000Z");
    expect(afterQuietHours(new Date("2026-11-27T05:10:00Z"), prague, quiet).toISOString()).toBe("2026-11-27T07:00:00.000Z");
    expect(afterQuietHours(new Date("2026-11-27T12:00:00Z"), prague, quiet).toISOString()).toBe("2026-11-27T12:00:00.000Z");
    // The night the clocks go back: 08:00 is then an hour later in UTC than the evening before.
    expect(afterQuietHours(new Date("2026-10-24T20:30:00Z"), prague, quiet).toISOString()).toBe("2026-10-25T07:00:00.000Z");
    // Quiet hours within a day (12:00–14:00 Prague): 11:30 goes, 12:30 waits for 14:00.
    expect(afterQuietHours(new Date("2026-11-27T10:30:00Z"), prague, { quiet_start: "12:00", quiet_end: "14:00" }).toISOString()).toBe("2026-11-27T10:30:00.000Z");
    expect(afterQuietHours(new Date("2026-11-27T11:30:00Z"), prague, { quiet_start: "12:00", quiet_end: "14:00" }).toISOString()).toBe("2026-11-27T13:00:00.000Z");

    const salon = await texting();
    await sql`update message_settings set quiet_start = '21:00', quiet_end = '08:00' where salon_id = ${salon.salonId}`;
    const id = await salon.book(dayAhead(10));
    await salon.knowClient(id);
    // A visit at 07:30 whose reminder falls at 22:00: the SMS could only go after it, so it does not; the email goes.
    const visit = new Date("2027-04-06T05:30:00Z");
    await sql`update appointments set start_at = ${visit}, end_at = ${new Date(visit.getTime() + 45 * 60_000)} where id = ${id}`;
    const queued = await salon.inSalon((scope) => queueVisitMessages(scope, clientMessaging(live), id, "reminder", new Date("2027-04-05T20:00:00Z")));
    const reminders = (await salon.messagesOf(id)).filter((m) => m.kind === "reminder");
    expect(reminders.map((m) => [m.channel, m.state, m.skip_reason])).toEqual([
      ["email", "queued", null],
      ["sms", "skipped", "too_late"],
    ]);
    expect(queued).toEqual([reminders[0]!.id]);
  });
});

describe("delivery", () => {
  it("never sends twice: an SMS whose sender died after Twilio took it is found there, an email goes again under its idempotency key", async () => {
    const salon = await texting();
    const id = await salon.book(dayAhead(10));
    await salon.knowClient(id);
    const queued = await salon.inSalon((scope) => queueVisitMessages(scope, clientMessaging(live), id, "reminder"));
    expect(queued).toHaveLength(2);
    await cron();
    const sent = (await salon.messagesOf(id)).filter((m) => m.kind === "reminder");
    expect(sent.map((m) => [m.channel, m.state, m.attempts])).toEqual([
      ["email", "sent", 1],
      ["sms", "sent", 1],
    ]);
    // As if the instance sending them had died after the providers took them, before it could write that down.
    await sql`update client_messages set state = 'sending', provider_id = null, sent_at = null, lease_until = now() - interval '1 second' where id in ${sql(queued)}`;

    await cron();
    const after = (await salon.messagesOf(id)).filter((m) => m.kind === "reminder");
    expect(after.map((m) => [m.channel, m.state, m.attempts, m.provider_id])).toEqual(sent.map((m) => [m.channel, "sent", 2, m.provider_id]));
    const [email, sms] = after;
    expect((await smsTo(salon.phone)).filter((m) => m.body === sms!.body)).toHaveLength(1);
    expect((await emailsTo(salon.email)).filter((m) => m.idempotencyKey === email!.id)).toHaveLength(1);
  });

  it("tries again after an outage, gives up after a bound, and stops at once when Twilio refuses the message itself", async () => {
    const salon = await texting();
    await fake(TWILIO, "/__message-failures", { status: 503, times: 5 });
    const id = await salon.book(dayAhead(10));
    const sms = () => salon.messagesOf(id).then((all) => all.find((m) => m.channel === "sms")!);
    expect(await sms()).toMatchObject({ state: "queued", attempts: 1 });
    expect((await sms()).due_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    for (let attempt = 2; attempt <= 5; attempt++) {
      await sql`update client_messages set due_at = now() - interval '1 second' where id = ${(await sms()).id}`;
      await cron();
      expect(await sms()).toMatchObject({ attempts: attempt, state: attempt < 5 ? "queued" : "failed" });
    }
    expect((await sms()).error).toMatch(/503/);

    // An invalid number Twilio refuses is failed at the first attempt.
    await sql`update client_messages set recipient = '+4207', state = 'queued', attempts = 0, due_at = now() where id = ${(await sms()).id}`;
    await cron();
    expect(await sms()).toMatchObject({ state: "failed", attempts: 1 });
  });

  it("records Twilio's delivery reports and the message's price", async () => {
    const salon = await texting();
    const id = await salon.book(dayAhead(10));
    const sms = (await salon.messagesOf(id)).find((m) => m.channel === "sms")!;
    // Twilio has delivered and rated it by the time its report comes.
    await expect.poll(async () => (await smsTo(salon.phone)).find((m) => m.sid === sms.provider_id)?.status, { timeout: 10_000 }).toBe("delivered");
    const path = `/api/telephony/twilio/message-status?message=${sms.id}`;
    const report = (MessageStatus: string, extra: Record<string, string> = {}) =>
      twilioPost(path, { AccountSid: ACCOUNT, MessageSid: sms.provider_id!, SmsSid: sms.provider_id!, MessageStatus, From: salon.number, To: salon.phone, ...extra });
    expect((await report("delivered")).status).toBe(204);
    // A late "sent" does not take it back.
    expect((await report("sent")).status).toBe(204);
    const [row] = await sql<{ state: string; price_usd: string | null }[]>`select state, price_usd from client_messages where id = ${sms.id}`;
    expect(row!.state).toBe("delivered");
    expect(Number(row!.price_usd)).toBeGreaterThan(0);

    const other = await salon.book(dayAhead(11));
    const failed = (await salon.messagesOf(other)).find((m) => m.channel === "sms")!;
    await twilioPost(`/api/telephony/twilio/message-status?message=${failed.id}`, {
      AccountSid: ACCOUNT, MessageSid: failed.provider_id!, MessageStatus: "undelivered", ErrorCode: "30003", From: salon.number, To: salon.phone,
    });
    expect((await salon.messagesOf(other)).find((m) => m.channel === "sms")).toMatchObject({ state: "failed", error: "Twilio error 30003" });

    // A report signed for another message's address, or not by Twilio, changes nothing.
    const forged = await request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "AAAA" }, body: "MessageStatus=failed" });
    expect(forged.status).toBe(403);
  });
});

describe("opting out", () => {
  it("a reply STOP (or Stopp, or Odhlásit) stops the salon's SMS to that number, confirmed in the client's language; START brings them back", async () => {
    const salon = await texting();
    const first = await salon.book(dayAhead(10));
    await salon.knowClient(first);
    const reply = (Body: string) => twilioPost("/api/telephony/twilio/messaging", { AccountSid: ACCOUNT, MessageSid: "SM" + "1".repeat(32), From: salon.phone, To: salon.number, Body });

    const stopped = await reply(" Stopp! ");
    expect(stopped.status).toBe(200);
    expect(stopped.text).toContain("<Message>Sie erhalten von dieser Nummer keine SMS mehr. Mit START bekommen Sie sie wieder.</Message>");
    const optedOut = await sql`select 1 from message_opt_outs where salon_id = ${salon.salonId} and channel = 'sms' and address = ${salon.phone}`;
    expect(optedOut).toHaveLength(1);
    const next = await salon.book(dayAhead(11));
    expect((await salon.messagesOf(next)).find((m) => m.channel === "sms")).toMatchObject({ state: "skipped", skip_reason: "opted_out" });
    expect((await salon.messagesOf(next)).find((m) => m.channel === "email")).toMatchObject({ state: "sent" });

    // Anything else is no instruction.
    expect((await reply("Stop by at 3?")).text).not.toContain("<Message>");
    const started = await reply("start");
    expect(started.text).toContain("<Message>Sie erhalten wieder SMS von dieser Nummer.");
    const again = await salon.book(dayAhead(12));
    expect((await salon.messagesOf(again)).find((m) => m.channel === "sms")).toMatchObject({ state: "sent" });
    // As Czech clients write it.
    expect((await reply("Odhlásit.")).text).toContain("<Message>Sie erhalten von dieser Nummer keine SMS mehr.");
  });
});
