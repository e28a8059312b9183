import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../worker/data/db.ts";
import { withTenant } from "../../worker/data/tenant.ts";
import type { AppEnv } from "../../worker/env.ts";
import { onError } from "../../worker/platform/http/errors.ts";
import { detectLanguage } from "../../worker/platform/http/language.ts";
import { sql } from "./auth-helpers.ts";
import { db } from "./helpers.ts";
import { signedInOwner } from "./owner.ts";

/** Watches the Worker's connections while `sql` holds a lock. */
const watcher = db();
afterAll(() => Promise.all([sql.end(), watcher.end()]));

const ROUNDS = 20;

/** Connections waiting for a lock that the connection `holder` holds. */
async function waitingOn(holder: number): Promise<number> {
  const [row] = await watcher<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))`;
  return row!.n;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const OVERLAP = /already has an appointment|overlaps another appointment/;
const CONCURRENT = "Someone else changed the same data at the same moment. Please reload and try again.";

describe("two appointments swapped at the same moment", () => {
  it("never answer a 500: each write is saved or refused with a message to act on", async () => {
    const owner = await signedInOwner();
    const stylist = async (name: string) => (await owner.call("/api/dashboard/stylists", { body: { first_name: name, last_name: "Nová" } })).json.id as string;
    const [x, y] = [await stylist("Jana"), await stylist("Petra")];
    const slot = { start_datetime: "2031-03-03T10:00:00Z", end_datetime: "2031-03-03T10:45:00Z" };
    const book = async (stylistId: string) => (await owner.call("/api/dashboard/appointments", { body: { stylist: stylistId, ...slot } })).json.id as string;
    // One appointment with each stylist at the same time: giving each the other's stylist
    // makes each write wait on the other's row.
    const [a, b] = [await book(x), await book(y)];
    const move = (id: string, stylistId: string) => owner.call(`/api/dashboard/appointments/${id}`, { method: "PUT", body: { stylist: stylistId, ...slot } });

    const answers: { status: number; detail: unknown }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Both writes are held at the two rows' locks until both wait there, then let go at
      // once, as two front-desk clicks in the same instant would be.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = (_holder: number) => {};
      const holder = new Promise<number>((resolve) => (locked = resolve));
      const lock = sql.begin(async (tx) => {
        const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid from appointments where id in (${a}, ${b}) for update`;
        locked(row!.pid);
        await released;
      });
      const pid = await holder;
      const writes = [move(a, y), move(b, x)];
      await waitFor(async () => (await waitingOn(pid)) === 2);
      release();
      await lock;
      const results = await Promise.all(writes);
      answers.push(...results.map((res) => ({ status: res.status, detail: res.json.detail })));
    }
    const tally = new Map<number, number>();
    for (const { status } of answers) tally.set(status, (tally.get(status) ?? 0) + 1);
    console.info(`swaps: ${answers.length} writes, ${[...tally].map(([status, count]) => `${count} × ${status}`).join(", ")}`);

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer.status).toBe(409);
      expect(String(answer.detail)).toMatch(answer.detail === CONCURRENT ? CONCURRENT : OVERLAP);
    }
  });
});

describe("a transaction PostgreSQL ends for colliding with another", () => {
  const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });
  const serialization = () => Object.assign(new Error("could not serialize access"), { code: "40001" });

  /** A database whose first `collisions` transactions collide; the others run on the test database. */
  function colliding(...collisions: (() => Error)[]) {
    const database = { attempts: 0 };
    const db: Database = async (work) => {
      const collision = collisions[database.attempts++];
      if (collision) throw collision();
      return work(sql);
    };
    return Object.assign(database, { db });
  }

  const appOn = (db: Database) =>
    new Hono<AppEnv>()
      .use(...detectLanguage)
      .get("/", async (c) => c.json(await withTenant(db, { salonId: crypto.randomUUID(), userId: crypto.randomUUID() }, async () => ({ saved: true }))))
      .onError(onError);

  it("runs once more, and the second run's answer is the answer", async () => {
    for (const collision of [deadlock, serialization]) {
      const database = colliding(collision);
      const res = await appOn(database.db).request("/");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ saved: true });
      expect(database.attempts).toBe(2);
    }
  });

  it("answers 409 in the caller's language when it collides again", async () => {
    const database = colliding(deadlock, serialization);
    const res = await appOn(database.db).request("/", { headers: { "accept-language": "cs" } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      detail: "Někdo jiný ve stejnou chvíli změnil stejná data. Načtěte prosím stránku znovu a zkuste to ještě jednou.",
      code: "concurrent_change",
    });
    expect(database.attempts).toBe(2);
  });
});
