import { afterAll, describe, expect, it } from "vitest";
import { sql } from "./auth-helpers.ts";
import { clients, czechSalon } from "./client-helpers.ts";

afterAll(() => sql.end());

const noShow = (owner: Awaited<ReturnType<typeof czechSalon>>["owner"], id: string, value: unknown, language = "en") =>
  owner.call(`/api/dashboard/appointments/${id}/no-show`, { method: "PUT", body: { no_show: value }, headers: { "accept-language": language } });

/** A day `days` from today (negative: ago), as YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("a no-show", () => {
  it("is marked on a booked appointment that has begun and undone again, and the appointment stays booked in its slot", async () => {
    const { owner, book } = await czechSalon();
    const past = await book({ customer_name: "Lucie Malá", customer_phone: "777 123 456" }, day(-3));

    const marked = await noShow(owner, past, true);
    expect(marked.status).toBe(200);
    expect(Date.parse(marked.json.no_show_at as string)).toBeLessThanOrEqual(Date.now());
    const calendar = (await owner.call(`/api/dashboard/appointments/${past}`)).json;
    expect(calendar).toMatchObject({ id: past, no_show_at: marked.json.no_show_at });

    // Marking twice keeps the first moment.
    expect((await noShow(owner, past, true)).json.no_show_at).toBe(marked.json.no_show_at);
    const [stored] = await sql<{ status: string }[]>`select status from appointments where id = ${past}`;
    expect(stored!.status).toBe("booked");

    const undone = await noShow(owner, past, false);
    expect(undone.status).toBe(200);
    expect(undone.json.no_show_at).toBeNull();
  });

  it("is refused for an appointment still ahead, in the caller's language", async () => {
    const { owner, book } = await czechSalon();
    const ahead = await book({ customer_name: "Eva", customer_phone: "603 000 111" }, day(5));
    const details = {
      en: "This appointment has not begun yet. A no-show can be marked once its time has come.",
      de: "Dieser Termin hat noch nicht begonnen. Sie können ihn erst als „nicht erschienen“ markieren, sobald er begonnen hat.",
      cs: "Tato rezervace ještě nezačala. Jako „Nedorazil/a“ ji můžete označit, až nastane její čas.",
    };
    for (const [language, detail] of Object.entries(details)) {
      const refused = await noShow(owner, ahead, true, language);
      expect(refused.status).toBe(422);
      expect(refused.json.detail).toBe(detail);
    }
    const [stored] = await sql<{ no_show_at: Date | null }[]>`select no_show_at from appointments where id = ${ahead}`;
    expect(stored!.no_show_at).toBeNull();
  });

  it("is not found for another salon's appointment, nor for a cancelled one, and a body without a yes or no is refused", async () => {
    const mine = await czechSalon();
    const theirs = await czechSalon();
    const their = await theirs.book({ customer_name: "Jana", customer_phone: "604 000 222" }, day(-2));
    expect((await noShow(mine.owner, their, true)).status).toBe(404);
    const [stored] = await sql<{ no_show_at: Date | null }[]>`select no_show_at from appointments where id = ${their}`;
    expect(stored!.no_show_at).toBeNull();

    const cancelled = await mine.book({ customer_name: "Jana", customer_phone: "604 000 222" }, day(-2));
    expect((await mine.owner.call(`/api/dashboard/appointments/${cancelled}`, { method: "DELETE" })).status).toBe(204);
    expect((await noShow(mine.owner, cancelled, true)).status).toBe(404);

    const bad = await noShow(mine.owner, their, "yes", "de");
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ fields: { no_show: "Wählen Sie Ja oder Nein." } });
  });

  it("is cleared when the appointment moves to a time still ahead", async () => {
    const { owner, book, stylist, service } = await czechSalon();
    const past = await book({ customer_name: "Lucie", customer_phone: "777 123 456" }, day(-3));
    await noShow(owner, past, true);
    const start = new Date(`${day(6)}T09:00:00Z`);
    const moved = await owner.call(`/api/dashboard/appointments/${past}`, {
      method: "PUT",
      body: {
        customer_name: "Lucie",
        customer_phone: "777 123 456",
        stylist,
        start_datetime: start.toISOString(),
        end_datetime: new Date(start.getTime() + 3_600_000).toISOString(),
        services: [{ service, price_at_booking: null, duration_at_booking: null }],
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.no_show_at).toBeNull();
  });
});

describe("the client list", () => {
  it("shows each client's next appointment, their visits without no-shows and cancellations, and their no-shows", async () => {
    const { owner, book } = await czechSalon();
    const lucie = { customer_name: "Lucie Malá", customer_phone: "777 123 456" };
    const visits = [await book(lucie, day(-20)), await book(lucie, day(-10)), await book(lucie, day(-5))];
    const cancelled = await book(lucie, day(-4));
    await owner.call(`/api/dashboard/appointments/${cancelled}`, { method: "DELETE" });
    const next = await book(lucie, day(3));
    await book(lucie, day(9));
    await noShow(owner, visits[2]!, true);
    await book({ customer_name: "Petra Nová", customer_phone: "603 111 222" }, day(-1));

    const [lucieRow, petraRow] = await clients(owner);
    const [nextStart] = await sql<{ start_at: Date }[]>`select start_at from appointments where id = ${next}`;
    expect(lucieRow).toMatchObject({ name: "Lucie Malá", next_appointment_at: nextStart!.start_at.toISOString(), visit_count: 2, no_show_count: 1 });
    expect(petraRow).toMatchObject({ name: "Petra Nová", next_appointment_at: null, visit_count: 1, no_show_count: 0 });

    const page = (await owner.call(`/api/dashboard/clients/${lucieRow!.id}`)).json;
    expect(page).toMatchObject({ visit_count: 2, no_show_count: 1 });
    const past = page.past_appointments as { id: string; no_show: boolean; status: string }[];
    expect(past.filter((appointment) => appointment.no_show).map((appointment) => appointment.id)).toEqual([visits[2]]);
    expect(past.find((appointment) => appointment.id === cancelled)).toMatchObject({ status: "cancelled", no_show: false });
  });
});
