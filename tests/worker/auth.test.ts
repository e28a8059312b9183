import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { sign } from "hono/jwt";
import { afterAll, describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import type { Bindings } from "../../worker/env.ts";
import { answer, api } from "./helpers.ts";
import { PASSWORD, auth, latestMail, linkIn, login, refreshCookie, register, registerAndVerify, sql, uniqueEmail, verify, withCookie } from "./auth-helpers.ts";

afterAll(() => sql.end());

const SECRET = "test-signing-key-that-is-long-enough-0123456789";

const me = (token?: string) => answer(auth(token === undefined ? {} : { authorization: `Bearer ${token}` }).me.$get());
const refresh = (cookie?: string) => answer(auth(cookie === undefined ? {} : withCookie(cookie)).refresh.$post());
const forgot = (email: string, headers: Record<string, string> = {}) => answer(auth(headers)["forgot-password"].$post({ json: { email } }));
const reset = (token: string, new_password: string, headers: Record<string, string> = {}) =>
  answer(auth(headers)["reset-password"].$post({ json: { token, new_password } }));

describe("register", () => {
  it("stores a lowercased address with a scrypt hash and mails a 24-hour verification link", async () => {
    const email = uniqueEmail("New");
    const res = await register(`  ${email.toUpperCase()} `, PASSWORD, { "accept-language": "de" });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe("Bitte prüfen Sie Ihr E-Mail-Postfach, um Ihr Konto zu bestätigen. Der Bestätigungslink ist 24 Stunden lang gültig.");

    const [user] = await sql`select id, email::text, password_hash, email_verified_at, language from users where email = ${email}`;
    expect(user?.email).toBe(email.toLowerCase());
    expect(user?.password_hash).toMatch(/^scrypt\$15\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
    expect(user?.email_verified_at).toBeNull();

    const mail = await latestMail(email.toLowerCase());
    expect(mail?.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    const link = linkIn(mail!.text_body);
    expect(link.origin + link.pathname).toBe("http://app.test/de/verify-email");
    expect(link.searchParams.get("user_id")).toBe(user?.id);
    expect(link.searchParams.get("token")).toMatch(/^[\w-]{43}$/);
    const [token] = await sql`select extract(epoch from expires_at - created_at)::int as ttl, encode(token_hash, 'hex') as hash from email_tokens where user_id = ${user!.id}`;
    expect(token?.ttl).toBe(24 * 3600);
    expect(token?.hash).not.toContain(link.searchParams.get("token")); // only a hash is stored
  });

  it("answers a second registration of an address exactly like the first, and mails the owner instead", async () => {
    const { email } = await registerAndVerify();
    const fresh = await register(uniqueEmail());
    const again = await register(email.toUpperCase(), "Another-2026!");
    expect(again.status).toBe(fresh.status);
    expect(again.json).toEqual(fresh.json);
    const mail = await latestMail(email);
    expect(mail?.subject).toBe("You already have a Recepta account");
    expect(linkIn(mail!.text_body).href).toBe("http://app.test/en?auth=login");
    // The account is as it was: the first password still signs in.
    expect((await login(email)).status).toBe(200);
  });

  it.each([
    [{ password: PASSWORD }, "Email is required"],
    [{ email: "", password: PASSWORD }, "Email is required"],
    [{ email: "owner@salon", password: PASSWORD }, "Please enter a valid email"],
    [{ email: "a@b.co" }, "Password is required"],
    [{ email: "a@b.co", password: "" }, "Password is required"],
    [{ email: "a@b.co", password: "Ab1!" }, "Password must be at least 8 characters"],
    [{ email: "a@b.co", password: "salon-2026!" }, "Password must contain at least one uppercase letter"],
    [{ email: "a@b.co", password: "SALON-2026!" }, "Password must contain at least one lowercase letter"],
    [{ email: "a@b.co", password: "Salon-salon!" }, "Password must contain at least one number"],
    [{ email: "a@b.co", password: "Salon2026x" }, "Password must contain at least one special character"],
  ])("rejects %j: %s", async (body, detail) => {
    const res = await api("/api/auth/register", { body });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe(detail);
  });

  it("accepts letters of any alphabet for the case rules", async () => {
    const res = await register(uniqueEmail(), "Čeština-2026");
    expect(res.status).toBe(201);
  });
});

describe("verify-email", () => {
  it("verifies once; the same link then fails, as do wrong and expired ones", async () => {
    const email = uniqueEmail();
    await register(email);
    const link = linkIn((await latestMail(email))!.text_body);
    const user_id = link.searchParams.get("user_id")!;

    const wrong = await answer(auth()["verify-email"].$post({ query: { token: "nope", user_id } }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.detail).toBe("This verification link is invalid or has expired. Log in to receive a new one.");

    const ok = await verify(link);
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe("Email verified successfully! Please log in.");
    const [user] = await sql`select email_verified_at from users where id = ${user_id}`;
    expect(user?.email_verified_at).toBeInstanceOf(Date);

    const twice = await verify(link);
    expect(twice.status).toBe(400);
  });

  it("rejects an expired link", async () => {
    const email = uniqueEmail();
    await register(email);
    const link = linkIn((await latestMail(email))!.text_body);
    await sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${link.searchParams.get("user_id")!}`;
    expect((await verify(link)).status).toBe(400);
  });

  it.each(["", "?token=abc", "?user_id=8a0e2c1e-7e0b-4d3c-9a53-0f3f0f0f0f0f", "?token=abc&user_id=not-a-uuid"])(
    "answers 'Invalid verification link' to %s",
    async (query) => {
      const res = await api(`/api/auth/verify-email${query}`, { method: "POST" });
      expect(res.status).toBe(422);
      expect(res.json.detail).toBe("Invalid verification link");
    },
  );
});

describe("login", () => {
  it("returns a short-lived access token and sets the refresh cookie for the auth path only", async () => {
    const { email } = await registerAndVerify();
    const res = await login(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.json.token_type).toBe("bearer");
    expect(res.json.expires_in).toBe(900);
    expect(res.json.user).toEqual({ email, is_active: true, email_verified: true });
    expect(res.cookie.header).toMatch(/HttpOnly/);
    expect(res.cookie.header).toMatch(/Secure/);
    expect(res.cookie.header).toMatch(/SameSite=Strict/);
    expect(res.cookie.header).toMatch(/Path=\/api\/auth(;|$)/);
    const account = await me(res.token);
    expect(account.json).toEqual({ email, is_active: true, email_verified: true });
  });

  it("gives the same answer for a wrong password and an unknown address", async () => {
    const { email } = await registerAndVerify();
    const wrong = await login(email, "Wrong-password-1");
    const unknown = await login(uniqueEmail("ghost"));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.detail).toBe("Incorrect email or password.");
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.cookie.value).toBe("");
  });

  it("does not let an unverified address in, and mails it a new link", async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await login(email);
    expect(res.status).toBe(403);
    expect(res.json.detail).toBe("Please verify your email address before logging in. We have sent you a new verification link.");
    const [{ n }] = (await sql`select count(*)::int as n from mail_outbox where to_address = ${email}`) as [{ n: number }];
    expect(n).toBe(2);
  });
});

describe("access tokens", () => {
  it("reject forged, expired, tampered and wrong-algorithm tokens", async () => {
    const { email } = await registerAndVerify();
    const { token } = await login(email);
    const [user] = await sql`select id from users where email = ${email}`;
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user!.id, ver: 0, iat: now, exp: now + 600 };
    const [header, payload, signature] = token.split(".");
    const tampered = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    tampered.sub = "00000000-0000-4000-8000-000000000000";
    const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

    const candidates = {
      forged: await sign(claims, "another-secret-of-sufficient-length-000000", "HS256"),
      expired: await sign({ ...claims, iat: now - 3600, exp: now - 60 }, SECRET, "HS256"),
      tampered: `${header}.${b64(tampered)}.${signature}`,
      unsigned: `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`,
      otherAlgorithm: await sign(claims, SECRET, "HS512"),
      neverExpiring: await sign({ sub: user!.id, ver: 0, iat: now }, SECRET, "HS256"),
      garbage: "not.a.token",
    };
    for (const [name, candidate] of Object.entries(candidates)) {
      const res = await me(candidate);
      expect(res.status, name).toBe(401);
    }
    expect((await me()).json.detail).toBe("Please log in to continue.");
    expect((await me(token)).status).toBe(200);
  });
});

describe("refresh and logout", () => {
  it("rotates the refresh token; presenting a used one ends the whole sign-in", async () => {
    const { email } = await registerAndVerify();
    const first = await login(email);
    const second = await refresh(first.cookie.value);
    expect(second.status).toBe(200);
    expect(second.json.access_token).toEqual(expect.any(String));
    const rotated = refreshCookie(second.headers).value;
    expect(rotated).not.toBe(first.cookie.value);

    // The first cookie again after the grace window: a thief or a replay. Both it and its
    // successor stop working.
    await sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null
              and user_id = (select id from users where email = ${email})`;
    const replay = await refresh(first.cookie.value);
    expect(replay.status).toBe(401);
    expect(refreshCookie(replay.headers).header).toMatch(/Max-Age=0/);
    const successor = await refresh(rotated);
    expect(successor.status).toBe(401);
    expect(successor.json.detail).toBe("Your session has expired. Please log in again.");

    // Another sign-in of the same user is not affected.
    const other = await login(email);
    expect((await refresh(other.cookie.value)).status).toBe(200);
  });

  it("lets tabs refreshing at once with one cookie all continue the same sign-in", async () => {
    const { email } = await registerAndVerify();
    const { cookie } = await login(email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refresh(cookie.value)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const successors = new Set(answers.map((answer) => refreshCookie(answer.headers).value));
    expect(successors.size).toBe(1);
    const [successor] = successors;
    expect(successor).not.toBe(cookie.value);
    // The sign-in goes on from the one successor.
    expect((await refresh(successor!)).status).toBe(200);
  });

  it("answers 401 without a cookie and for an expired one", async () => {
    expect((await refresh()).status).toBe(401);
    const { email } = await registerAndVerify();
    const { cookie } = await login(email);
    await sql`update refresh_tokens set expires_at = now() - interval '1 second'
              where user_id = (select id from users where email = ${email})`;
    expect((await refresh(cookie.value)).status).toBe(401);
  });

  it("logout revokes the session and clears the cookie; the old cookie then gets 401", async () => {
    const { email } = await registerAndVerify();
    const { cookie } = await login(email);
    const out = await answer(auth(withCookie(cookie.value)).logout.$post());
    expect(out.status).toBe(204);
    expect(refreshCookie(out.headers).header).toMatch(/refresh_token=;.*Max-Age=0/);
    const after = await refresh(cookie.value);
    expect(after.status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("answers the same for known and unknown addresses, mailing only the known one", async () => {
    const { email } = await registerAndVerify();
    const ghost = uniqueEmail("ghost");
    const known = await forgot(email);
    const unknown = await forgot(ghost);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(known.json.message).toBe("You will receive a password reset link at the provided email address.");
    expect((await latestMail(email, "Reset"))?.subject).toBe("Reset your password");
    expect(await latestMail(ghost)).toBeUndefined();
  });

  it("resets once with a one-hour link, ends every session, and the new password works", async () => {
    const { email } = await registerAndVerify();
    const session = await login(email);
    await forgot(email, { "accept-language": "cs" });
    const mail = await latestMail(email, "hesla");
    const link = linkIn(mail!.text_body);
    expect(link.pathname).toBe("/cs/reset-password");
    const token = link.searchParams.get("token")!;
    const [ttl] = await sql`select extract(epoch from expires_at - created_at)::int as ttl from email_tokens where purpose = 'reset_password'
                            and user_id = (select id from users where email = ${email})`;
    expect(ttl?.ttl).toBe(3600);

    const short = await reset(token, "short");
    expect(short.status).toBe(422);
    expect(short.json.detail).toBe("Password must be at least 8 characters");

    const changed = await reset(token, "a new long password");
    expect(changed.status).toBe(200);
    expect(changed.json.message).toBe("Password reset successful! Please log in with your new password.");

    expect((await reset(token, "another password")).status).toBe(400);
    expect((await refresh(session.cookie.value)).status).toBe(401);
    expect((await me(session.token)).status).toBe(401);
    expect((await login(email)).status).toBe(401);
    expect((await login(email, "a new long password")).status).toBe(200);
  });

  it("rejects an expired reset link", async () => {
    const { email } = await registerAndVerify();
    await forgot(email);
    const token = linkIn((await latestMail(email, "Reset"))!.text_body).searchParams.get("token")!;
    await sql`update email_tokens set expires_at = now() - interval '1 second'
              where purpose = 'reset_password' and user_id = (select id from users where email = ${email})`;
    const res = await reset(token, "a new long password");
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("This password reset link is invalid or has expired. Please request a new one.");
  });
});

describe("rate limits", () => {
  const someClient = () => ({ "cf-connecting-ip": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

  /**
   * Runs `scenario` again when it straddled the end of a limit's window (its counts start
   * afresh there), so the outcome never depends on when the test runs.
   */
  async function inOneWindow(windowSeconds: number, scenario: () => Promise<void>) {
    const window = () => Math.floor(Date.now() / 1000 / windowSeconds);
    for (let attempt = 0; ; attempt++) {
      const started = window();
      try {
        await scenario();
        return;
      } catch (error) {
        if (window() === started || attempt === 2) throw error;
      }
    }
  }

  it("refuses a sixth guess at one account from one address, even with the right password, and not the owner elsewhere", async () => {
    await inOneWindow(900, async () => {
      const { email } = await registerAndVerify();
      const stranger = someClient();
      for (let attempt = 0; attempt < 5; attempt++) expect((await login(email, "Wrong-1!", stranger)).status).toBe(401);
      const blocked = await login(email, PASSWORD, stranger);
      expect(blocked.status).toBe(429);
      expect(blocked.json.detail).toBe("Too many attempts. Please try again in 15 minutes.");
      expect(blocked.headers.get("retry-after")).toBe("900");
      expect((await login(email, PASSWORD, someClient())).status).toBe(200);
    });
  });

  it("checks no more passwords than the limit when thirty guesses arrive at once", async () => {
    await inOneWindow(900, async () => {
      const { email } = await registerAndVerify();
      const stranger = someClient();
      const answers = await Promise.all(Array.from({ length: 30 }, () => login(email, "Wrong-1!", stranger)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    });
  });

  it("starts an address's count afresh once it signs in with the right password", async () => {
    await inOneWindow(900, async () => {
      const { email } = await registerAndVerify();
      const owner = someClient();
      for (let attempt = 0; attempt < 4; attempt++) await login(email, "Wrong-1!", owner);
      expect((await login(email, PASSWORD, owner)).status).toBe(200);
      for (let attempt = 0; attempt < 4; attempt++) expect((await login(email, "Wrong-1!", owner)).status).toBe(401);
      expect((await login(email, PASSWORD, owner)).status).toBe(200);
    });
  });

  it("counts no right password against an address, so a busy office signs in freely", async () => {
    await inOneWindow(900, async () => {
      const { email } = await registerAndVerify();
      const office = someClient();
      // Nineteen of the address's twenty guesses a quarter hour are used up already.
      await sql`insert into rate_limits (bucket, window_start, hits)
                values (encode(sha256(convert_to(${`login:ip:${office["cf-connecting-ip"]}`}, 'UTF8')), 'hex'), to_timestamp(floor(extract(epoch from now()) / 900) * 900), 19)`;
      for (let attempt = 0; attempt < 3; attempt++) expect((await login(email, PASSWORD, office)).status).toBe(200);
      expect((await login(email, "Wrong-1!", office)).status).toBe(401);
      expect((await login(email, PASSWORD, office)).status).toBe(429);
    });
  });

  it("slows an account guessed at from many addresses to ten tries a minute instead of locking it", async () => {
    await inOneWindow(60, async () => {
      const { email } = await registerAndVerify();
      await Promise.all(Array.from({ length: 10 }, () => login(email, "Wrong-1!", someClient())));
      const slowed = await login(email, PASSWORD, someClient());
      expect(slowed.status).toBe(429);
      expect(slowed.json.detail).toBe("Too many attempts. Please try again in 1 minute.");
      expect(slowed.headers.get("retry-after")).toBe("60");
      // A reset link is never withheld from the account.
      expect((await forgot(email, someClient())).status).toBe(200);
      expect((await latestMail(email, "Reset"))?.subject).toBe("Reset your password");
    });
  });

  it("blocks one client address that guesses across many accounts", async () => {
    await inOneWindow(900, async () => {
      const client = someClient();
      for (let attempt = 0; attempt < 20; attempt++) await login(uniqueEmail("spray"), "Wrong-1!", client);
      const { email } = await registerAndVerify();
      expect((await login(email, PASSWORD, client)).status).toBe(429);
      expect((await login(email, PASSWORD, someClient())).status).toBe(200);
    });
  });

  it("answers a bogus reset link without hashing and limits reset attempts per address", async () => {
    const client = someClient();
    const attempt = () => reset(crypto.randomUUID(), "a new long password", client);
    const answers = await Promise.all(Array.from({ length: 10 }, attempt));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(400));
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("3600");
  });

  it("limits reset requests per client address", async () => {
    const client = someClient();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await forgot(uniqueEmail("ghost"), client)).status).toBe(200);
    }
    const blocked = await forgot(uniqueEmail("ghost"), { ...client, "accept-language": "cs" });
    expect(blocked.status).toBe(429);
    expect(blocked.json.detail).toBe("Příliš mnoho pokusů. Zkuste to prosím znovu za 60 minut.");
  });

  it("sends one address at most three reset mails an hour, answering every request the same", async () => {
    const { email } = await registerAndVerify();
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await forgot(email);
      expect(res.status).toBe(200);
      expect(res.json.message).toBe("You will receive a password reset link at the provided email address.");
    }
    const [{ n }] = (await sql`select count(*)::int as n from mail_outbox where to_address = ${email} and subject = 'Reset your password'`) as [{ n: number }];
    expect(n).toBe(3);
  });

  it("limits registrations per client address", async () => {
    const client = someClient();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await register(uniqueEmail("bulk"), PASSWORD, client)).status).toBe(201);
    }
    expect((await register(uniqueEmail("bulk"), PASSWORD, client)).status).toBe(429);
  });

  it("limits verification mails sent on unverified logins", async () => {
    const email = uniqueEmail();
    await register(email);
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(email)).status).toBe(403);
    const [{ n }] = (await sql`select count(*)::int as n from mail_outbox where to_address = ${email}`) as [{ n: number }];
    expect(n).toBe(1 + 3);
  });

  it("are forgotten by the cron once their window has ended, and name no address or email", async () => {
    const { email } = await registerAndVerify();
    await login(email, "Wrong-1!", { "cf-connecting-ip": "192.0.2.77" });
    expect(await sql`select bucket from rate_limits where bucket like ${`%${email}%`} or bucket like '%192.0.2.77%'`).toHaveLength(0);
    expect(await sql`select bucket from rate_limits where bucket = encode(sha256(convert_to(${`login:ip:192.0.2.77`}, 'UTF8')), 'hex')`).toHaveLength(1);

    const bucket = `test:${crypto.randomUUID()}`;
    await sql`insert into rate_limits (bucket, window_start, hits) values
              (${`${bucket}:old`}, now() - interval '2 days', 9), (${`${bucket}:current`}, now(), 1)`;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController(), env as Bindings, ctx);
    await waitOnExecutionContext(ctx);
    const left = await sql`select bucket from rate_limits where bucket like ${`${bucket}:%`}`;
    expect(left.map((row) => row.bucket)).toEqual([`${bucket}:current`]);
  });
});
