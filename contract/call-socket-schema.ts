import { z } from "zod/mini";
import type { ClientMessage } from "./call-socket.ts";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Every message a browser sends on the call socket is parsed with this before use. */
export const clientMessageSchema: z.ZodMiniType<ClientMessage> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("audio"), data: z.string().check(z.regex(BASE64)) }),
  z.object({ type: z.literal("ping") }),
]);
