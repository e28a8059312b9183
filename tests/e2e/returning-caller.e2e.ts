import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "./database.ts";
import { screenshot, useBrowser, VIEWPORTS } from "./browser.ts";
import { logIn } from "./owner.ts";
import { bookReturningClient, callRow, hangUpBeforeStream, openStream, ring, salonWithNumber } from "./phone-line.ts";

// A returning client's phone call from ring to the owner's answer: the model (a scripted fake)
// is told who calls, the call is summarised by a text model (a scripted fake of the Responses
// API), and the owner reads it and answers its open question in the browser.

const browser = useBrowser();
afterAll(() => sql.end());

/** The text model's next answer for a call of the salon named `salonName` (its instructions name the salon). */
async function scriptSummary(salonName: string, reply: unknown) {
  const response = await fetch(new URL("/__script", inject("responsesUrl")), { method: "POST", body: JSON.stringify({ match: salonName, reply }) });
  expect(response.status).toBe(200);
}

const SUMMARY = "Lucie Dvořáková moved her Monday haircut from 10:00 to 11:00. She asked whether she can park near the salon, which the assistant could not answer.";
const PARKING = "Is there parking near the salon?";
const ANSWER = "Yes: the courtyard behind the building is free for clients.";

describe("a returning client's phone call", () => {
  // A phone call, its summary and three screens: more than one page's worth of time on a busy machine.
  it("is greeted by name, moves the visit, shows its outcome and summary, and the owner's answer reaches the next call", async () => {
    const salon = await salonWithNumber();
    const { monday } = await bookReturningClient(salon);

    // The model greets with the name its instructions give, as a model would: no name, no greeting by name.
    const call = await ring(salon);
    const { instructions } = (await call.model.received("session.update")).session as { instructions: string };
    const name = /belongs to a client of the salon: "([^"]+)"/.exec(instructions)?.[1];
    expect(name).toBe("Lucie Dvořáková");
    await call.model.received("response.create");
    const phone = await openStream(call);
    const greeting = `Good morning, ${name!.split(" ")[0]}! Are you calling about your haircut on Monday?`;
    call.model.speak("item_greeting", greeting, 600, { done: true });
    await phone.waitFor(() => phone.heardMs >= 600);

    // She moves it without saying who she is: the tools know her by her number.
    call.model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_lucie", content_index: 0, transcript: "Yes, can you move it to eleven? And can I park near you?" });
    const moved = await call.model.callTool("reschedule_appointment", { customer_name: name, new_start: `${monday} 11:00` });
    expect(moved).toMatchObject({ rescheduled: true, start: `${monday} 11:00` });
    await call.model.received("response.create");
    call.model.speak("item_moved", "Done: Monday at eleven. About parking, I am sorry, I do not know.", 600, { done: true });
    await phone.waitFor(() => phone.heardMs >= 1200);

    await scriptSummary(salon.salonName, {
      summary: SUMMARY,
      outcome: "no_action",
      follow_up: true,
      follow_up_reason: "Tell Lucie where she can park.",
      unanswered_questions: [{ question: PARKING, repeats: null }],
    });
    phone.hangUp();
    await call.model.closed();
    // The tools' fact (a move) is the outcome, whatever the text model said.
    const record = await callRow(call.callId, (row) => row.summary_state === "done");
    expect(record).toMatchObject({ outcome: "rescheduled", summary: SUMMARY, follow_up: true, follow_up_reason: "Tell Lucie where she can park." });

    // The owner reads the call in the browser.
    const { page } = await browser.visitor({ viewport: VIEWPORTS.desktop });
    await logIn(page, salon.owner.email, salon.owner.password);
    await page.goto(`/en/dashboard/calls?call=${call.callId}`);
    const details = page.getByRole("region", { name: "Call Details", exact: true });
    await details.getByText(SUMMARY).waitFor();
    await details.getByText("Rescheduled", { exact: true }).waitFor();
    await details.getByText("Tell Lucie where she can park.").waitFor();
    await page.getByText(greeting).waitFor();
    await screenshot(page, "returning-caller-call-details");

    // …and answers the question the assistant could not.
    await page.goto("/en/dashboard/assistant");
    await page.getByRole("button", { name: `Answer “${PARKING}”` }).click();
    const answering = page.getByRole("dialog");
    await answering.getByRole("textbox", { name: "Answer", exact: true }).fill(ANSWER);
    await answering.getByRole("button", { name: "Save answer" }).click();
    await answering.waitFor({ state: "detached" });
    await page.getByText("Your assistant uses these answers on every call.").waitFor();
    await page.getByText(ANSWER).waitFor();
    await screenshot(page, "returning-caller-faq");

    // The next caller's assistant knows it.
    const next = await ring(salon);
    const told = (await next.model.received("session.update")).session as { instructions: string };
    expect(told.instructions).toContain(`- Q: ${PARKING}\n  A: ${ANSWER}`);
    await hangUpBeforeStream(salon, next);
  });
});
