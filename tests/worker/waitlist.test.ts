import { afterAll, describe, expect, it } from "vitest";
import { api, client, db, ok, refused } from "./helpers.ts";

const sql = db();
afterAll(() => sql.end());

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** The public forms as the site sends them, in the language given. */
const forms = (language = "en") => client({ "accept-language": language }).waitlist;

describe("POST /api/waitlist/join", () => {
  it("stores the address once and tells sales once, even when joined twice", async () => {
    const email = unique("Visitor").toUpperCase();
    expect(await ok(forms().join.$post({ json: { email } }))).toEqual({ message: "Thanks for joining our waitlist!" });
    await ok(forms().join.$post({ json: { email: email.toLowerCase() } }));

    const rows = await sql`select email::text from waitlist_entries where email = ${email}`;
    expect(rows.map((r) => r.email)).toEqual([email.toLowerCase()]);
    const mails = await sql`select to_address from mail_outbox where subject = ${`Waitlist: ${email.toLowerCase()}`}`;
    expect(mails.map((m) => m.to_address)).toEqual(["sales@example.com"]);
  });

  it("answers in the request's language", async () => {
    const de = await ok(forms("de-DE,de;q=0.9").join.$post({ json: { email: unique("de") } }));
    expect(de.message).toBe("Danke! Sie stehen jetzt auf unserer Warteliste.");
    expect((await refused(forms("cs").join.$post({ json: { email: "nope" } }), 422)).detail).toBe("Zadejte prosím platnou e-mailovou adresu");
  });

  it.each([
    ["a missing email", {}],
    ["a number", { email: 42 }],
    ["an address with a space", { email: "a b@example.com" }],
    ["an address without a dot", { email: "a@example" }],
  ])("rejects %s with a 422 detail and stores nothing", async (_name, body) => {
    const before = await sql`select count(*)::int as n from waitlist_entries`;
    const res = await api("/api/waitlist/join", { body });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe("Please enter a valid email address");
    const after = await sql`select count(*)::int as n from waitlist_entries`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each([null, [1, 2], "x@y.z"])("rejects the body %j, which is not an object", async (body) => {
    const res = await api("/api/waitlist/join", { body });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe("The request body must be a JSON object.");
  });

  it("rejects invalid JSON with 400", async () => {
    const res = await api("/api/waitlist/join", {
      rawBody: '{"email": "x@y.z"',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("The request body is not valid JSON.");
  });

  it("rejects a 1 MB body with 413", async () => {
    const res = await api("/api/waitlist/join", { body: { email: `${"a".repeat(1024 * 1024)}@x.io` } });
    expect(res.status).toBe(413);
    expect(res.json.detail).toBe("The request is too large.");
  });
});

describe("POST /api/waitlist/contact-sales", () => {
  it("stores the message and mails the sales inbox", async () => {
    const email = unique("buyer");
    const sent = await ok(forms()["contact-sales"].$post({ json: { email, message: "  We have three salons.  " } }));
    expect(sent).toEqual({ message: "Your message has been sent successfully!" });
    const [row] = await sql`select message from contact_messages where email = ${email}`;
    expect(row?.message).toBe("We have three salons.");
    const [mail] = await sql`select to_address, text_body from mail_outbox where subject = ${`Contact form: ${email}`}`;
    expect(mail?.to_address).toBe("sales@example.com");
    expect(mail?.text_body).toContain("We have three salons.");
  });

  it.each([
    ["a blank message", { email: "a@b.co", message: "   " }, "Please enter a message."],
    ["a missing message", { email: "a@b.co" }, "Please enter a message."],
    ["a bad address", { email: "ab.co", message: "hi" }, "Please enter a valid email address."],
    ["a message of the wrong type", { email: "a@b.co", message: { text: "hi" } }, "Please enter a message."],
    ["an overlong message", { email: "a@b.co", message: "x".repeat(5001) }, "The message can be at most 5,000 characters long."],
  ])("rejects %s", async (_name, body, detail) => {
    const res = await api("/api/waitlist/contact-sales", { body });
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe(detail);
  });
});

describe("the public forms' limits", () => {
  it.each([
    ["/api/waitlist/join", 10, "waitlist_entries", (email: string) => ({ email })],
    ["/api/waitlist/contact-sales", 5, "contact_messages", (email: string) => ({ email, message: "Hello" })],
  ])("%s takes %i requests an hour from one address, then answers 429 and stores nothing", async (path, max, table, body) => {
    const client = { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}` };
    const emails = Array.from({ length: max + 5 }, () => unique("form"));
    const answers = await Promise.all(emails.map((email) => api(path, { body: body(email), headers: client })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(max);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json.detail).toBe("Too many attempts. Please try again in 60 minutes.");
    const [stored] = await sql`select count(*)::int as n from ${sql(table)} where email in ${sql(emails)}`;
    expect(stored!.n).toBe(max);
  });
});

describe("the API's edges", () => {
  it("answers unknown paths with a JSON 404", async () => {
    const res = await api("/api/nothing/here");
    expect(res.status).toBe(404);
    expect(res.json.detail).toBe("This address does not exist.");
  });

  it("hides the local mailbox outside local development", async () => {
    const res = await api("/api/dev/mailbox");
    expect(res.status).toBe(404);
  });
});
