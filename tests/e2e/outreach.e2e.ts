import { afterAll, describe, expect, inject, it } from "vitest";
import { OUTREACH_DEFAULTS } from "../../contract/outreach.ts";
import { dayOf } from "../../contract/time-zone.ts";
import { sendInboundSms, sentMessages } from "../fakes/messaging-controls.ts";
import { accessibilityProblems } from "./axe.ts";
import { screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { nextMonday } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";
import { base, salonWithNumber } from "./phone-line.ts";
import { uniqueCzechNumber } from "./twilio-fake.ts";

// Outreach by text, end to end against the real Worker: an appointment is cancelled, the freed
// time goes by SMS (Twilio's fake) to the two clients waiting for it, the first to answer ANO
// has it, the second hears it went, and the owner finds the booking marked as an offer's in the
// calendar and the whole story on the Waitlist screen's Offers tab.

const browser = useBrowser();
afterAll(() => sql.end());

const twilio = inject("twilioRestUrl");
const smsTo = async (to: string) => (await sentMessages(twilio)).filter((m) => m.to === to);
/** The text of a TwiML answer's message, as the client's phone shows it. */
const messageOf = (twiml: string | null) => /<Message>([\s\S]*)<\/Message>/.exec(twiml ?? "")?.[1]?.replaceAll("&apos;", "'");

describe("outreach by text", () => {
  it("offers a cancelled time to the waiting clients; the first ANO books it, the second is told it went, and the owner sees it all", async () => {
    const salon = await salonWithNumber();
    const { owner } = salon;
    const [ids] = await sql<{ salon_id: string; stylist_id: string; service_id: string }[]>`
      select s.id as salon_id, st.id as stylist_id, v.id as service_id
      from salons s join stylists st on st.salon_id = s.id join services v on v.salon_id = s.id and v.name = 'Haircut'
      where s.name = ${salon.salonName}`;
    // Whatever the hour the test runs at, no quiet hours hold the texts back.
    await sql`update message_settings set quiet_start = '00:00', quiet_end = '00:00' where salon_id = ${ids!.salon_id}`;
    expect((await owner.call("/api/dashboard/outreach/settings", { method: "PUT", body: { ...OUTREACH_DEFAULTS, enabled: true, sms_round: 2 } })).status).toBe(200);

    const monday = nextMonday();
    const wish = (name: string, phone: string) => ({
      name,
      phone,
      services: [ids!.service_id],
      stylist: null,
      weekdays: [1, 2, 3, 4, 5],
      from_time: "09:00",
      until_time: "18:00",
      from_date: new Date().toISOString().slice(0, 10),
      until_date: monday,
    });
    const eva = uniqueCzechNumber("77");
    const petra = uniqueCzechNumber("77");
    for (const [name, phone] of [["Eva Malá", eva], ["Petra Bílá", petra]] as const) {
      const added = await owner.call("/api/dashboard/waitlist", { body: wish(name, phone) });
      expect(added.status, JSON.stringify(added.json)).toBe(201);
    }
    const booked = await owner.call("/api/dashboard/appointments", {
      body: {
        customer_name: "Walter Zrušil",
        customer_phone: uniqueCzechNumber("77"),
        stylist: ids!.stylist_id,
        start_datetime: `${monday}T13:00:00Z`,
        end_datetime: `${monday}T13:45:00Z`,
        services: [{ service: ids!.service_id, price_at_booking: null, duration_at_booking: null }],
      },
    });
    expect(booked.status).toBe(201);

    // The appointment is cancelled: both waiting clients get the offer from the salon's own number.
    expect((await owner.call(`/api/dashboard/appointments/${booked.json.id as string}`, { method: "DELETE" })).status).toBe(204);
    for (const phone of [eva, petra]) {
      await expect.poll(async () => (await smsTo(phone)).length, { timeout: 20_000, interval: 100 }).toBe(1);
      const [offer] = await smsTo(phone);
      expect(offer!.from).toBe(salon.number);
      expect(offer!.body).toMatch(new RegExp(`^${salon.salonName}: a time has come free – .+ at 2:00 PM with Jana Nováková \\(Haircut\\)\\. Reply YES to book it`));
    }

    // Eva answers first and has it; Petra's yes comes second and is told, politely, that it went.
    const webhook = `${base}/api/telephony/twilio/messaging`;
    const first = await sendInboundSms(twilio, { from: eva, to: salon.number, body: "Ano", url: webhook });
    expect(first.answered).toBe(200);
    // The answer is the booking's one text: with the link to change or cancel it, and no SMS confirmation besides.
    expect(messageOf(first.answer)).toMatch(
      new RegExp(`^${salon.salonName}: it's yours – .+ at 2:00 PM, Haircut with Jana Nováková\\.(?: .+\\.)? See you then! Need to change or cancel\\? \\S+/en/visit/[\\w-]{43}$`),
    );
    const second = await sendInboundSms(twilio, { from: petra, to: salon.number, body: "YES", url: webhook });
    expect(messageOf(second.answer)).toBe(`${salon.salonName}: sorry, someone was quicker and that time is gone. You stay on our waiting list.`);
    const appointments = await sql<{ customer_name: string; source: string }[]>`
      select customer_name, source from appointments where salon_id = ${ids!.salon_id} and status = 'booked'`;
    expect(appointments).toEqual([{ customer_name: "Eva Malá", source: "outreach" }]);
    const confirmations = await sql`
      select m.channel from client_messages m join appointments a on a.id = m.appointment_id where a.salon_id = ${ids!.salon_id} and a.status = 'booked' and m.kind = 'booked'`;
    expect(confirmations).toEqual([{ channel: "email" }]);

    // The owner sees the booking marked as an offer's, and the offer's story on the Waitlist screen.
    const { page, context } = await browser.visitor({ viewport: { width: 1366, height: 900 } });
    await logIn(page, owner.email, owner.password);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto("/en/dashboard/calendar");
    await page.getByRole("button", { name: "Day", exact: true }).click();
    // The calendar opens on the salon's today, which near midnight is not the machine's.
    const daysAhead = (Date.parse(monday) - Date.parse(dayOf(new Date(), "Europe/Prague"))) / 86_400_000;
    for (let day = 0; day < daysAhead; day++) await page.getByRole("button", { name: "Next", exact: true }).click();
    const event = page.getByRole("button", { name: /Eva Malá/ }).first();
    await event.getByRole("img", { name: "Booked from an offer" }).waitFor();

    await page.goto("/en/dashboard/waitlist?tab=offers");
    const slot = page.getByRole("listitem").filter({ hasText: "freed by a cancellation" }).first();
    await slot.getByText("Booked from an offer").waitFor();
    await slot.getByRole("listitem").filter({ hasText: "Eva Malá" }).getByText("Accepted").waitFor();
    await slot.getByRole("listitem").filter({ hasText: "Petra Bílá" }).getByText("Taken by another").waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await slot.scrollIntoViewIfNeeded();
    await screenshot(page, "outreach-offers-en-390", { fullPage: false });
    await context.close();
  });
});
