import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../worker/app.ts";
import { latestMail, linkIn, login, PASSWORD, registerAndVerify, sql, uniqueEmail } from "./auth-helpers.ts";
import { api, client, ok, type Json } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

/**
 * Salon staff: invitations by mail, roles, and what each role may reach. Every forbidden
 * request answers 403 with a detail, whichever role sends it; the database holds the main
 * rules even for a query the routes never send.
 */

afterAll(() => sql.end());

type Role = "owner" | "manager" | "front_desk" | "stylist";
type Person = { email: string; userId: string; call: (path: string, init?: Parameters<typeof api>[1]) => ReturnType<typeof api>; api: ReturnType<typeof client> };

const credentials = (token: string, salonId?: string) => ({ authorization: `Bearer ${token}`, ...(salonId ? { "x-salon-id": salonId } : {}) });

const as = (token: string, salonId?: string): Person["call"] => (path, init = {}) =>
  api(path, { ...init, headers: { ...credentials(token, salonId), ...init.headers } });

const signedIn = (email: string, userId: string, token: string, salonId?: string): Person => ({
  email,
  userId,
  call: as(token, salonId),
  api: client(credentials(token, salonId)),
});

async function person(email: string, salonId?: string): Promise<Person> {
  const { token } = await login(email);
  const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
  return signedIn(email, user!.id, token, salonId);
}

/** An owner's salon with two stylists, a service, and an appointment of each stylist with its client. */
async function salon() {
  const owner = await signedInOwner();
  const stylist = async (first_name: string) => (await owner.call("/api/dashboard/stylists", { body: { first_name, last_name: "Nová" } })).json.id as string;
  const jana = await stylist("Jana");
  const petr = await stylist("Petr");
  const service = (await owner.call("/api/dashboard/services", { body: { name: "Cut", duration: 60, price: 30 } })).json.id as string;
  const book = async (stylistId: string, name: string, phone: string, hour: number) =>
    (
      await owner.call("/api/dashboard/appointments", {
        body: {
          customer_name: name,
          customer_phone: phone,
          stylist: stylistId,
          start_datetime: `2027-03-02T${String(hour).padStart(2, "0")}:00:00+01:00`,
          end_datetime: `2027-03-02T${String(hour + 1).padStart(2, "0")}:00:00+01:00`,
          services: [{ service }],
        },
      })
    ).json.id as string;
  const janasAppointment = await book(jana, "Eva Malá", "+420603100200", 10);
  const petrsAppointment = await book(petr, "Olga Veselá", "+420603100300", 10);
  const [row] = await sql<{ id: string; owner_id: string }[]>`select s.id, s.owner_id from salons s join users u on u.id = s.owner_id where u.email = ${owner.email}`;
  const { token } = await login(owner.email);
  return {
    id: row!.id,
    owner: signedIn(owner.email, row!.owner_id, token),
    jana,
    petr,
    service,
    janasAppointment,
    petrsAppointment,
  };
}

/** A member added straight to the database, for the probes (the invitation flow has its own tests). */
async function member(salonId: string, role: Role, stylistId: string | null = null): Promise<Person> {
  const { email } = await registerAndVerify();
  const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
  await sql`insert into salon_members (salon_id, user_id, role, stylist_id) values (${salonId}, ${user!.id}, ${role}, ${stylistId})`;
  return person(email, salonId);
}

