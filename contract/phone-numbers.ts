import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import { optionalText } from "./text.ts";

export const PHONE_NAME_LENGTH = 80;
/** Room for a number typed with spaces, dashes and brackets. */
export const PHONE_NUMBER_LENGTH = 40;

/**
 * A phone number as sent. The number is only checked for presence here: the API parses it
 * with a phone-number library and stores it in E.164 (the form only hints the format).
 * The spec sends the row's id too; it is ignored, the path names the row.
 */
export const phoneNumberSchema = requestBody({
  phone_number: z
    .string({ error: "validation.phoneNumber.required" })
    .check(z.trim(), z.minLength(1, { error: "validation.phoneNumber.required" }), z.maxLength(PHONE_NUMBER_LENGTH, { error: "validation.tooLong" })),
  phone_name: optionalText(PHONE_NAME_LENGTH),
  // "No Assistant" arrives as null (or an empty choice).
  assistant_config_id: z.pipe(
    z.transform((value: unknown) => (value === "" || value === undefined ? null : value)),
    z.nullable(z.string({ error: "validation.phoneNumber.assistant" }).check(z.regex(UUID, { error: "validation.phoneNumber.assistant" }))),
  ),
});
export type PhoneNumberBody = z.output<typeof phoneNumberSchema>;

export interface PhoneNumber extends PhoneNumberBody {
  id: string;
}
