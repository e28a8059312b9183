import { z } from "zod/mini";
import { EMAIL_PATTERN } from "./email.ts";
import { LIMITS, requestBody } from "./errors.ts";

const email = (error: string) =>
  z.string({ error }).check(z.trim(), z.maxLength(LIMITS.emailLength, { error }), z.regex(EMAIL_PATTERN, { error }), z.toLowerCase());

export const joinWaitlistSchema = requestBody({
  email: email("validation.waitlist.email"),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistSchema>;

export const contactSalesSchema = requestBody({
  email: email("validation.contact.email"),
  message: z
    .string({ error: "validation.contact.message" })
    .check(
      z.trim(),
      z.minLength(1, { error: "validation.contact.message" }),
      z.maxLength(LIMITS.messageLength, { error: "validation.contact.messageTooLong" }),
    ),
});

/** Answer of both waitlist endpoints on success. */
export interface MessageResponse {
  message: string;
}
