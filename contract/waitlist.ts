import { z } from "zod/mini";
import { LIMITS, requestBody } from "./errors.ts";
import { emailText, plainText } from "./text.ts";

export const joinWaitlistSchema = requestBody({
  email: emailText("validation.waitlist.email"),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistSchema>;

export const contactSalesSchema = requestBody({
  email: emailText("validation.contact.email"),
  message: z
    .string({ error: "validation.contact.message" })
    .check(
      z.trim(),
      z.minLength(1, { error: "validation.contact.message" }),
      z.maxLength(LIMITS.messageLength, { error: "validation.contact.messageTooLong" }),
      plainText(),
    ),
});

/** Answer of both waitlist endpoints on success. */
export interface MessageResponse {
  message: string;
}
