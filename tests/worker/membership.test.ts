import { inject } from "vitest";
import { afterAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { client, db, ok } from "./helpers.ts";
import { login, registerAndVerify } from "./auth-helpers.ts";
import { signedInOwner } from "./owner.ts";

const sql = db();
afterAll(() => sql.end());

const salonOf = async (email: string) =>
  (await sql<{ id: string }[]>`select s.id from salons s join users u on u.id = s.owner_id where u.email = ${email}`)[0]!.id;

describe("tenancy as membership", () => {
  it("makes the person who opens a new salon its owner member", async () => {
    const owner = await signedInOwner();
    expect((await owner.call("/api/dashboard/salon")).status).toBe(200);
    const members = await sql`
      select m.role, u.email::text from salon_members m join users u on u.id = m.user_id where m.salon_id = ${await salonOf(owner.email)}`;
    expect(members).toEqual([{ role: "owner", email: owner.email }]);
  });

  it("lets a member of a salon work in that salon rather than open a salon of their own", async () => {
    const owner = await signedInOwner();
    await owner.call("/api/dashboard/services", { body: { name: "Balayage", duration: 120, price: 90 } });
    const salonId = await salonOf(owner.email);
    const { email } = await registerAndVerify();
    const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
    await sql`insert into salon_members (salon_id, user_id, role) values (${salonId}, ${user!.id}, 'manager')`;
    const { token } = await login(email);

    const services = await ok(client({ authorization: `Bearer ${token}` }).dashboard.services.$get());
    expect(services.map((service) => service.name)).toEqual(["Balayage"]);
    expect((await sql`select count(*)::int as n from salons where owner_id = ${user!.id}`)[0]!.n).toBe(0);
  });

  it("shows a person, before any salon is chosen, only the salons they belong to", async () => {
    const first = await signedInOwner();
    const second = await signedInOwner();
    await first.call("/api/dashboard/salon");
    await second.call("/api/dashboard/salon");
    const [user] = await sql<{ id: string }[]>`select id from users where email = ${first.email}`;
    const worker = postgres(inject("workerDatabaseUrl"), { max: 1, onnotice: () => {}, fetch_types: false });
    try {
      const visible = await worker.begin(async (tx) => {
        await tx`select set_config('app.user_id', ${user!.id}, true)`;
        return tx<{ id: string }[]>`select id from salons`;
      });
      expect(visible.map((salon) => salon.id)).toEqual([await salonOf(first.email)]);
    } finally {
      await worker.end();
    }
  });
});
