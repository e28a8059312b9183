import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { CALL_AUDIO, CALL_LIMITS } from "../../contract/call-socket.ts";
import { api, callItems, claimNextModel, finishedCall, nextMonday, openCall, salonWithAssistant, scriptModel, startedCall } from "./call-api.ts";
import { sql } from "./database.ts";

// Whole calls through the Worker and a call's Durable Object under wrangler, against the
// scripted fake speech model: what the session sends it, and what it does with its answers.

afterAll(() => sql.end());

describe("a browser call", () => {
  it("configures the model from the assistant and the salon, and greets with the owner's greeting", async () => {
    const { model, call, salonName, callId } = await startedCall({
      voice_name: "sage",
      max_tokens: 900,
      initial_greeting: "Salon speaking, how can I help?",
      vad_settings: { threshold: 0.3, prefix_padding_ms: 200, silence_duration_ms: 900, create_response: true },
    });
    const session = (await model.received("session.update")).session as Record<string, unknown>;
    expect(session).toMatchObject({
      type: "realtime",
      output_modalities: ["audio"],
      max_output_tokens: 900,
      audio: {
        input: {
          format: { type: "audio/pcm", rate: 24000 },
          transcription: { model: "gpt-4o-mini-transcribe" },
          turn_detection: { type: "server_vad", threshold: 0.3, prefix_padding_ms: 200, silence_duration_ms: 900, create_response: true, interrupt_response: true },
        },
        output: { format: { type: "audio/pcm", rate: 24000 }, voice: "sage" },
      },
    });
    const instructions = session.instructions as string;
    // The template's placeholders are filled with the salon's data.
    expect(instructions).toContain(`You are the phone receptionist of ${salonName}`);
    expect(instructions).toContain("- Colouring: 90 min, €80 (from €70 to €120)");
    expect(instructions).toContain("+420 601 222 333");
    expect(instructions).not.toContain("{{");
    expect((session.tools as { name: string }[]).map((t) => t.name)).toEqual([
      "get_salon_details", "list_services", "get_salon_faq", "find_free_slots", "book_appointment", "find_appointments",
      "reschedule_appointment", "cancel_appointment", "add_to_waitlist", "transfer_to_human", "end_call",
    ]);
    const greeting = (await model.received("response.create")).response as { instructions: string };
    expect(greeting.instructions).toContain('"Salon speaking, how can I help?"');

    call.close();
    // The record is written beside the call, not before it.
    expect(await finishedCall(callId)).toMatchObject({ direction: "inbound", from_number: "browser", assistant_name: "Front desk", is_demo: false, instructions });
  });

  it("books, reschedules and cancels through tool calls, and the calendar shows each change", async () => {
    const { owner, model, call, callId } = await startedCall();
    await model.received("response.create");
    const monday = nextMonday();
    const caller = { customer_name: "Eva Malá", customer_phone: "+420 777 888 999" };

    const free = await model.callTool("find_free_slots", { date: monday, services: ["haircut"] });
    expect(free).toMatchObject({ date: monday, requested_date_full: false, duration_minutes: 45 });
    expect(free.slots).toContainEqual({ start: "09:00", stylist: "Jana Nováková" });
    // After the tool outputs, the model is asked to go on.
    await model.received("response.create");

    const booked = await model.callTool("book_appointment", { ...caller, services: ["Haircut"], start: `${monday} 10:00` });
    expect(booked).toMatchObject({ booked: true, start: `${monday} 10:00`, end: `${monday} 10:45`, stylist: "Jana Nováková", services: ["Haircut"] });
    const day = `start_date=${encodeURIComponent(`${monday}T00:00:00+01:00`)}&end_date=${encodeURIComponent(`${monday}T23:59:00+01:00`)}`;
    expect((await owner.call(`/api/dashboard/appointments?${day}`)).json).toEqual([
      expect.objectContaining({ id: booked.appointment_id, customer_name: "Eva Malá", service_name: "Haircut" }),
    ]);
    const [source] = await sql`select source from appointments where id = ${booked.appointment_id as string}`;
    expect(source?.source).toBe("voice");

    // The same time again is refused, as a result the model can act on.
    const taken = await model.callTool("book_appointment", { customer_name: "Karel Novák", customer_phone: "777000111", services: ["Haircut"], start: `${monday} 10:15` });
    expect(taken.error).toBe(`${monday} 10:15 cannot be booked: every stylist who works then already has an appointment. Use find_free_slots for a free time.`);

    const found = await model.callTool("find_appointments", { customer_name: "eva mala", customer_phone: "777 888 999" });
    expect(found.appointments).toEqual([expect.objectContaining({ appointment_id: booked.appointment_id })]);

    const moved = await model.callTool("reschedule_appointment", { ...caller, new_start: `${monday} 14:00` });
    expect(moved).toMatchObject({ rescheduled: true, previous_start: `${monday} 10:00`, start: `${monday} 14:00`, end: `${monday} 14:45` });

    const cancelled = await model.callTool("cancel_appointment", caller);
    expect(cancelled).toMatchObject({ cancelled: true, appointment_id: booked.appointment_id });
    expect((await owner.call(`/api/dashboard/appointments?${day}`)).json).toEqual([]);

    call.close();
    await model.closed();
    expect((await finishedCall(callId)).call_status).toBe("completed");
    expect((await callItems(callId)).map((i) => [i.function_name, i.status])).toEqual([
      ["find_free_slots", "successful"],
      ["book_appointment", "successful"],
      ["book_appointment", "failed"],
      ["find_appointments", "successful"],
      ["reschedule_appointment", "successful"],
      ["cancel_appointment", "successful"],
    ]);
  });

  it("answers bad tool arguments and unknown services with an error result, and the call goes on", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    const unknown = await model.callTool("book_appointment", { customer_name: "Eva", customer_phone: "777888999", services: ["Perm"], start: `${nextMonday()} 10:00` });
    expect(unknown.error).toBe('There is no service called "Perm". The services are: Colouring, Haircut.');
    const badDate = await model.callTool("find_free_slots", { date: "next Monday", services: ["Haircut"] });
    expect(badDate.error).toBe("Invalid arguments (date: use the form YYYY-MM-DD).");
    const noTool = await model.callTool("order_pizza", {});
    expect(noTool.error).toBe("There is no tool called order_pizza.");
    const services = await model.callTool("list_services", {});
    expect(services).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Colouring", price: 80, price_range: [70, 120], currency: "EUR" })]));

    call.close();
    await finishedCall(callId);
    const recorded = await callItems(callId);
    expect(recorded.map((i) => i.status)).toEqual(["failed", "failed", "failed", "successful"]);
    expect(recorded[0]!.error).toContain("Perm");
  });

  it("clears the caller's audio and truncates the answer to what was heard when the caller speaks over it", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    model.speak("item_answer", "We are open from nine to seven on weekdays, and on Saturdays from nine to two.", 2000);
    expect((await call.next("text")).data).toContain("We are open");
    await new Promise((resolve) => setTimeout(resolve, 400));
    model.send({ type: "input_audio_buffer.speech_started", audio_start_ms: 900, item_id: "item_caller" });
    await call.next("clear_audio");
    const truncate = await model.received("conversation.item.truncate");
    expect(truncate).toMatchObject({ item_id: "item_answer", content_index: 0 });
    // About 400 ms of the 2 s answer had played.
    expect(truncate.audio_end_ms).toBeGreaterThanOrEqual(300);
    expect(truncate.audio_end_ms).toBeLessThan(1500);
    expect(call.take((m) => m.type === "audio")).toHaveLength(20);

    model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_caller", content_index: 0, transcript: "And on Sunday?" });
    await call.next((m) => m.type === "text" && m.role === "user");
    call.close();
    await finishedCall(callId);
    expect(await callItems(callId)).toEqual([
      expect.objectContaining({ role: "assistant", is_truncated: true, content: expect.stringContaining("We are open") }),
      expect.objectContaining({ role: "user", is_truncated: false, content: "And on Sunday?" }),
    ]);
  });

  it("truncates a filler line still playing when the answer after it arrives, and the answer to nothing", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    model.speak("item_filler", "One moment, let me look at the calendar.", 1500);
    model.speak("item_slots", "On Monday we have ten, eleven or two o'clock.", 2000);
    await call.next((m) => m.type === "text" && m.item_id === "item_slots");
    await new Promise((resolve) => setTimeout(resolve, 400));
    model.send({ type: "input_audio_buffer.speech_started", audio_start_ms: 900, item_id: "item_caller" });
    await call.next("clear_audio");
    const filler = await model.received("conversation.item.truncate");
    const slots = await model.received("conversation.item.truncate");
    // About 400 ms of the 1.5 s filler had played, and nothing of the answer queued behind it.
    expect(filler).toMatchObject({ item_id: "item_filler", content_index: 0 });
    expect(filler.audio_end_ms).toBeGreaterThanOrEqual(300);
    expect(filler.audio_end_ms).toBeLessThan(1400);
    expect(slots).toEqual(expect.objectContaining({ item_id: "item_slots", content_index: 0, audio_end_ms: 0 }));

    // What the model still sends of the cut-off answer is not played.
    const audioBefore = call.take((m) => m.type === "audio").length;
    model.send({ type: "response.output_audio.delta", response_id: "r", item_id: "item_slots", output_index: 0, content_index: 0, delta: "AAAA" });
    model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_caller", content_index: 0, transcript: "Ten is fine." });
    await call.next((m) => m.type === "text" && m.role === "user");
    expect(call.take((m) => m.type === "audio")).toEqual([]);
    expect(audioBefore).toBe(35);
    call.close();
    await finishedCall(callId);
    expect((await callItems(callId)).map((i) => [i.role, i.content, i.is_truncated])).toEqual([
      ["assistant", "One moment, let me look at the calendar.", true],
      ["assistant", "On Monday we have ten, eleven or two o'clock.", true],
      ["user", "Ten is fine.", false],
    ]);
  });

  it("truncates where the page's playback clock says the caller was, not where the server would guess", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    model.speak("item_filler", "One moment, let me look at the calendar.", 1500);
    model.speak("item_slots", "On Monday we have ten, eleven or two o'clock.", 2000);
    const audio = await call.next("audio");
    expect(audio.item_id).toBe("item_filler");
    await call.next((m) => m.type === "text" && m.item_id === "item_slots");
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The page started late: 200 ms of the filler have played, though its audio went out 600 ms ago.
    call.send({ type: "played", item_id: "item_filler", ms: 200 });
    call.send({ type: "ping" });
    await call.next("pong");
    model.send({ type: "input_audio_buffer.speech_started", audio_start_ms: 900, item_id: "item_caller" });
    const filler = await model.received("conversation.item.truncate");
    const slots = await model.received("conversation.item.truncate");
    expect(filler).toMatchObject({ item_id: "item_filler" });
    expect(filler.audio_end_ms).toBeGreaterThanOrEqual(200);
    expect(filler.audio_end_ms).toBeLessThan(500);
    expect(slots).toMatchObject({ item_id: "item_slots", audio_end_ms: 0 });
    call.close();
    await finishedCall(callId);
  });

  it("keeps a complete record and tells the caller when the model's connection drops", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    model.speak("item_hello", "Hello, Salon speaking.", 300, { done: true });
    await call.next((m) => m.type === "text" && m.data === "Hello, Salon speaking.");
    model.drop();
    expect(await call.next("error")).toMatchObject({ code: "model_unavailable", message: "The connection to the voice service was lost." });
    expect((await call.closed).code).toBe(1011);
    const record = await finishedCall(callId);
    expect(record.call_status).toBe("failed");
    expect(record.call_ended_at).not.toBeNull();
    // 800 text + 200 audio input, 100 text + 200 audio output tokens at the default model's prices.
    expect(record.speech_cost).toBeCloseTo((800 * 4 + 200 * 32 + 100 * 24 + 200 * 64) / 1e6, 6);
    expect(await callItems(callId)).toEqual([expect.objectContaining({ role: "assistant", content: "Hello, Salon speaking." })]);
  });

  it("closes the model's connection and completes the record when the caller hangs up mid-sentence", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    model.send({ type: "response.output_audio_transcript.delta", response_id: "r", item_id: "item_cut", output_index: 0, content_index: 0, delta: "Our balayage takes" });
    await call.next("text");
    call.close();
    await model.closed();
    const record = await finishedCall(callId);
    expect(record.call_status).toBe("completed");
    expect(record.call_duration).toBeGreaterThanOrEqual(0);
    expect(await callItems(callId)).toEqual([expect.objectContaining({ role: "assistant", content: "Our balayage takes", is_truncated: true })]);
  });

  it("ends the call after the goodbye, and explains in the browser that it cannot hand over", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    const handOver = await model.callTool("transfer_to_human", { reason: "wants to talk to the owner" });
    expect(handOver).toMatchObject({ transferring: false });
    expect(handOver.instruction).toContain("+420 222 111 000");
    await model.received("response.create");
    model.speak("item_bye", "I cannot put you through from here; please call us. Goodbye!", 200, { done: true });
    expect(await call.closed).toEqual({ code: 1000, reason: "assistant_ended" });
    expect((await finishedCall(callId)).call_status).toBe("completed");
  });

  it("answers malformed and oversized messages with an error and keeps the call", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    call.send("not json");
    expect(await call.next("error")).toMatchObject({ code: "bad_message", message: "A message is not valid JSON." });
    call.send({ type: "audio", data: "***" });
    expect((await call.next("error")).code).toBe("bad_message");
    call.send({ type: "audio", data: "A".repeat(60_000) });
    expect((await call.next("error")).message).toBe("A message may be at most 49152 bytes.");
    call.send({ type: "ping" });
    await call.next("pong");
    call.send({ type: "audio", data: "AAAA" });
    expect((await model.received("input_audio_buffer.append")).audio).toBe("AAAA");
    call.close();
    await finishedCall(callId);
  });
});