/** The invitation link's token from the newest invitation mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestMail(email, "Recepta");
  return linkIn(mail!.text_body).pathname.split("/").pop()!;
}

describe("inviting people", () => {
  it("mails a stylist a link; a new person registers from it, is ready at once, and lands in the salon as that stylist", async () => {
    const s = await salon();
    const email = uniqueEmail("jana");
    const invited = await s.owner.call("/api/dashboard/team/invitations", { body: { email, name: "Jana Nová", role: "stylist", stylist_id: s.jana } });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email, name: "Jana Nová", role: "stylist", stylist_id: s.jana, stylist_name: "Jana Nová" });

    const mail = await latestMail(email, "Recepta");
    expect(mail!.subject).toBe(`${s.owner.email} invited you to Salon on Recepta`.replace("Salon", (await s.owner.call("/api/dashboard/salon")).json.name as string));
    expect(mail!.text_body).toContain("as Stylist");
    const token = linkIn(mail!.text_body).pathname.split("/").pop()!;
    expect(linkIn(mail!.text_body).pathname).toBe(`/en/invitation/${token}`);

    const view = await api(`/api/invitations/${token}`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ email, role: "stylist", invited_by: s.owner.email, has_account: false });

    const registered = await api("/api/auth/register", { body: { email, password: PASSWORD, invitation: token } });
    expect(registered.status).toBe(201);
    expect(registered.json).toEqual({ message: "Your account is ready.", verified: true });
    const jana = await person(email);
    // Registered from the link, she is in the salon already; accepting again is answered as done.
    expect((await ok(jana.api.account.salons.$get())).map((salon) => salon.salon_id)).toEqual([s.id]);
    const accepted = await jana.call(`/api/invitations/${token}/accept`, { method: "POST" });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ salon_id: s.id, role: "stylist", stylist_id: s.jana });
    // Accepting twice is answered as before; the link is spent for anyone else.
    expect((await jana.call(`/api/invitations/${token}/accept`, { method: "POST" })).status).toBe(200);
    expect((await api(`/api/invitations/${token}`)).json).toMatchObject({ code: "invitation_used" });

    // No salon of her own was made: her first request works in the salon that invited her.
    const salons = await jana.call("/api/account/salons");
    expect(salons.json).toEqual([{ salon_id: s.id, salon_name: expect.any(String), role: "stylist", stylist_id: s.jana }]);
    expect((await jana.call("/api/dashboard/appointments?start_date=2027-03-01T00:00:00Z&end_date=2027-03-03T00:00:00Z")).status).toBe(200);
    expect((await sql`select 1 from salons where owner_id = ${jana.userId}`).length).toBe(0);
    const team = await s.owner.call("/api/dashboard/team");
    expect(team.json.invitations).toEqual([]);
    expect((team.json.members as Json[]).map((m) => [m.email, m.role, m.name, m.is_you])).toEqual([
      [s.owner.email, "owner", null, true],
      [email, "stylist", "Jana Nová", false],
    ]);
  });

  it("lets an existing account accept, and refuses the wrong account, a revoked, a replaced and an expired link", async () => {
    const s = await salon();
    const { email } = await registerAndVerify();
    await s.owner.call("/api/dashboard/team/invitations", { body: { email, role: "front_desk" } });
    const first = await invitationToken(email);
    expect((await api(`/api/invitations/${first}`)).json).toMatchObject({ has_account: true, role: "front_desk" });

    // Sent again: a new link; the old one no longer works.
    const invitation = ((await s.owner.call("/api/dashboard/team")).json.invitations as Json[])[0]!;
    expect((await s.owner.call(`/api/dashboard/team/invitations/${invitation.id as string}/resend`, { method: "POST" })).status).toBe(200);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect((await api(`/api/invitations/${first}`)).json).toMatchObject({ code: "invitation_unknown" });

    const stranger = await person((await registerAndVerify()).email);
    const wrong = await stranger.call(`/api/invitations/${second}/accept`, { method: "POST" });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ code: "wrong_account", detail: `This invitation is for ${email}. Log in with that address to accept it.` });

    const desk = await person(email);
    expect((await desk.call(`/api/invitations/${second}/accept`, { method: "POST" })).json).toMatchObject({ role: "front_desk" });

    // Revoked and expired links say so, in the reader's language.
    const other = uniqueEmail("desk");
    const made = await s.owner.call("/api/dashboard/team/invitations", { body: { email: other, role: "manager" } });
    const revokedToken = await invitationToken(other);
    expect((await s.owner.call(`/api/dashboard/team/invitations/${made.json.id as string}`, { method: "DELETE" })).status).toBe(204);
    const revoked = await api(`/api/invitations/${revokedToken}`, { headers: { "accept-language": "cs" } });
    expect(revoked.status).toBe(410);
    expect(revoked.json).toMatchObject({ code: "invitation_revoked", detail: "Tato pozvánka byla zrušena. Požádejte salon, aby vás pozval znovu." });

    const late = uniqueEmail("late");
    await s.owner.call("/api/dashboard/team/invitations", { body: { email: late, role: "manager" } });
    await sql`update salon_invitations set expires_at = now() - interval '1 minute' where email = ${late}`;
    const expired = await api(`/api/invitations/${await invitationToken(late)}`, { headers: { "accept-language": "de" } });
    expect(expired.status).toBe(410);
    expect(expired.json).toMatchObject({ code: "invitation_expired", detail: "Diese Einladung ist abgelaufen. Bitten Sie den Salon, sie erneut zu senden." });
    // A registration with a spent link gets the usual confirmation mail instead of a ready account.
    const registered = await api("/api/auth/register", { body: { email: late, password: PASSWORD, invitation: await invitationToken(late) } });
    expect(registered.json.verified).toBeUndefined();
    // An expired invitation gives way to a new one for the same address.
    expect((await s.owner.call("/api/dashboard/team/invitations", { body: { email: late, role: "manager" } })).status).toBe(201);
  });

  it("refuses a member, a second open invitation, a stylist taken or missing, a manager inviting an owner, and too many at once", async () => {
    const s = await salon();
    const manager = await member(s.id, "manager");
    const refused = async (who: Person, body: Json, status: number, code: string) => {
      const res = await who.call("/api/dashboard/team/invitations", { body });
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(res.json.code).toBe(code);
      expect(res.json.detail).toEqual(expect.any(String));
      return res.json;
    };
    expect((await refused(s.owner, { email: manager.email, role: "front_desk" }, 409, "already_member")).detail).toBe(`${manager.email} is already a member of this salon.`);
    const email = uniqueEmail("twice");
    await s.owner.call("/api/dashboard/team/invitations", { body: { email, role: "front_desk" } });
    await refused(s.owner, { email, role: "manager" }, 409, "already_invited");
    await refused(manager, { email: uniqueEmail(), role: "owner" }, 403, "forbidden");
    await refused(s.owner, { email: uniqueEmail(), role: "stylist" }, 422, "validation_error");
    await refused(s.owner, { email: uniqueEmail(), role: "manager", stylist_id: s.jana }, 422, "validation_error");
    await refused(s.owner, { email: uniqueEmail(), role: "stylist", stylist_id: crypto.randomUUID() }, 422, "validation_error");
    await member(s.id, "stylist", s.petr);
    await refused(s.owner, { email: uniqueEmail(), role: "stylist", stylist_id: s.petr }, 409, "stylist_taken");
    // Twenty invitation mails an hour; refused invitations sent none and do not count.
    const sent = await sql<{ n: number }[]>`select count(*)::int as n from salon_invitations where salon_id = ${s.id}`;
    for (let more = sent[0]!.n; more < 20; more++) {
      expect((await s.owner.call("/api/dashboard/team/invitations", { body: { email: uniqueEmail(), role: "front_desk" } })).status).toBe(201);
    }
    await refused(s.owner, { email: uniqueEmail(), role: "manager" }, 429, "rate_limited");
  });
});

describe("roles", () => {
  let s: Awaited<ReturnType<typeof salon>>;
  const people = {} as Record<Role, Person>;
  beforeAll(async () => {
    s = await salon();
    people.owner = await person(s.owner.email, s.id);
    people.manager = await member(s.id, "manager");
    people.front_desk = await member(s.id, "front_desk");
    people.stylist = await member(s.id, "stylist", s.jana);
  }, 60_000);

  const EVERYONE: Role[] = ["owner", "manager", "front_desk", "stylist"];
  const MANAGERS: Role[] = ["owner", "manager"];
  const DESK: Role[] = ["owner", "manager", "front_desk"];
  /** Who may use each signed-in route, as the issue describes the roles. */
  const WHO: Record<string, Role[]> = {
    "GET /api/dashboard/salon": EVERYONE,
    "PUT /api/dashboard/salon": MANAGERS,
    "GET /api/dashboard/salon/usd-rates": EVERYONE,
    "GET /api/dashboard/stylists": EVERYONE,
    "POST /api/dashboard/stylists": MANAGERS,
    "PUT /api/dashboard/stylists/:id": MANAGERS,
    "DELETE /api/dashboard/stylists/:id": MANAGERS,
    "GET /api/dashboard/services": EVERYONE,
    "POST /api/dashboard/services": MANAGERS,
    "PUT /api/dashboard/services/:id": MANAGERS,
    "DELETE /api/dashboard/services/:id": MANAGERS,
    "GET /api/dashboard/assistant/configs": MANAGERS,
    "GET /api/dashboard/assistant/models": MANAGERS,
    "POST /api/dashboard/assistant/config": MANAGERS,
    "PUT /api/dashboard/assistant/config/:id": MANAGERS,
    "DELETE /api/dashboard/assistant/config/:id": MANAGERS,
    "POST /api/dashboard/assistant/:id/call-ticket": MANAGERS,
    "GET /api/dashboard/phone-numbers": MANAGERS,
    "POST /api/dashboard/phone-numbers": MANAGERS,
    "PUT /api/dashboard/phone-numbers/:id": MANAGERS,
    "DELETE /api/dashboard/phone-numbers/:id": MANAGERS,
    "GET /api/dashboard/phone-numbers/available": MANAGERS,
    "POST /api/dashboard/phone-numbers/purchase": MANAGERS,
    "POST /api/dashboard/phone-numbers/:id/verification": MANAGERS,
    "POST /api/dashboard/phone-numbers/:id/verification/code": MANAGERS,
    "GET /api/dashboard/appointments": EVERYONE,
    "GET /api/dashboard/appointments/:id": EVERYONE,
    "POST /api/dashboard/appointments": EVERYONE,
    "PUT /api/dashboard/appointments/:id": EVERYONE,
    "PATCH /api/dashboard/appointments/:id": EVERYONE,
    "DELETE /api/dashboard/appointments/:id": EVERYONE,
    "PUT /api/dashboard/appointments/:id/no-show": EVERYONE,
    "GET /api/dashboard/availability": EVERYONE,
    "GET /api/dashboard/setup-progress": MANAGERS,
    "GET /api/dashboard/clients": EVERYONE,
    "GET /api/dashboard/clients/export.csv": DESK,
    "GET /api/dashboard/clients/:id": EVERYONE,
    "PUT /api/dashboard/clients/:id": EVERYONE,
    "POST /api/dashboard/clients/:id/merge": DESK,
    "DELETE /api/dashboard/clients/:id": DESK,
    "GET /api/dashboard/waitlist": DESK,
    "POST /api/dashboard/waitlist": DESK,
    "PUT /api/dashboard/waitlist/:id": DESK,
    "DELETE /api/dashboard/waitlist/:id": DESK,
    "GET /api/dashboard/outreach/log": DESK,
    "GET /api/dashboard/outreach/settings": EVERYONE,
    "PUT /api/dashboard/outreach/settings": MANAGERS,
    "POST /api/dashboard/outreach/fill-gaps": DESK,
    "GET /api/dashboard/questions": MANAGERS,
    "POST /api/dashboard/questions": MANAGERS,
    "PUT /api/dashboard/questions/:id": MANAGERS,
    "POST /api/dashboard/questions/:id/dismiss": MANAGERS,
    "POST /api/dashboard/questions/:id/reopen": MANAGERS,
    "DELETE /api/dashboard/questions/:id": MANAGERS,
    "GET /api/dashboard/message-settings": MANAGERS,
    "PUT /api/dashboard/message-settings": MANAGERS,
    "GET /api/dashboard/booking-page": MANAGERS,
    "PUT /api/dashboard/booking-page": MANAGERS,
    "GET /api/dashboard/client-messages": DESK,
    "GET /api/dashboard/client-messages/:id": DESK,
    "GET /api/dashboard/stylist-calendars": MANAGERS,
    "PUT /api/dashboard/stylist-calendars/:stylistId": MANAGERS,
    "DELETE /api/dashboard/stylist-calendars/:stylistId": MANAGERS,
    "POST /api/dashboard/stylist-calendars/:stylistId/sync": MANAGERS,
    "GET /api/dashboard/calendar-feeds": MANAGERS,
    "POST /api/dashboard/calendar-feeds": MANAGERS,
    "DELETE /api/dashboard/calendar-feeds/:id": MANAGERS,
    "GET /api/dashboard/api-keys": MANAGERS,
    "POST /api/dashboard/api-keys": MANAGERS,
    "POST /api/dashboard/api-keys/:id/revoke": MANAGERS,
    "GET /api/dashboard/webhooks": MANAGERS,
    "POST /api/dashboard/webhooks": MANAGERS,
    "PATCH /api/dashboard/webhooks/:id": MANAGERS,
    "DELETE /api/dashboard/webhooks/:id": MANAGERS,
    "POST /api/dashboard/webhooks/:id/secret": MANAGERS,
    "POST /api/dashboard/webhooks/:id/test": MANAGERS,
    "GET /api/dashboard/webhooks/:id/deliveries": MANAGERS,
    "GET /api/dashboard/team": MANAGERS,
    "POST /api/dashboard/team/invitations": MANAGERS,
    "POST /api/dashboard/team/invitations/:id/resend": MANAGERS,
    "DELETE /api/dashboard/team/invitations/:id": MANAGERS,
    "PUT /api/dashboard/team/members/:id": MANAGERS,
    "DELETE /api/dashboard/team/members/:id": MANAGERS,
    "GET /api/dashboard/my-schedule": ["stylist"],
    "PUT /api/dashboard/my-schedule": ["stylist"],
    "GET /api/calls/list": DESK,
    "GET /api/calls/:id": DESK,
    "GET /api/calls/conversation/:id": DESK,
    "GET /api/calls/instructions/:id": DESK,
    "GET /api/calls/stats": DESK,
  };

  it("has a rule for every signed-in route of the salon", () => {
    const app = createApp({ startPhoneCall: async () => {} });
    const routes = new Set(
      app.routes
        .filter((route) => route.method !== "ALL" && /^\/api\/(dashboard|calls)\//.test(route.path))
        .map((route) => `${route.method} ${route.path}`),
    );
    expect([...routes].sort()).toEqual(Object.keys(WHO).sort());
  });

  it("answers every request a role may not make with 403 and a detail, and lets the others through to their checks", async () => {
    const wrong: string[] = [];
    for (const [route, allowed] of Object.entries(WHO)) {
      const [method, path] = route.split(" ") as [string, string];
      // Rows that do not exist: an allowed request is refused later (404, 422) and changes nothing.
      const url = path.replace(/:(id|stylistId)/g, crypto.randomUUID());
      for (const role of EVERYONE) {
        const res = await people[role].call(url, { method, ...(method === "GET" || method === "DELETE" ? {} : { body: {} }) });
        const forbidden = res.status === 403;
        if (forbidden !== !allowed.includes(role) || (forbidden && (typeof res.json.detail !== "string" || res.json.code !== "forbidden"))) {
          wrong.push(`${role} ${route}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets a stylist read every appointment with the client's name but change only their own, with their own clients' numbers", async () => {
    const stylist = people.stylist;
    const list = await ok(stylist.api.dashboard.appointments.$get({ query: { start_date: "2027-03-01T00:00:00Z", end_date: "2027-03-03T00:00:00Z" } }));
    expect(list.map((a) => [a.customer_name, a.customer_phone, a.stylist_name])).toEqual([
      ["Eva Malá", "+420603100200", "Jana Nová"],
      ["Olga Veselá", null, "Petr Nová"],
    ]);

    const body = (stylistId: string, hour: number) => ({
      customer_name: "Nina",
      customer_phone: "+420603100400",
      stylist: stylistId,
      start_datetime: `2027-03-02T${hour}:00:00+01:00`,
      end_datetime: `2027-03-02T${hour + 1}:00:00+01:00`,
      services: [{ service: s.service }],
    });
    const theirs = await stylist.call(`/api/dashboard/appointments/${s.petrsAppointment}`, { method: "PUT", body: body(s.petr, 15) });
    expect(theirs.status).toBe(403);
    expect(theirs.json).toMatchObject({ code: "forbidden", detail: "You can change only your own appointments." });
    expect((await stylist.call(`/api/dashboard/appointments/${s.petrsAppointment}`, { method: "DELETE" })).status).toBe(403);
    expect((await stylist.call("/api/dashboard/appointments", { body: body(s.petr, 16) })).status).toBe(403);
    // Their own appointment cannot be handed to another stylist either.
    expect((await stylist.call(`/api/dashboard/appointments/${s.janasAppointment}`, { method: "PUT", body: body(s.petr, 10) })).status).toBe(403);
    const mine = await stylist.call("/api/dashboard/appointments", { body: body(s.jana, 16) });
    expect(mine.status).toBe(201);
    expect((await stylist.call(`/api/dashboard/appointments/${mine.json.id as string}`, { method: "DELETE" })).status).toBe(204);
    expect((await sql`select status from appointments where id = ${s.petrsAppointment}`)[0]!.status).toBe("booked");

    // Clients: theirs only.
    const clients = (await stylist.call("/api/dashboard/clients?limit=50&offset=0")).json.items as Json[];
    expect(clients.map((client) => client.name)).toEqual(["Eva Malá", "Nina"]);
    const [olga] = await sql<{ id: string }[]>`select id from clients where salon_id = ${s.id} and name = 'Olga Veselá'`;
    expect((await stylist.call(`/api/dashboard/clients/${olga!.id}`)).status).toBe(403);

    // Their own hours, and nobody else's.
    const schedule = await stylist.call("/api/dashboard/my-schedule");
    expect(schedule.json).toMatchObject({ id: s.jana, first_name: "Jana" });
    const timeOff = [{ start_date: "2027-04-01", end_date: "2027-04-03", note: "Easter" }];
    const saved = await stylist.call("/api/dashboard/my-schedule", { method: "PUT", body: { working_hours: schedule.json.working_hours, time_off: timeOff } });
    expect(saved.json).toMatchObject({ id: s.jana, first_name: "Jana", time_off: timeOff });
    expect((await stylist.call(`/api/dashboard/stylists/${s.petr}`, { method: "PUT", body: { first_name: "Petr", last_name: "Nová" } })).status).toBe(403);
  });

  it("holds the rules in the database too, whatever a query says", async () => {
    const worker = postgres(inject("workerDatabaseUrl"), { max: 1, onnotice: () => {}, fetch_types: false });
    const asRole = <T>(who: Person, work: (tx: postgres.TransactionSql) => Promise<T>) =>
      worker.begin(async (tx) => {
        await tx`select set_config('app.user_id', ${who.userId}, true), set_config('app.salon_id', ${s.id}, true)`;
        return work(tx);
      }) as Promise<T>;
    try {
      const moved = await asRole(people.stylist, (tx) => tx`update appointments set notes = 'mine now' where id = ${s.petrsAppointment} returning id`);
      expect(moved).toEqual([]);
      await expect(asRole(people.stylist, (tx) => tx`update salons set name = 'Jana''s' where id = ${s.id} returning id`)).resolves.toEqual([]);
      await expect(asRole(people.front_desk, (tx) => tx`insert into services (salon_id, name, duration) values (${s.id}, 'Free', 10)`)).rejects.toThrow(/row-level security/);
      await expect(asRole(people.manager, (tx) => tx`update salon_members set role = 'manager' where salon_id = ${s.id} and role = 'owner' returning user_id`)).resolves.toEqual([]);
      const calls = await asRole(people.stylist, (tx) => tx`select count(*)::int as n from calls`);
      expect(calls[0]!.n).toBe(0);
      const own = await asRole(people.stylist, (tx) => tx`update appointments set notes = 'ok' where id = ${s.janasAppointment} returning id`);
      expect(own).toHaveLength(1);
    } finally {
      await worker.end();
    }
  });
});

describe("the team", () => {
  it("keeps the last owner, lets only an owner change an owner, and hands ownership over", async () => {
    const s = await salon();
    const manager = await member(s.id, "manager");
    const owner = await person(s.owner.email, s.id);
    const demote = await owner.call(`/api/dashboard/team/members/${owner.userId}`, { method: "PUT", body: { role: "manager" } });
    expect(demote.status).toBe(409);
    expect(demote.json).toMatchObject({ code: "last_owner", detail: "A salon needs an owner. Make someone else an owner first." });
    expect((await owner.call(`/api/dashboard/team/members/${owner.userId}`, { method: "DELETE" })).json.code).toBe("last_owner");
    expect((await manager.call(`/api/dashboard/team/members/${owner.userId}`, { method: "PUT", body: { role: "front_desk" } })).status).toBe(403);
    expect((await manager.call(`/api/dashboard/team/members/${manager.userId}`, { method: "PUT", body: { role: "owner" } })).status).toBe(403);

    // Handed over: the manager becomes an owner, the old owner steps down and then leaves.
    expect((await owner.call(`/api/dashboard/team/members/${manager.userId}`, { method: "PUT", body: { role: "owner", name: "Marta" } })).json).toMatchObject({ role: "owner", name: "Marta" });
    expect((await owner.call(`/api/dashboard/team/members/${owner.userId}`, { method: "PUT", body: { role: "manager" } })).status).toBe(200);
    expect((await sql`select owner_id from salons where id = ${s.id}`)[0]!.owner_id).toBe(manager.userId);
    expect((await owner.call(`/api/dashboard/team/members/${owner.userId}`, { method: "DELETE" })).status).toBe(204);
    expect((await manager.call("/api/dashboard/team")).json.members).toEqual([expect.objectContaining({ user_id: manager.userId, role: "owner", is_you: true })]);
  });

  it("moves the salon's accountable owner to another owner when its owner leaves outright", async () => {
    const s = await salon();
    const second = await member(s.id, "owner");
    const owner = await person(s.owner.email, s.id);
    expect((await owner.call(`/api/dashboard/team/members/${owner.userId}`, { method: "DELETE" })).status).toBe(204);
    expect((await sql`select owner_id from salons where id = ${s.id}`)[0]!.owner_id).toBe(second.userId);
    // The salon's own processes act as that owner, so it must be one of the salon's owners.
    const [accountable] = await sql`select m.role from salons s join salon_members m on m.salon_id = s.id and m.user_id = s.owner_id where s.id = ${s.id}`;
    expect(accountable?.role).toBe("owner");
  });

  it("ends a removed member's access on their very next request", async () => {
    const s = await salon();
    const email = uniqueEmail("desk");
    await s.owner.call("/api/dashboard/team/invitations", { body: { email, role: "front_desk" } });
    const token = await invitationToken(email);
    await api("/api/auth/register", { body: { email, password: PASSWORD, invitation: token } });
    const desk = await person(email);
    await desk.call(`/api/invitations/${token}/accept`, { method: "POST" });
    expect((await desk.call("/api/calls/list?limit=10&offset=0")).status).toBe(200);

    expect((await s.owner.call(`/api/dashboard/team/members/${desk.userId}`, { method: "DELETE" })).status).toBe(204);
    for (const headers of [{}, { "x-salon-id": s.id }] as Record<string, string>[]) {
      const refused = await desk.call("/api/calls/list?limit=10&offset=0", { headers });
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe("not_member");
      expect(refused.json.detail).toEqual(expect.any(String));
    }
    // Nor did the refusal open a salon of their own.
    expect((await sql`select 1 from salons where owner_id = ${desk.userId}`).length).toBe(0);
  });

  it("works in the salon a request names, switches, and remembers the last one used", async () => {
    const first = await salon();
    const second = await salon();
    const manager = await member(first.id, "manager");
    await sql`insert into salon_members (salon_id, user_id, role) values (${second.id}, ${manager.userId}, 'front_desk')`;
    const { token } = await login(manager.email);
    const call = as(token);
    const names = async (headers: Record<string, string> = {}) => (await call("/api/dashboard/salon", { headers })).json.name;
    const { salons: mine } = client(credentials(token)).account;
    const salons = await ok(mine.$get());
    expect(salons.map((salon) => salon.salon_id)).toEqual([first.id, second.id]);

    expect((await call("/api/account/salon", { method: "PUT", body: { salon_id: second.id } })).status).toBe(204);
    expect((await ok(mine.$get()))[0]!.salon_id).toBe(second.id);
    // Without a header, the last used; with one, the one named; another salon, refused.
    expect(await names()).toBe(await names({ "x-salon-id": second.id }));
    expect((await call("/api/dashboard/message-settings")).status).toBe(403);
    expect((await call("/api/dashboard/message-settings", { headers: { "x-salon-id": first.id } })).status).toBe(200);
    const stranger = await salon();
    expect((await call("/api/dashboard/salon", { headers: { "x-salon-id": stranger.id } })).json.code).toBe("not_member");
    expect((await call("/api/account/salon", { method: "PUT", body: { salon_id: stranger.id } })).status).toBe(403);
  });

  it("records who booked an appointment and who last changed it", async () => {
    const s = await salon();
    const desk = await member(s.id, "front_desk");
    await sql`update salon_members set name = 'Rita' where user_id = ${desk.userId}`;
    const moved = await desk.call(`/api/dashboard/appointments/${s.janasAppointment}`, {
      method: "PUT",
      body: {
        customer_name: "Eva Malá",
        customer_phone: "+420603100200",
        stylist: s.jana,
        start_datetime: "2027-03-02T12:00:00+01:00",
        end_datetime: "2027-03-02T13:00:00+01:00",
        services: [{ service: s.service }],
      },
    });
    expect(moved.json.created_by).toMatchObject({ kind: "person", name: s.owner.email });
    expect(moved.json.changed_by).toMatchObject({ kind: "person", name: "Rita" });
  });
});
