import { afterAll, describe, expect, it } from "vitest";
import { finishedCall, startedCall } from "./call-api.ts";
import { sql } from "./database.ts";

// The caller's language and the speech model of a whole call through the Worker and its
// Durable Object, against the scripted fake speech model.

afterAll(() => sql.end());

let said = 0;

describe("a call's language", () => {
  it("greets in the salon's language, follows the caller into Czech and then German, and records the language spoken", async () => {
    const { model, call, callId } = await startedCall();
    expect(await model.connectedModel()).toBe("gpt-realtime-2.1");
    const instructions = ((await model.received("session.update")).session as { instructions: string }).instructions;
    expect(instructions).toContain("- The greeting is in English.");
    expect(instructions).toContain("always answer in the language the caller speaks");
    await model.received("response.create");

    const callerSays = (transcript: string) => {
      const itemId = `item_caller_${++said}`;
      model.send({ type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: itemId });
      model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: itemId, content_index: 0, transcript });
    };
    const switchTold = async () => {
      const item = (await model.received("conversation.item.create")).item as { type: string; role: string; content: { type: string; text: string }[] };
      expect(item).toMatchObject({ type: "message", role: "system" });
      return item.content[0]!.text;
    };

    callerSays("Dobrý den, chtěla bych se objednat na střih na zítra.");
    expect(await switchTold()).toBe("The caller is now speaking Czech. Answer in Czech from now on, until they change language again.");
    // Words that tell no language change nothing.
    callerSays("OK");
    callerSays("Guten Tag, ich möchte bitte lieber einen Termin am Montag.");
    expect(await switchTold()).toBe("The caller is now speaking German. Answer in German from now on, until they change language again.");
    await call.next((m) => m.type === "text" && m.data === "Guten Tag, ich möchte bitte lieber einen Termin am Montag.");

    call.close();
    const record = await finishedCall(callId);
    expect(record).toMatchObject({ language: "de", model: "gpt-realtime-2.1" });
    expect(model.receivedSoFar("conversation.item.create")).toEqual([]);
  });

  it("greets in the language the owner wrote the greeting in, and needs no switch for a caller who speaks it", async () => {
    const { model, call, callId } = await startedCall({ initial_greeting: "Dobrý den, tady salon. Jak vám mohu pomoci?" });
    const instructions = ((await model.received("session.update")).session as { instructions: string }).instructions;
    expect(instructions).toContain("- The greeting is in Czech.");
    await model.received("response.create");
    model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_cs", content_index: 0, transcript: "Dobrý den, máte zítra volno?" });
    await call.next((m) => m.type === "text" && m.data === "Dobrý den, máte zítra volno?");
    model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_en", content_index: 0, transcript: "Sorry, can we speak English, please?" });
    const item = (await model.received("conversation.item.create")).item as { content: { text: string }[] };
    expect(item.content[0]!.text).toBe("The caller is now speaking English. Answer in English from now on, until they change language again.");
    call.close();
    expect(await finishedCall(callId)).toMatchObject({ language: "en" });
  });

  it("runs on the assistant's lower-cost model, costed at its prices and stored in euros at the configured rate", async () => {
    const { model, call, callId } = await startedCall({ model: "gpt-realtime-2.1-mini" });
    expect(await model.connectedModel()).toBe("gpt-realtime-2.1-mini");
    await model.received("response.create");
    model.speak("item_hello", "Hello, Salon speaking.", 300, { done: true });
    // The caller's words come after the response's usage on the model's socket: once they
    // reach the caller, the usage has been counted.
    model.send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_ok", content_index: 0, transcript: "OK" });
    await call.next((m) => m.type === "text" && m.data === "OK");
    call.close();
    const record = await finishedCall(callId);
    // 800 text + 200 audio input, 100 text + 200 audio output tokens at gpt-realtime-2.1-mini's list prices.
    const dollars = (800 * 0.6 + 200 * 10 + 100 * 2.4 + 200 * 20) / 1e6;
    expect(record).toMatchObject({ model: "gpt-realtime-2.1-mini", language: null });
    expect(record.speech_cost).toBeCloseTo(dollars, 6);
    expect(Number(record.eur_per_usd)).toBe(0.86);
    // The summary's text model is billed with it.
    expect(Number(record.total_price_eur)).toBeCloseTo((dollars + record.summary_cost) * 0.86, 6);
  });
});