describe("who may call", () => {
  it("spends a test-call ticket once", async () => {
    const salon = await salonWithAssistant();
    const ticket = await salon.ticket();
    const first = await openCall(`/api/browser-ai/${salon.assistantId}?ticket=${ticket}`);
    const callId = (await first.next("session_created")).session_id as string;
    first.close();
    await finishedCall(callId);
    const again = await openCall(`/api/browser-ai/${salon.assistantId}?ticket=${ticket}`);
    expect((await again.next("error")).code).toBe("unauthorized");
  });

  it("lets anyone call the public demo without an account", async () => {
    const [seeded] = await sql`select id from assistant_configs where public_demo`;
    const salon = await salonWithAssistant();
    const makeDemo = async (id: string | undefined) => {
      await sql`update assistant_configs set public_demo = false where public_demo`;
      if (id) await sql`update assistant_configs set public_demo = true where id = ${id}`;
    };
    await makeDemo(salon.assistantId);
    try {
      const model = await scriptModel(salon.salonName);
      const demo = await openCall("/api/browser-ai/default");
      const callId = (await demo.next("session_created")).session_id as string;
      await model.received("session.update");
      await model.received("response.create");
      // A visitor may book the demo salon, but the number they give is nobody's to write to.
      const booked = await model.callTool("book_appointment", { customer_name: "Eva Malá", customer_phone: "+420 777 888 999", services: ["Haircut"], start: `${nextMonday()} 10:00` });
      expect(booked).toMatchObject({ booked: true });
      expect(await sql`select id from client_messages where appointment_id = ${booked.appointment_id as string}`).toEqual([]);
      demo.close();
      expect(await finishedCall(callId)).toMatchObject({ is_demo: true, call_status: "completed" });
      expect((await api("/api/browser-ai/default")).status).toBe(426);
    } finally {
      await makeDemo(seeded?.id as string | undefined);
    }
  });
});

