import { afterAll, describe, expect, it } from "vitest";
import czech from "../../contract/messages/cs.json";
import german from "../../contract/messages/de.json";
import { FILL_GAPS_LIMITS, OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { addDays, dayOf } from "../../contract/time-zone.ts";
import { sql } from "./auth-helpers.ts";
import { dayAhead, mobile, request, smsTo, texting } from "./messaging-helpers.ts";
import type { Owner } from "./client-helpers.ts";
import { ok } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const SETTINGS = "/api/dashboard/outreach/settings";
const settingsOf = (owner: Owner) => owner.api.dashboard.outreach.settings;
/** Switches outreach on at the other defaults. */
const switchOn = (owner: Owner) => ok(settingsOf(owner).$put({ json: { ...OUTREACH_DEFAULTS, enabled: true } }));

describe("outreach settings", () => {
  it("start switched off at the defaults and keep what the owner saves", async () => {
    const owner = await signedInOwner();
    const settings = settingsOf(owner);
    expect(await ok(settings.$get())).toEqual(OUTREACH_DEFAULTS);

    const changed = { enabled: true, include_regulars: true, sms_round: 5, answer_minutes: 120, calls_enabled: true, voicemail: "none", daily_cap: 200 } as const;
    expect(await ok(settings.$put({ json: changed }))).toEqual(changed);
    expect(await ok(settings.$get())).toEqual(changed);

    // Another salon's settings stay its own.
    expect(await ok(settingsOf(await signedInOwner()).$get())).toEqual(OUTREACH_DEFAULTS);
  });

  it("refuses what the engine cannot run, at the field, in the owner's language", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    const refused = await owner.call(SETTINGS, {
      method: "PUT",
      body: { ...OUTREACH_DEFAULTS, sms_round: 6, answer_minutes: 45, voicemail: "beep", daily_cap: 0, enabled: "yes" },
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.fields).toEqual({
      enabled: german["validation.boolean"],
      sms_round: german["validation.outreach.round"],
      answer_minutes: german["validation.outreach.answer"],
      voicemail: german["validation.outreach.voicemail"],
      daily_cap: german["validation.outreach.cap"],
    });
    expect(Object.values(refused.json.fields as object)).toContain(refused.json.detail);
    expect(await ok(settingsOf(owner).$get())).toEqual(OUTREACH_DEFAULTS);

    const inCzech = await signedInOwner({ "accept-language": "cs" });
    const missing = await inCzech.call(SETTINGS, { method: "PUT", body: { enabled: true } });
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toMatchObject({ include_regulars: czech["validation.boolean"], daily_cap: czech["validation.outreach.cap"] });
    const notJson = await inCzech.call(SETTINGS, { method: "PUT", rawBody: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.detail).toEqual(expect.any(String));
  });
});

const FILL_GAPS = "/api/dashboard/outreach/fill-gaps";
const pragueToday = () => dayOf(new Date(), "Europe/Prague");

/** Fill gaps for `date` as the owner's browser asks for it, answered once its texts are sent. */
const fillGaps = (owner: Owner, date: string) =>
  request(FILL_GAPS, { method: "POST", headers: { ...owner.headers, "content-type": "application/json" }, body: JSON.stringify({ date }) });

describe("Fill gaps", () => {
  it("is refused while outreach is off, saying where to switch it on", async () => {
    const owner = await signedInOwner({ "x-time-zone": "Europe/Prague" });
    const refused = await fillGaps(owner, pragueToday());
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ code: "outreach_off", detail: "Outreach is switched off, so no free times are offered. Switch it on in Salon Settings under Outreach." });
  });

  it("takes only a day from the salon's today to 60 days ahead, refusing others at the field in the owner's language", async () => {
    const owner = await signedInOwner({ "x-time-zone": "Europe/Prague", "accept-language": "de" });
    await switchOn(owner);
    const detail = "Lücken füllen können Sie für heute und die nächsten 60 Tage. Bitte wählen Sie einen Tag in diesem Zeitraum.";
    for (const date of [addDays(pragueToday(), -1), addDays(pragueToday(), FILL_GAPS_LIMITS.days + 1)]) {
      const refused = await fillGaps(owner, date);
      expect(refused.status, date).toBe(422);
      expect(refused.json).toMatchObject({ detail, fields: { date: detail } });
    }
    const malformed = await fillGaps(owner, "2026-02-30");
    expect(malformed.status).toBe(422);
    expect(malformed.json.fields).toHaveProperty("date");
    // The last day it takes is answered: a salon without stylists has nothing to offer.
    const last = await fillGaps(owner, addDays(pragueToday(), FILL_GAPS_LIMITS.days));
    expect(last.status, last.text).toBe(200);
    expect(last.json).toEqual({ free: 0, slots: 0, offers: 0, offered_before: 0, held: null });
  });

  it("is limited per salon to 20 an hour", async () => {
    const owner = await signedInOwner({ "x-time-zone": "Europe/Prague" });
    await switchOn(owner);
    const answers = await Promise.all(Array.from({ length: FILL_GAPS_LIMITS.perHour }, () => fillGaps(owner, pragueToday())));
    expect(answers.map((answer) => answer.status)).toEqual(Array(FILL_GAPS_LIMITS.perHour).fill(200));
    const refused = await fillGaps(owner, pragueToday());
    expect(refused.status).toBe(429);
    expect(refused.json.detail).toBe("Too many attempts. Please try again in 60 minutes.");
    // Another salon is not held back by it.
    const other = await signedInOwner({ "x-time-zone": "Europe/Prague" });
    await switchOn(other);
    expect((await fillGaps(other, pragueToday())).status).toBe(200);
  });

  it("offers a day's free time to a waiting client by text", async () => {
    const salon = await texting();
    const shift = { working: true, morning_start: "09:00", morning_end: "13:00", afternoon_start: "14:00", afternoon_end: "18:00" };
    await sql`update stylists set working_hours = ${sql.json(Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, shift])))} where id = ${salon.stylist}`;
    await switchOn(salon.owner);
    const phone = mobile();
    const [entry] = await sql<{ id: string }[]>`
      insert into client_waitlist (salon_id, name, phone, language, weekdays, from_time, until_time, from_date, until_date, source)
      values (${salon.salonId}, 'Eva Dvořáková', ${phone}, 'cs', '{1,2,3,4,5,6,7}', '08:00', '19:00', current_date, current_date + 60, 'dashboard')
      returning id`;
    await sql`insert into client_waitlist_services (salon_id, entry_id, service_id, position) values (${salon.salonId}, ${entry!.id}, ${salon.service}, 0)`;

    const day = dayOf(dayAhead(15), "Europe/Prague");
    const filled = await fillGaps(salon.owner, day);
    expect(filled.status, filled.text).toBe(200);
    // The stylist's morning and afternoon are free; the one waiting client is offered one of them, once a day.
    expect(filled.json).toEqual({ free: 2, slots: 1, offers: 1, offered_before: 0, held: null });
    const [offer] = await smsTo(phone);
    expect(offer!.from).toBe(salon.number);
    expect(offer!.body).toMatch(/^Salon Jana: Uvolnil se termín/);
  });
});
