import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { MESSAGE_SETTINGS_DEFAULTS } from "../../contract/client-messages.ts";
import { createApp } from "../../worker/app.ts";
import type { Bindings } from "../../worker/env.ts";
import { sql } from "./auth-helpers.ts";
import { czechSalon } from "./client-helpers.ts";
import { ok, refused } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

describe("message settings", () => {
  it("start at the defaults and keep what the owner saves", async () => {
    const owner = await signedInOwner();
    const settings = owner.api.dashboard["message-settings"];
    expect(await ok(settings.$get())).toEqual(MESSAGE_SETTINGS_DEFAULTS);

    const changed = { ...MESSAGE_SETTINGS_DEFAULTS, sms_enabled: false, reminder_hours: 48, quiet_start: "20:30", quiet_end: "07:45", cancellation_notice_hours: 12, sender_name: " Salon Anna " } as const;
    const expected = { ...changed, sender_name: "Salon Anna" };
    expect(await ok(settings.$put({ json: changed }))).toEqual(expected);
    expect(await ok(settings.$get())).toEqual(expected);

    const off = await ok(settings.$put({ json: { ...expected, reminder_hours: null, sender_name: "" } }));
    expect(off).toMatchObject({ reminder_hours: null, sender_name: null });
  });

  it("refuses what networks and the schedule cannot take, at the field, in the owner's language", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    const refused = await owner.call("/api/dashboard/message-settings", {
      method: "PUT",
      body: { ...MESSAGE_SETTINGS_DEFAULTS, reminder_hours: 5, quiet_start: "25:00", cancellation_notice_hours: 7, sender_name: "Salón Anna!" },
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.fields).toEqual({
      reminder_hours: "Wählen Sie, wann die Erinnerung verschickt wird, oder keine Erinnerung.",
      quiet_start: "Geben Sie eine Uhrzeit als HH:MM ein.",
      cancellation_notice_hours: "Wählen Sie eine der angebotenen Fristen.",
      sender_name: "Bis zu 11 Buchstaben, Ziffern und Leerzeichen, mindestens ein Buchstabe (ohne Umlaute).",
    });
    expect(await ok(owner.api.dashboard["message-settings"].$get())).toEqual(MESSAGE_SETTINGS_DEFAULTS);

    const czech = await signedInOwner({ "accept-language": "cs" });
    const long = await czech.call("/api/dashboard/message-settings", { method: "PUT", body: { ...MESSAGE_SETTINGS_DEFAULTS, sender_name: "Salon Anna Praha" } });
    expect(long.status).toBe(422);
    expect(long.json.fields).toHaveProperty("sender_name");
    expect(long.json.detail).toMatch(/[ěščřžýáíéů]/);
  });
});

/** A message of the appointment as the data layer writes one, in the given state. */
async function addMessage(salonId: string, appointmentId: string, values: Partial<Record<string, unknown>>) {
  const [row] = await sql<{ id: string }[]>`
    insert into client_messages ${sql({
      salon_id: salonId,
      appointment_id: appointmentId,
      kind: "booked",
      channel: "sms",
      dedupe_key: crypto.randomUUID(),
      language: "cs",
      recipient: "+420603111222",
      body: "Salon: rezervace potvrzena",
      ...values,
    })} returning id`;
  return row!.id;
}

