import { afterAll, describe, expect, inject, it } from "vitest";
import type { PlacedCall } from "../fakes/twilio-rest.ts";
import { accessibilityProblems } from "./axe.ts";
import { useBrowser, VIEWPORTS } from "./browser.ts";
import { nextMonday, scriptModel } from "./call-api.ts";
import { sql } from "./database.ts";
import { logIn } from "./owner.ts";
import { accountSid, authToken, base, callRow, openStream, salonWithNumber } from "./phone-line.ts";
import { uniqueCzechNumber } from "./twilio-fake.ts";

// A call the salon places to offer a freed time, whole: Twilio's fake answers it with a person,
// the Worker puts them through to the assistant, the scripted model takes the offer, and the
// owner finds the call on the Calls screen. Deciding to call and placing the call are the
// Worker's (tests/worker/offer-calls.test.ts checks the request); here the call is placed with
// the same request, for an offer written here.

afterAll(() => sql.end());

const rest = inject("twilioRestUrl");
const { visitor } = useBrowser();

/** Asks Twilio for the offer's call as the Worker does: from the salon's line, with answering-machine detection. */
async function placeOfferCall(attemptId: string, from: string, to: string) {
  const params = new URLSearchParams({
    To: to,
    From: from,
    Url: `${base}/api/telephony/twilio/offer-call?attempt=${attemptId}`,
    Method: "POST",
    MachineDetection: "DetectMessageEnd",
    StatusCallback: `${base}/api/telephony/twilio/offer-call-status?attempt=${attemptId}`,
    StatusCallbackMethod: "POST",
  });
  for (const event of ["initiated", "ringing", "answered", "completed"]) params.append("StatusCallbackEvent", event);
  const response = await fetch(`${rest}/2010-04-01/Accounts/${accountSid}/Calls.json`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${accountSid}:${authToken}`)}`, "content-type": "application/x-www-form-urlencoded" },
    body: params.toString(),
  });
  expect(response.status).toBe(201);
}

async function placedTo(to: string): Promise<PlacedCall> {
  let found: PlacedCall | undefined;
  await expect
    .poll(async () => (found = ((await (await fetch(`${rest}/__placed-calls`)).json()) as PlacedCall[]).find((call) => call.to === to && call.answer?.twiml)), {
      timeout: 15_000,
      interval: 100,
    })
    .toBeTruthy();
  return found!;
}

