import { z } from "zod/mini";
import { CALL_LIMITS, type ClientMessage } from "./call-socket.ts";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Every message a browser sends on the call socket is parsed with this before use. */
export const clientMessageSchema: z.ZodMiniType<ClientMessage> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("audio"), data: z.string().check(z.regex(BASE64)) }),
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("played"), item_id: z.string().check(z.minLength(1), z.maxLength(128)), ms: z.number().check(z.gte(0), z.lte(CALL_LIMITS.callSeconds * 1000)) }),
]);