describe("the public demo under abuse", () => {
  const demoFrom = (address: string) => openCall("/api/browser-ai/default", { "cf-connecting-ip": address });
  const addressHash = (address: string) => createHash("sha256").update(address).digest();

  /** Waits until the demo calls of these addresses have records, all closed. */
  async function linesFreed(addresses: string[]) {
    const hashes = addresses.map(addressHash);
    await expect
      .poll(async () => {
        const rows = await sql`select call_status from calls where caller_hash in ${sql(hashes)}`;
        return rows.length === addresses.length && rows.every((row) => row.call_status !== "in-progress");
      })
      .toBe(true);
  }

  it("opens no more demo calls than the cap when fifty addresses call at once", async () => {
    const addresses = Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`);
    const calls = await Promise.all(addresses.map(demoFrom));
    const outcomes = await Promise.all(calls.map((call) => call.next((m) => m.type === "session_created" || m.type === "error", 15_000)));
    const sessions = outcomes.filter((m) => m.type === "session_created");
    expect(sessions).toHaveLength(CALL_LIMITS.demoConcurrent);
    expect(outcomes.filter((m) => m.type === "error")).toEqual(
      Array.from({ length: 50 - CALL_LIMITS.demoConcurrent }, () => ({
        type: "error",
        code: "busy",
        message: "All demo lines are busy right now. Please try again in a few minutes.",
      })),
    );
    for (const call of calls) call.close();
    // Those who got through give their lines back by hanging up.
    await linesFreed(addresses.filter((_, i) => outcomes[i]!.type === "session_created"));
  });

  it("gives a line back when its caller hangs up while the call is being set up", async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => `198.51.100.${100 + i}`);
    for (const call of await Promise.all(addresses.map(demoFrom))) call.close();
    await linesFreed(addresses);
  });

  it("ends a call whose audio comes faster than real time, having passed the model no more than 1.5 times real time", async () => {
    const { model, call, callId } = await startedCall();
    await model.received("response.create");
    const chunk = Buffer.alloc(CALL_AUDIO.bufferSamples * 2, 1).toString("base64");
    let open = true;
    void call.closed.then(() => (open = false));
    const started = performance.now();
    while (open && performance.now() - started < 10_000) {
      call.send({ type: "audio", data: chunk });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await call.next("error")).toEqual({ type: "error", code: "rate_limited", message: "The call was ended because the audio arrived faster than anyone can speak." });
    expect((await call.closed).code).toBe(1008);
    const elapsedMs = performance.now() - started;
    await model.closed();
    const relayedMs = model.receivedSoFar("input_audio_buffer.append").reduce((ms, event) => ms + Buffer.from(event.audio as string, "base64").length / 48, 0);
    expect(relayedMs).toBeGreaterThan(0);
    expect(relayedMs).toBeLessThanOrEqual(elapsedMs * CALL_LIMITS.audioSpeedup + CALL_LIMITS.audioLeadMs);
    expect((await finishedCall(callId)).call_status).toBe("failed");
  });
});

describe("a call's set-up", () => {
  /** The record of the only call to this assistant, once it is closed. */
  async function closedRecord(assistantId: string) {
    await expect.poll(async () => (await sql`select call_status from calls where assistant_config_id = ${assistantId}`)[0]?.call_status).not.toBe("in-progress");
    return (await sql`select * from calls where assistant_config_id = ${assistantId}`)[0]!;
  }

  it.each([0, 20, 100])("closes the model's socket within 100 ms and the record when the caller hangs up %i ms after opening", async (delay) => {
    const salon = await salonWithAssistant();
    const { control, arrived } = await claimNextModel();
    const call = await salon.testCall();
    await new Promise((resolve) => setTimeout(resolve, delay));
    const hungUpAt = performance.now();
    call.close();
    const record = await closedRecord(salon.assistantId);
    expect(record.call_ended_at).not.toBeNull();
    if (arrived.has("connected")) {
      await control.next("closed");
      expect(arrived.get("closed")! - Math.max(hungUpAt, arrived.get("connected")!)).toBeLessThan(100);
    }
    // A caller gone before the model had its instructions left a canceled call, and the model was told nothing more.
    const sent = control.take((m) => m.type === "received").map((m) => (m.event as { type: string }).type);
    expect(record.call_status).toBe(sent.includes("session.update") ? "completed" : "canceled");
    if (!sent.includes("session.update")) expect(sent).toEqual([]);
    control.close();
  });

  it("tells the caller and records a failed call when the model takes the connection and never answers", async () => {
    const salon = await salonWithAssistant();
    const { control } = await claimNextModel(true);
    const call = await salon.testCall();
    await control.next("held");
    // About five seconds of silence, then the reason.
    expect(await call.next("error", 8_000)).toEqual({
      type: "error",
      code: "model_unavailable",
      message: "The voice service could not be reached. Please try again later.",
    });
    expect((await call.closed).code).toBe(1011);
    expect((await closedRecord(salon.assistantId)).call_status).toBe("failed");
    control.close();
  });

  it("passes on what the caller said while the model was being set up, after its instructions and greeting", async () => {
    const salon = await salonWithAssistant();
    const { control } = await claimNextModel();
    const call = await salon.testCall();
    const chunks = ["AQACAAMA", "BAAFAAYA", "BwAIAAkA"];
    for (const data of chunks) call.send({ type: "audio", data });
    await call.next("session_created");
    const appended: string[] = [];
    while (appended.length < chunks.length) {
      const event = (await control.next((m) => m.type === "received" && (m.event as { type: string }).type === "input_audio_buffer.append")).event as { audio: string };
      appended.push(event.audio);
    }
    expect(appended).toEqual(chunks);
    const before = control.take((m) => m.type === "received").map((m) => (m.event as { type: string }).type);
    expect(before.slice(0, 2)).toEqual(["session.update", "response.create"]);
    call.close();
    expect((await closedRecord(salon.assistantId)).call_status).toBe("completed");
    control.close();
  });
});