describe("an outbound offer call", () => {
  it("books the freed time when the client says yes to the assistant, and shows on the Calls screen as outbound", async () => {
    const salon = await salonWithNumber();
    const [ids] = await sql<{ salon_id: string; stylist_id: string; service_id: string }[]>`
      select s.id as salon_id, st.id as stylist_id, v.id as service_id
      from salons s join stylists st on st.salon_id = s.id join services v on v.salon_id = s.id and v.name = 'Haircut'
      where s.name = ${salon.salonName}`;
    const client = uniqueCzechNumber("77");
    const monday = nextMonday();
    const start = new Date(`${monday}T13:00:00Z`);
    const end = new Date(start.getTime() + 45 * 60_000);
    const [slot] = await sql<{ id: string }[]>`
      insert into outreach_slots (salon_id, stylist_id, start_at, end_at, trigger)
      values (${ids!.salon_id}, ${ids!.stylist_id}, ${start}, ${end}, 'cancelled') returning id`;
    const [offer] = await sql<{ id: string }[]>`
      insert into outreach_attempts (salon_id, slot_id, name, phone, language, channel, start_at, end_at, service_ids, expires_at)
      values (${ids!.salon_id}, ${slot!.id}, 'Eva Malá', ${client}, 'cs', 'call', ${start}, ${end}, ${sql.json([ids!.service_id])}, now() + interval '1 hour')
      returning id`;
    const model = await scriptModel(salon.salonName);

    await placeOfferCall(offer!.id, salon.number, client);

    // The model is told of the offer, gets the offer's tools, and opens the call with it in Czech.
    const session = (await model.received("session.update")).session as { instructions: string; tools: { name: string }[] };
    expect(session.instructions).toContain("# This call: you are calling a client to offer a time that came free");
    expect(session.instructions).toContain(`- You called "Eva Malá" at ${client} on behalf of the salon "${salon.salonName}"; they did not call you.`);
    expect(session.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["accept_offer", "decline_offer", "book_appointment", "reschedule_appointment"]));
    const opening = (await model.received("response.create")).response as { instructions: string };
    expect(opening.instructions).toContain(`Start the call in Czech. Greet "Eva Malá" by name, say that you are calling from "${salon.salonName}"`);

    // Twilio's detection heard a person: the answer put them through to the call's media stream.
    const placed = await placedTo(client);
    expect(placed).toMatchObject({ from: salon.number, machineDetection: "DetectMessageEnd", answeredBy: "human" });
    const [, streamUrl, callId] = /<Stream url="([^"]+)"><Parameter name="callId" value="([^"]+)"\/>/.exec(placed.answer!.twiml!)!;
    const phone = await openStream({ callSid: placed.sid, callId: callId!, streamUrl: streamUrl! });

    model.speak("offer", "Dobrý den, paní Malá, tady salon. Uvolnil se termín v pondělí ve 14:00. Chcete ho?", 400, { done: true });
    const booked = await model.callTool("accept_offer", {});
    const pragueTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Prague", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(start);
    expect(booked).toMatchObject({ booked: true, start: `${monday} ${pragueTime}`, customer_name: "Eva Malá", services: ["Haircut"] });
    model.speak("confirm", "Výborně, termín je váš. Na shledanou!", 300, { done: true });

    // The client hangs up: the session closes the record, Twilio reports the end with its price.
    phone.hangUp();
    await fetch(`${rest}/__hang-up`, { method: "POST", body: JSON.stringify({ sid: placed.sid }) });
    const recorded = await callRow(callId!, (call) => call.telephony_cost !== null && call.outcome !== null);
    expect(recorded).toMatchObject({ direction: "outbound", from_number: salon.number, to_number: client, call_status: "completed", outcome: "booked", telephony_cost: 0.014 });
    const [attempt] = await sql`select a.status, p.source from outreach_attempts a join appointments p on p.id = a.appointment_id where a.id = ${offer!.id}`;
    expect(attempt).toEqual({ status: "accepted", source: "outreach" });

    const { page, context } = await visitor();
    await logIn(page, salon.owner.email, salon.owner.password);
    for (const viewport of [VIEWPORTS.phone, { width: 1366, height: 900 }]) {
      await page.setViewportSize(viewport);
      await page.goto(`/en/dashboard/calls?call=${callId}`);
      const details = page.getByRole("region", { name: "Call Details" });
      await details.getByText("The assistant placed this call to offer a time that came free.").waitFor();
      await details.getByText("Outbound call").waitFor();
      await details.getByText("Booked").first().waitFor();
    }
    // On a wide screen the list stands beside the call: the row is marked outbound and names the number called.
    const row = page.getByRole("region", { name: "Call history" }).getByRole("button", { name: /To \+420 77/ });
    await row.getByText(/^Outbound ·/).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);

    // In Czech the word for outbound is longer: beside the outcome and the time it is still read whole, on a phone and in the narrow list column.
    for (const viewport of [VIEWPORTS.phone, { width: 1366, height: 900 }]) {
      await page.setViewportSize(viewport);
      await page.goto("/cs/dashboard/calls");
      const czech = page.getByRole("region", { name: "Historie hovorů" }).getByRole("button", { name: /Na \+420 77/ });
      const outbound = czech.getByText(/^Odchozí/);
      await outbound.waitFor();
      const [label, time] = await Promise.all([outbound.boundingBox(), czech.locator("time").boundingBox()]);
      expect(label!.x + label!.width).toBeLessThanOrEqual(time!.x);
    }
    await context.close();
  });
});
