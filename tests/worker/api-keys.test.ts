import { afterAll, describe, expect, it } from "vitest";
import { API_KEY_LIMITS } from "../../contract/api-keys.ts";
import german from "../../worker/platform/messages/de.json";
import english from "../../worker/platform/messages/en.json";
import { sql } from "./auth-helpers.ts";
import { czechSalon, type Owner } from "./client-helpers.ts";
import { api, client, ok, refused } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

afterAll(() => sql.end());

const KEYS = "/api/dashboard/api-keys";
const MARCH = { query: { start_date: "2027-03-01T00:00:00Z", end_date: "2027-03-02T00:00:00Z" } };

const createKey = (owner: Owner, scope: "read" | "read_write", name = "Booking sync") =>
  ok(owner.api.dashboard["api-keys"].$post({ json: { name, scope } }), 201);

/** The API as a key's bearer. */
const asKey = (key: string, headers: Record<string, string> = {}) => client({ authorization: `Bearer ${key}`, ...headers }).dashboard;

/** Any route by path as a key's bearer, for the routes a key may not use. */
const withKey = (key: string, path: string, init: Parameters<typeof api>[1] = {}) =>
  api(path, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });

describe("API keys", () => {
  it("are shown once, kept only as a hash, and read the salon's appointments as bearer", async () => {
    const salon = await czechSalon();
    const booked = await salon.book({ customer_name: "Petra" });
    const created = await createKey(salon.owner, "read");
    expect(created.key).toMatch(/^rk_[0-9A-Za-z]{32}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: "Booking sync", scope: "read", last_used_at: null, revoked_at: null });

    const rows = await sql`select * from api_keys where salon_id = ${salon.salonId}`;
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(12));

    const listed = await ok(asKey(created.key).appointments.$get(MARCH));
    expect(listed.map((a) => a.id)).toEqual([booked]);

    const keys = await ok(salon.owner.api.dashboard["api-keys"].$get());
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toHaveProperty("key");
    expect(keys[0]!.last_used_at).not.toBeNull();
  });

  it("refuse a read key's changes and a revoked key at once, in the caller's language", async () => {
    const salon = await czechSalon();
    const read = await createKey(salon.owner, "read");
    const write = await createKey(salon.owner, "read_write");
    const body = { first_name: "Eva", last_name: "Malá", email: null, phone: null };

    expect((await refused(asKey(read.key, { "accept-language": "de" }).stylists.$post({ json: body }), 403)).detail).toBe(german["apiKeys.error.readOnly"]);
    await ok(asKey(write.key).stylists.$post({ json: body }), 201);

    const revoked = await ok(salon.owner.api.dashboard["api-keys"][":id"].revoke.$post({ param: { id: write.id } }));
    expect(revoked.revoked_at).not.toBeNull();
    expect((await refused(asKey(write.key).stylists.$get(), 401)).detail).toBe(english["apiKeys.error.invalid"]);
    await ok(asKey(read.key).stylists.$get());
  });

  it("keep a key inside its own salon", async () => {
    const first = await czechSalon();
    const second = await czechSalon();
    const theirs = await second.book({ customer_name: "Hana" });
    const key = await createKey(first.owner, "read_write");

    expect(await ok(asKey(key.key).appointments.$get(MARCH))).toEqual([]);
    expect((await ok(asKey(key.key).stylists.$get())).map((s) => s.id)).toEqual([first.stylist]);
    await refused(asKey(key.key).appointments[":id"].$delete({ param: { id: theirs } }), 404);
    expect(await ok(second.owner.api.dashboard.appointments.$get(MARCH))).toHaveLength(1);
    expect(await ok(second.owner.api.dashboard["api-keys"].$get())).toEqual([]);
  });

  it("cannot manage keys, the account or sign-in", async () => {
    const owner = await signedInOwner();
    const key = await createKey(owner, "read_write");
    for (const [path, method] of [[KEYS, "GET"], [KEYS, "POST"], [`${KEYS}/${key.id}/revoke`, "POST"], ["/api/auth/me", "GET"]] as const) {
      const refused = await withKey(key.key, path, { method, body: method === "POST" ? { name: "More", scope: "read_write" } : undefined });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json.detail).toBe(english["apiKeys.error.sessionOnly"]);
    }
    expect(await ok(owner.api.dashboard["api-keys"].$get())).toHaveLength(1);
  });

  it("limit each key's requests per minute, not its salon's other keys", async () => {
    const owner = await signedInOwner();
    const busy = await createKey(owner, "read");
    const quiet = await createKey(owner, "read");
    // This minute's and the next one's count stand at the limit, as a key sent the most it may.
    await sql`insert into rate_limits (bucket, window_start, hits)
      select encode(sha256(convert_to(${`api-key:${busy.id}`}, 'UTF8')), 'hex'), to_timestamp(floor(extract(epoch from now()) / 60) * 60 + shift), ${API_KEY_LIMITS.perMinute}
      from unnest(array[0, 60]) as shift`;
    const over = await asKey(busy.key).stylists.$get();
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("60");
    expect((await refused(Promise.resolve(over), 429)).detail).toEqual(expect.any(String));
    await ok(asKey(quiet.key).stylists.$get());
  });

  it("refuse bad input, unknown keys and too many keys", async () => {
    const owner = await signedInOwner({ "accept-language": "de" });
    const bad = await owner.call(KEYS, { body: { name: " ", scope: "admin" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields as object).sort()).toEqual(["name", "scope"]);
    expect((await owner.call(`${KEYS}/not-a-uuid/revoke`, { method: "POST" })).status).toBe(404);
    expect((await owner.call(`${KEYS}/${crypto.randomUUID()}/revoke`, { method: "POST" })).status).toBe(404);
    expect((await refused(asKey(`rk_${"x".repeat(32)}`).stylists.$get(), 401)).detail).toEqual(expect.any(String));

    for (let i = 0; i < API_KEY_LIMITS.active; i++) await createKey(owner, "read", `Key ${i}`);
    const tooMany = await owner.call(KEYS, { body: { name: "One more", scope: "read" } });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.detail).toContain(String(API_KEY_LIMITS.active));
  });
});
