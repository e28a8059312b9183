import { afterAll, describe, expect, inject, it } from "vitest";
import { receivedMail, sendInboundSms, sentMessages } from "../fakes/messaging-controls.ts";
import { accessibilityProblems } from "./axe.ts";
import { screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { nextMonday } from "./call-api.ts";
import { sql } from "./database.ts";
import { base, CALLER, openStream, ring, salonWithNumber } from "./phone-line.ts";

// What a salon's client hears of their appointments, end to end: the receptionist books on a
// phone call, the client gets an SMS (Twilio's fake) and an email (Resend's fake) in their
// language, the link in it moves the visit within the salon's notice, a reminder goes once
// however often the cron runs, and a reply STOP ends the SMS.

const browser = useBrowser();
afterAll(() => sql.end());

const twilio = inject("twilioRestUrl");
const resend = inject("resendUrl");

const smsTo = async (to: string) => (await sentMessages(twilio)).filter((m) => m.to === to);
const mailTo = async (to: string) => (await receivedMail(resend)).filter((m) => [m.body.to].flat().includes(to));

interface Row {
  id: string;
  kind: string;
  channel: string;
  state: string;
  skip_reason: string | null;
  language: string;
  body: string;
}
const messagesOf = (appointmentId: string) =>
  sql<Row[]>`select id, kind, channel, state, skip_reason, language, body from client_messages where appointment_id = ${appointmentId} order by created_at, channel`;

/** The rows of the appointment once `ready` holds for them. */
async function messagesWhen(appointmentId: string, ready: (rows: Row[]) => boolean): Promise<Row[]> {
  let rows: Row[] = [];
  await expect.poll(async () => ready((rows = await messagesOf(appointmentId))), { interval: 100 }).toBe(true);
  return rows;
}

/** Runs the Worker's cron, as Cloudflare's scheduler would. */
const runCron = async () => expect((await fetch(`${base}/__scheduled`)).status).toBe(200);

describe("a client's confirmations and reminders", () => {
  it("are sent once in the client's language, link to moving the visit within the notice, remind once however often the cron runs, and stop at STOP", async () => {
    const salon = await salonWithNumber();
    const email = `greta-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // Whatever the hour the test runs at, no quiet hours hold messages back.
    await sql`update message_settings set quiet_start = '00:00', quiet_end = '00:00'
              where salon_id = (select s.id from salons s join users u on u.id = s.owner_id where u.email = ${salon.owner.email})`;

    // Greta is a client the salon knows, with her email.
    const [stylist] = (await salon.owner.call("/api/dashboard/stylists", { method: "GET" })).json as unknown as { id: string }[];
    const haircut = ((await salon.owner.call("/api/dashboard/services", { method: "GET" })).json as unknown as { id: string; name: string }[]).find((s) => s.name === "Haircut")!;
    const earlier = await salon.owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Greta Vogel",
        customer_phone: "603 111 222",
        stylist: stylist!.id,
        start_datetime: `${nextMonday()}T14:00:00Z`,
        end_datetime: `${nextMonday()}T14:45:00Z`,
        services: [{ service: haircut.id, price_at_booking: null, duration_at_booking: null }],
      },
    });
    expect(earlier.status).toBe(201);
    const [client] = await sql<{ id: string }[]>`select client_id as id from appointments where id = ${earlier.json.id as string}`;
    expect((await salon.owner.call(`/api/dashboard/clients/${client!.id}`, { method: "PUT", body: { email } })).status).toBe(200);
    const textsBefore = (await smsTo(CALLER)).length;

    // She calls and books in German: the receptionist's tools book, and she is told in German.
    const call = await ring(salon);
    await call.model.received("response.create");
    const phone = await openStream(call);
    call.model.speak("item_greeting", "Dobrý den, salon Jana, jak vám mohu pomoci?", 400, { done: true });
    await phone.waitFor(() => phone.heardMs >= 400);
    call.model.send({
      type: "conversation.item.input_audio_transcription.completed",
      item_id: "item_greta",
      content_index: 0,
      transcript: "Guten Tag, ich möchte bitte einen Haarschnitt am Montag um zehn Uhr buchen.",
    });
    // The model is told she speaks German before it books.
    expect(JSON.stringify(await call.model.received("conversation.item.create"))).toContain("The caller is now speaking German.");
    const monday = nextMonday();
    const booked = (await call.model.callTool("book_appointment", { customer_name: "Greta Vogel", services: ["Haircut"], start: `${monday} 10:00` })) as { booked: boolean };
    expect(booked).toMatchObject({ booked: true });
    phone.hangUp();
    await call.model.closed();

    const [appointment] = await sql<{ id: string }[]>`select id from appointments where client_id = ${client!.id} and source = 'voice'`;
    const confirmations = await messagesWhen(appointment!.id, (rows) => rows.length === 2 && rows.every((r) => ["sent", "delivered"].includes(r.state)));
    expect(confirmations.map((r) => [r.kind, r.channel, r.language])).toEqual([
      ["booked", "email", "de"],
      ["booked", "sms", "de"],
    ]);
    const sms = confirmations.find((r) => r.channel === "sms")!;
    expect(sms.body).toMatch(/^Salon [\w-]+: Ihr Termin ist gebucht – .+ um 10:00, Haircut bei Jana Nováková\. .*http:\/\/127\.0\.0\.1:\d+\/de\/visit\/[\w-]{43} Keine SMS mehr\? Antworten Sie STOP\.$/);
    // Exactly one of each reached the providers; Twilio's delivery report came back to the Worker.
    expect((await smsTo(CALLER)).slice(textsBefore).map((m) => m.body)).toEqual([sms.body]);
    expect((await mailTo(email)).map((m) => m.body.subject)).toEqual([expect.stringMatching(/^Salon [\w-]+: Termin bestätigt – /)]);
    await messagesWhen(appointment!.id, (rows) => rows.find((r) => r.channel === "sms")?.state === "delivered");

    // The link in her SMS opens her appointment in German, on her phone, and moves it an hour later.
    const link = /(http:\/\/\S+\/de\/visit\/[\w-]{43})/.exec(sms.body)![1]!;
    const { page } = await browser.visitor({ viewport: VIEWPORTS.phone });
    await page.goto(link);
    await page.getByRole("heading", { name: "Ihr Termin", exact: true }).waitFor();
    await page.getByRole("button", { name: "Termin verschieben" }).click();
    const dayName = new Intl.DateTimeFormat("de", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${monday}T12:00:00Z`));
    await page.getByRole("group", { name: "Tage" }).getByRole("button", { name: dayName }).click();
    await page.getByRole("group", { name: `Freie Zeiten am ${dayName}` }).getByRole("button", { name: "11:00", exact: true }).click();
    await page.getByRole("button", { name: /^Auf .+ verschieben$/ }).click();
    await page.getByRole("heading", { name: "Ihr Termin wurde verschoben" }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, "client-link-moved-de-390");
    const [moved] = await sql<{ start_at: Date }[]>`select start_at from appointments where id = ${appointment!.id}`;
    expect(moved!.start_at.toISOString()).toBe(`${monday}T10:00:00.000Z`);
    const afterMove = await messagesWhen(appointment!.id, (rows) => rows.some((r) => r.kind === "moved" && r.channel === "sms" && r.state === "delivered"));
    expect(afterMove.find((r) => r.kind === "moved" && r.channel === "sms")!.body).toMatch(/Ihr Termin wurde verschoben – neu am .+ um 11:00/);

    // A day before the visit, the cron reminds her once, though it runs twice at once and again.
    const start = new Date(Date.now() + 20 * 3_600_000);
    await sql`update appointments set start_at = ${start}, end_at = ${new Date(start.getTime() + 45 * 60_000)}, updated_at = now() - interval '3 days' where id = ${appointment!.id}`;
    await Promise.all([runCron(), runCron()]);
    await runCron();
    const withReminders = await messagesWhen(appointment!.id, (rows) => rows.filter((r) => r.kind === "reminder" && ["sent", "delivered"].includes(r.state)).length === 2);
    expect(withReminders.filter((r) => r.kind === "reminder").map((r) => r.channel)).toEqual(["email", "sms"]);
    expect((await smsTo(CALLER)).filter((m) => m.body.includes("Wir erinnern Sie an Ihren Termin"))).toHaveLength(1);
    expect((await mailTo(email)).filter((m) => m.body.subject.includes("Ihr Termin am"))).toHaveLength(1);

    // Now inside the salon's 24 hours' notice, her link no longer moves it: it gives the salon's number.
    await page.goto(link);
    await page.getByRole("heading", { name: "Änderungen nur noch telefonisch" }).waitFor();
    await page.getByText("+420 222 111 000").first().waitFor();
    expect(await page.getByRole("button", { name: "Termin verschieben" }).count()).toBe(0);

    // She replies STOP: Twilio posts it to the salon's number's webhook, the Worker confirms in German…
    const stop = await sendInboundSms(twilio, { from: CALLER, to: salon.number, body: "STOP", url: `${base}/api/telephony/twilio/messaging` });
    expect(stop.answered).toBe(200);
    expect(stop.answer).toContain("Sie erhalten von dieser Nummer keine SMS mehr.");
    // …and her next booking's confirmation comes by email only.
    const texts = (await smsTo(CALLER)).length;
    const later = await salon.owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Greta Vogel",
        customer_phone: CALLER,
        stylist: stylist!.id,
        start_datetime: `${monday}T15:00:00Z`,
        end_datetime: `${monday}T15:45:00Z`,
        services: [{ service: haircut.id, price_at_booking: null, duration_at_booking: null }],
      },
    });
    expect(later.status).toBe(201);
    const afterStop = await messagesWhen(later.json.id as string, (rows) => rows.some((r) => r.channel === "email" && r.state !== "queued" && r.state !== "sending"));
    expect(afterStop.find((r) => r.channel === "sms")).toMatchObject({ state: "skipped", skip_reason: "opted_out" });
    expect((await smsTo(CALLER)).length).toBe(texts);
  });
});
