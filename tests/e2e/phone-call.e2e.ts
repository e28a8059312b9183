import twilio from "twilio";
import { afterAll, describe, expect, it } from "vitest";
import { FakeTwilioCall } from "../fakes/twilio-media-stream.ts";
import { api, callItems, claimNextModel, nextMonday } from "./call-api.ts";
import { sql } from "./database.ts";
import { accountSid, authToken, base, CALLER, callRow, bookReturningClient, hangUpBeforeStream, media, openStream, restRequests, ring, salonWithNumber, webhook } from "./phone-line.ts";

// Whole phone calls through the Worker under wrangler (see phone-line.ts).

afterAll(() => sql.end());

describe("a phone call through Twilio", () => {
  it("apologises in the salon's language and records the call failed when the speech model never answers", async () => {
    const salon = await salonWithNumber();
    // The owner runs the salon in Czech, so its callers hear Czech.
    await sql`update users set language = 'cs' where id = (select owner_id from salons where name = ${salon.salonName})`;
    const { control } = await claimNextModel(true);
    const call = await ring(salon);
    const stream = await openStream(call);
    const started = Date.now();
    let apology: { form: Record<string, string> } | undefined;
    await expect
      .poll(
        async () => (apology = (await restRequests()).find((request) => request.method === "POST" && request.path.endsWith(`/Calls/${call.callSid}.json`) && request.form.Twiml)),
        { timeout: 15_000, interval: 200 },
      )
      .toBeTruthy();
    expect(apology!.form.Twiml).toContain('<Say language="cs-CZ">Omlouváme se, kvůli technickému problému teď nemůžeme váš hovor přijmout.');
    // The connection gives up after 5 s, not at once and not after Twilio's own limits.
    expect(Date.now() - started).toBeLessThan(12_000);
    expect((await callRow(call.callId, (row) => row.call_ended_at !== null)).call_status).toBe("failed");
    stream.hangUp();
    control.close();
  });

  it("closes the speech model at once when the caller hangs up before the media stream starts", async () => {
    const salon = await salonWithNumber();
    const call = await ring(salon);
    await call.model.received("response.create");
    const hungUp = Date.now();
    await hangUpBeforeStream(salon, call);
    // Without Twilio's word the session would have waited 30 s for a stream that never comes.
    expect(Date.now() - hungUp).toBeLessThan(5_000);
    expect((await callRow(call.callId, (row) => row.call_ended_at !== null)).call_status).toBe("canceled");
  });

  it("tells the model who a returning client is, their preferred stylist and their next appointment", async () => {
    const salon = await salonWithNumber();
    const { monday, stylist } = await bookReturningClient(salon);
    const [client] = ((await salon.owner.call("/api/dashboard/clients?q=603111222", { method: "GET" })).json as unknown as { items: { id: string }[] }).items;
    expect((await salon.owner.call(`/api/dashboard/clients/${client!.id}`, { method: "PUT", body: { preferred_stylist_id: stylist!.id } })).status).toBe(200);

    const call = await ring(salon);
    const session = (await call.model.received("session.update")).session as { instructions: string };
    expect(session.instructions).toContain('- This number belongs to a client of the salon: "Lucie Dvořáková".');
    expect(session.instructions).toContain('- Their preferred stylist is "Jana Nováková": offer them first.');
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Prague", weekday: "long", day: "numeric", month: "long" }).format(new Date(`${monday}T09:00:00Z`));
    expect(session.instructions).toContain(`- Their upcoming appointments: ${day} at 10:00, Haircut with Jana Nováková.`);
    expect(session.instructions).toContain("call them by their first name and ask whether they are calling about their next appointment");

    await hangUpBeforeStream(salon, call);
  });

  it("greets, books, is interrupted, hands over to the salon and keeps a complete record", async () => {
    const salon = await salonWithNumber();
    const call = await ring(salon);
    const { model } = call;

    // The model is connected and greets before Twilio opens the stream.
    const session = (await model.received("session.update")).session as { instructions: string };
    expect(session.instructions).toContain(`The caller is calling from ${CALLER}`);
    // A number no client has: nothing is said of who calls.
    expect(session.instructions).not.toContain("# The caller");
    await model.received("response.create");
    model.speak("item_greeting", "Good morning, this is the salon. How can I help?", 600);
    model.endResponse();
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The stream opens: the greeting that waited is played at once, in 20 ms mu-law frames.
    const phone = await openStream(call);
    await phone.waitFor(() => phone.heardMs >= 600);
    expect(media(phone)).toHaveLength(30);
    for (const frame of media(phone)) {
      expect(frame.streamSid).toBe(phone.streamSid);
      expect(Buffer.from((frame.media as { payload: string }).payload, "base64")).toHaveLength(160);
    }
    expect(new Set(phone.heard).size).toBeGreaterThan(20); // a tone, not silence
    expect(phone.echoedMarks.length).toBeGreaterThan(0);

    // The caller's voice reaches the model as PCM16 at 24 kHz.
    await phone.silence(100);
    const appended = await model.received("input_audio_buffer.append");
    expect(Buffer.from(appended.audio as string, "base64").length % 2).toBe(0);

    // A booking, by the tools.
    const monday = nextMonday();
    const free = await model.callTool("find_free_slots", { date: monday, services: ["Haircut"] });
    expect(free.slots).toContainEqual({ start: "09:00", stylist: "Jana Nováková" });
    await model.received("response.create");
    // The model leaves out the number: the caller's own, from Twilio, is booked.
    const booked = await model.callTool("book_appointment", { customer_name: "Eva Malá", services: ["Haircut"], start: `${monday} 10:00` });
    expect(booked).toMatchObject({ booked: true, start: `${monday} 10:00`, stylist: "Jana Nováková" });
    await model.received("response.create");
    const [appointment] = await sql`select customer_name, customer_phone, source from appointments where id = ${booked.appointment_id as string}`;
    expect(appointment).toMatchObject({ customer_name: "Eva Malá", customer_phone: CALLER, source: "voice" });

    // A barge-in: the caller speaks 400 ms into a 2 s answer.
    const before = phone.heardMs;
    model.speak("item_answer", "We are open from nine to seven on weekdays, and on Saturdays from nine to two.", 2000);
    await phone.waitFor(() => phone.heardMs >= before + 400);
    model.send({ type: "input_audio_buffer.speech_started", audio_start_ms: 900, item_id: "item_caller" });
    const truncate = await model.received("conversation.item.truncate");
    expect(truncate).toMatchObject({ item_id: "item_answer", content_index: 0 });
    expect(truncate.audio_end_ms).toBeGreaterThanOrEqual(300);
    expect(truncate.audio_end_ms).toBeLessThan(1500);
    await phone.waitFor(() => phone.clears === 1);
    expect(phone.queuedMs).toBe(0);
    model.endResponse();
    model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_caller", content_index: 0, transcript: "Can I talk to the owner?" });

    // The hand-over: the hand-off line plays out, then Twilio is told to dial the salon.
    const handOver = await model.callTool("transfer_to_human", { reason: "wants to talk to the owner" });
    expect(handOver).toMatchObject({ transferring: true });
    await model.received("response.create");
    const heardBefore = phone.heardMs;
    model.speak("item_handoff", "I am putting you through to the salon now.", 1000);
    model.endResponse();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const redirects = async () => (await restRequests()).filter((r) => r.method === "POST" && r.path.endsWith(`/Calls/${call.callSid}.json`));
    expect(await redirects()).toEqual([]);
    let redirect: Awaited<ReturnType<typeof redirects>>[number] | undefined;
    for (let i = 0; i < 100 && !redirect; i++) {
      redirect = (await redirects())[0];
      if (!redirect) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(redirect, "the call was never redirected").toBeDefined();
    expect(phone.heardMs - heardBefore).toBeGreaterThanOrEqual(1000);
    expect(phone.queuedMs).toBe(0);
    // The salon's transfer number, written "+420 601 222 333", dialled in E.164.
    expect(redirect!.form.Twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true"><Number>+420601222333</Number></Dial></Response>',
    );
    await phone.waitFor(() => phone.closedWith !== null);
    expect(phone.closedWith).toEqual({ code: 1000, reason: "handed_over" });
    await model.closed();

    // Twilio reports the end of the whole call, the person's part included.
    const statusForm = { AccountSid: accountSid, CallSid: call.callSid, CallStatus: "completed", CallDuration: "48", From: CALLER, To: salon.number, Direction: "inbound" };
    expect((await webhook("/api/telephony/twilio/status", statusForm)).status).toBe(204);
    const record = await callRow(call.callId, (row) => row.call_status !== "in-progress" && row.telephony_cost !== null && row.summary_state === "done");
    // Six responses of 800 text + 200 audio input, 100 text + 200 audio output tokens at the default model's prices.
    const modelCost = (6 * (800 * 4 + 200 * 32 + 100 * 24 + 200 * 64)) / 1e6;
    expect(record).toMatchObject({
      direction: "inbound",
      from_number: CALLER,
      to_number: salon.number,
      caller_city: "PRAHA",
      caller_state: "Hlavní město Praha",
      caller_country: "CZ",
      call_status: "completed",
      call_duration: 48,
      provider_call_id: call.callSid,
      is_demo: false,
      assistant_name: "Front desk",
      telephony_cost: 0.013,
      model: "gpt-realtime-2.1",
      language: "en",
    });
    // The summary's text model is billed with the speech model.
    const summaryCost = record.summary_cost as number;
    expect(summaryCost).toBeGreaterThan(0);
    expect(record.model_cost).toBeCloseTo(modelCost + summaryCost, 6);
    expect(record.total_price).toBeCloseTo(modelCost + summaryCost + 0.013, 6);
    expect(record.usage).toEqual({ input_text: 4800, input_audio: 1200, input_cached: 0, output_text: 600, output_audio: 1200 });
    expect(record.instructions).toContain(salon.salonName);
    expect((await callItems(call.callId)).map((i) => [i.item_type, i.role ?? i.function_name, i.content ?? i.status, i.is_truncated])).toEqual([
      ["conversation", "assistant", "Good morning, this is the salon. How can I help?", false],
      ["function_call", "find_free_slots", "successful", false],
      ["function_call", "book_appointment", "successful", false],
      ["conversation", "assistant", "We are open from nine to seven on weekdays, and on Saturdays from nine to two.", true],
      ["conversation", "user", "Can I talk to the owner?", false],
      ["function_call", "transfer_to_human", "successful", false],
      ["conversation", "assistant", "I am putting you through to the salon now.", false],
    ]);

    // The Calls screen lists it.
    const list = await salon.owner.call("/api/calls/list");
    expect(list.json.items).toEqual([
      expect.objectContaining({
        id: call.callId,
        direction: "inbound",
        from_number: CALLER,
        to_number: salon.number,
        call_status: "completed",
        call_duration: 48,
        caller_city: "PRAHA",
        caller_country: "CZ",
      }),
    ]);
    // In euros at the configured rate, beside what the providers billed in dollars.
    const [listed] = list.json.items as { total_price: number; provider_price: number }[];
    expect(listed!.provider_price).toBeCloseTo(modelCost + summaryCost + 0.013, 6);
    expect(listed!.total_price).toBeCloseTo((modelCost + summaryCost + 0.013) * 0.86, 6);
  });

  it("ends the model's part and completes the record when the caller hangs up", async () => {
    const salon = await salonWithNumber();
    const call = await ring(salon);
    await call.model.received("response.create");
    const phone = await openStream(call);
    call.model.speak("item_hello", "Good morning, this is the salon.", 300);
    await phone.waitFor(() => phone.heardMs >= 300);
    phone.hangUp();
    await call.model.closed();
    const record = await callRow(call.callId, (row) => row.call_status !== "in-progress");
    expect(record).toMatchObject({ call_status: "completed", direction: "inbound", from_number: CALLER });
    expect(await callItems(call.callId)).toEqual([expect.objectContaining({ role: "assistant", content: "Good morning, this is the salon." })]);
  });

  it("refuses forged webhooks and streams, and says goodbye on a number no salon has", async () => {
    const salon = await salonWithNumber();
    const form = { AccountSid: accountSid, CallSid: `CA${crypto.randomUUID().replaceAll("-", "")}`, From: CALLER, To: salon.number };
    const forged = await webhook("/api/telephony/twilio/voice", form, twilio.getExpectedTwilioSignature("not-the-auth-token", `${base}/api/telephony/twilio/voice`, form));
    expect(forged.status).toBe(403);
    expect((await sql`select id from calls where provider_call_id = ${form.CallSid}`).length).toBe(0);

    const unknown = await webhook("/api/telephony/twilio/voice", { ...form, To: "+12025550143" });
    expect(unknown.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US">We are sorry, this number is not connected to a salon. Goodbye.</Say><Hangup/></Response>',
    );

    const streamUrl = `${base.replace(/^http/, "ws")}/api/telephony/twilio/stream/${crypto.randomUUID()}`;
    await expect(FakeTwilioCall.connect({ url: streamUrl, headers: { "x-twilio-signature": "Zm9yZ2Vk" } })).rejects.toThrow(/refused with 403/);
    // Signed, but no call is waiting for this stream.
    await expect(
      FakeTwilioCall.connect({ url: streamUrl, headers: { "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, streamUrl, {}) } }),
    ).rejects.toThrow(/refused with 404/);
    expect((await api("/api/telephony/twilio/voice")).status).toBe(404);
  });
});