describe("an appointment's messages", () => {
  it("are listed newest first with their state and cost, and each opens with its texts", async () => {
    const salon = await czechSalon();
    const appointment = await salon.book({ customer_name: "Petra", customer_phone: "603111222" });
    const sms = await addMessage(salon.salonId, appointment, { state: "delivered", price_usd: "0.0832", eur_per_usd: "0.92", segments: 1, created_at: new Date(Date.now() - 60_000), sent_at: new Date() });
    const email = await addMessage(salon.salonId, appointment, {
      channel: "email",
      recipient: null,
      state: "skipped",
      skip_reason: "no_recipient",
      subject: "Salon: rezervace potvrzena",
      body: "Dobrý den,\n\npotvrzujeme vaši rezervaci.",
    });

    const messages = salon.owner.api.dashboard["client-messages"];
    const listed = await ok(messages.$get({ query: { appointment } }));
    // Booking may have written confirmations of its own; these two are the ones put in place here.
    const items = listed.items.filter((m) => m.id === sms || m.id === email);
    expect(items.map((m) => [m.channel, m.state, m.skip_reason, m.price_usd, m.eur_per_usd])).toEqual([
      ["email", "skipped", "no_recipient", null, null],
      ["sms", "delivered", null, 0.0832, 0.92],
    ]);

    expect(await ok(messages[":id"].$get({ param: { id: email } }))).toMatchObject({ channel: "email", subject: "Salon: rezervace potvrzena", body: "Dobrý den,\n\npotvrzujeme vaši rezervaci.", language: "cs" });
  });

  it("are another salon's to read only by that salon", async () => {
    const salon = await czechSalon();
    const appointment = await salon.book({ customer_name: "Petra", customer_phone: "603111222" });
    const message = await addMessage(salon.salonId, appointment, {});
    const other = await signedInOwner({ "accept-language": "cs" });

    const theirs = other.api.dashboard["client-messages"];
    expect((await ok(theirs.$get({ query: { appointment } }))).items).toEqual([]);
    expect((await refused(theirs[":id"].$get({ param: { id: message } }), 404)).detail).toEqual(expect.any(String));
  });

  it("answer a bad id with 404 and a bad appointment with 422, never 500", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    expect((await owner.call(`/api/dashboard/client-messages/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await owner.call("/api/dashboard/client-messages/not-a-message")).status).toBe(404);
    const bad = await owner.call("/api/dashboard/client-messages?appointment=tomorrow");
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ appointment: "Wählen Sie einen Termin." });
    expect((await owner.call("/api/dashboard/client-messages")).status).toBe(422);
  });
});

describe("a client's page", () => {
  it("shows the numbers that replied STOP and the address that unsubscribed, and nobody else's", async () => {
    const salon = await czechSalon();
    const appointment = await salon.book({ customer_name: "Petra Nová", customer_phone: "603111222" });
    const [client] = await sql<{ id: string }[]>`select client_id as id from appointments where id = ${appointment}`;
    await sql`update clients set email = 'Petra@Example.cz' where id = ${client!.id}`;
    const stopped = new Date("2026-11-20T18:00:00Z");
    await sql`insert into message_opt_outs ${sql([
      { salon_id: salon.salonId, channel: "sms", address: "+420603111222", created_at: stopped },
      { salon_id: salon.salonId, channel: "email", address: "petra@example.cz", created_at: new Date("2026-11-21T08:00:00Z") },
      { salon_id: salon.salonId, channel: "sms", address: "+420603999888", created_at: stopped },
    ])}`;
    // The same address opted out of another salon's messages, which this salon's page does not show.
    const other = await czechSalon();
    await sql`insert into message_opt_outs ${sql({ salon_id: other.salonId, channel: "email", address: "petra@example.cz" })}`;

    const page = await ok(salon.owner.api.dashboard.clients[":id"].$get({ param: { id: client!.id } }));
    expect(page.opt_outs).toEqual([
      { channel: "email", address: "petra@example.cz", created_at: "2026-11-21T08:00:00.000Z" },
      { channel: "sms", address: "+420603111222", created_at: "2026-11-20T18:00:00.000Z" },
    ]);
  });
});

describe("the local mailbox", () => {
  it("lists the messages salons wrote their clients, newest first, only where the product runs locally", async () => {
    const salon = await czechSalon();
    await sql`update salons set name = 'Salon Mailbox Test' where id = ${salon.salonId}`;
    const appointment = await salon.book({ customer_name: "Petra", customer_phone: "603111222" });
    const failed = await addMessage(salon.salonId, appointment, { state: "failed", error: "30005: Unknown destination handset", created_at: new Date(Date.now() - 1_000) });
    const newest = await addMessage(salon.salonId, appointment, { kind: "reminder", channel: "email", recipient: null, state: "skipped", skip_reason: "no_recipient", subject: "Připomínka" });

    const app = createApp({ startPhoneCall: async () => {} });
    const mailbox = async (environment: string) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request("http://localhost/api/dev/mailbox"), { ...(env as Bindings), ENVIRONMENT: environment }, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const local = await mailbox("local");
    expect(local.status).toBe(200);
    const { messages } = (await local.json()) as { messages: { id: string; salon_name: string; state: string; error: string | null }[] };
    const ours = messages.filter((message) => message.id === newest || message.id === failed);
    expect(ours.every((message) => message.salon_name === "Salon Mailbox Test")).toBe(true);
    expect(ours.map((message) => [message.state, message.error])).toEqual([
      ["skipped", null],
      ["failed", "30005: Unknown destination handset"],
    ]);
    expect(ours.map((message) => message.id)).toEqual([newest, failed]);
    expect((await mailbox("production")).status).toBe(404);
  });
});
