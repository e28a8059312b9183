import { z } from "zod/mini";

/**
 * Twilio Media Streams, bidirectional (`<Connect><Stream>`): the JSON text messages on the
 * WebSocket. Twilio sends connected, start, media, dtmf, mark and stop; the server sends
 * media, mark and clear. Audio is base64 mu-law at 8 kHz, mono. Fields the product does not
 * use are optional, so a new or missing detail on Twilio's side does not drop a message.
 */

const sid = z.string().check(z.minLength(1));

export const twilioStreamMessageSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("connected"), protocol: z.optional(z.string()), version: z.optional(z.string()) }),
  z.object({
    event: z.literal("start"),
    sequenceNumber: z.optional(z.string()),
    streamSid: sid,
    start: z.object({
      streamSid: sid,
      accountSid: z.string(),
      callSid: sid,
      tracks: z.optional(z.array(z.string())),
      customParameters: z._default(z.record(z.string(), z.string()), {}),
      mediaFormat: z.optional(z.object({ encoding: z.string(), sampleRate: z.number(), channels: z.number() })),
    }),
  }),
  z.object({
    event: z.literal("media"),
    sequenceNumber: z.optional(z.string()),
    streamSid: sid,
    media: z.object({
      track: z.optional(z.string()),
      chunk: z.optional(z.string()),
      timestamp: z.optional(z.string()),
      payload: z.string(),
    }),
  }),
  z.object({
    event: z.literal("mark"),
    sequenceNumber: z.optional(z.string()),
    streamSid: sid,
    mark: z.object({ name: z.string() }),
  }),
  z.object({
    event: z.literal("dtmf"),
    sequenceNumber: z.optional(z.string()),
    streamSid: sid,
    dtmf: z.object({ track: z.optional(z.string()), digit: z.string() }),
  }),
  z.object({
    event: z.literal("stop"),
    sequenceNumber: z.optional(z.string()),
    streamSid: sid,
    stop: z.optional(z.object({ accountSid: z.optional(z.string()), callSid: z.optional(z.string()) })),
  }),
]);
export type TwilioStreamMessage = z.infer<typeof twilioStreamMessageSchema>;

/** What the server sends on the stream. */
export type TwilioStreamCommand =
  | { event: "media"; streamSid: string; media: { payload: string } }
  | { event: "mark"; streamSid: string; mark: { name: string } }
  | { event: "clear"; streamSid: string };
