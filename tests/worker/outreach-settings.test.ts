import { afterAll, describe, expect, it } from "vitest";
import czech from "../../contract/messages/cs.json";
import german from "../../contract/messages/de.json";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { sql } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const SETTINGS = "/api/dashboard/outreach/settings";

describe("outreach settings", () => {
  it("start switched off at the defaults and keep what the owner saves", async () => {
    const owner = await signedInOwner();
    const loaded = await owner.call(SETTINGS);
    expect(loaded.status, loaded.text).toBe(200);
    expect(loaded.json).toEqual(OUTREACH_DEFAULTS);

    const changed = { enabled: true, include_regulars: true, sms_round: 5, answer_minutes: 120, calls_enabled: true, voicemail: "none", daily_cap: 200 };
    const saved = await owner.call(SETTINGS, { method: "PUT", body: changed });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual(changed);
    expect((await owner.call(SETTINGS)).json).toEqual(changed);

    // Another salon's settings stay its own.
    expect((await (await signedInOwner()).call(SETTINGS)).json).toEqual(OUTREACH_DEFAULTS);
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
    expect((await owner.call(SETTINGS)).json).toEqual(OUTREACH_DEFAULTS);

    const inCzech = await signedInOwner({ "accept-language": "cs" });
    const missing = await inCzech.call(SETTINGS, { method: "PUT", body: { enabled: true } });
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toMatchObject({ include_regulars: czech["validation.boolean"], daily_cap: czech["validation.outreach.cap"] });
    const notJson = await inCzech.call(SETTINGS, { method: "PUT", rawBody: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.detail).toEqual(expect.any(String));
  });
});
