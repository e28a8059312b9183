import { z } from "zod/mini";
import { UUID } from "./ids.ts";

/** GET /dashboard/client-messages?appointment=<id>: the messages of one appointment. */
export const appointmentMessagesQuery = z.object({
  appointment: z.string({ error: "validation.messages.appointment" }).check(z.regex(UUID, { error: "validation.messages.appointment" })),
});
