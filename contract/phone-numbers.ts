import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import { optionalText } from "./text.ts";

export const PHONE_NAME_LENGTH = 80;
/** Room for a number typed with spaces, dashes and brackets. */
export const PHONE_NUMBER_LENGTH = 40;

/**
 * Where a number stands. Only an active number takes calls: one bought through the product,
 * verified by a call, or assigned by the operator. A number typed in by hand is unverified
 * until its verification call's code comes back; verifying while a code is live. Released:
 * another account proved it controls the number, so the claim here was dropped.
 */
export const NUMBER_STATUSES = ["active", "unverified", "verifying", "released"] as const;
export type NumberStatus = (typeof NUMBER_STATUSES)[number];

/** How the salon came to hold the number: bought here, its own line verified, or assigned by the operator. */
export const NUMBER_SOURCES = ["bought", "own", "assigned"] as const;
export type NumberSource = (typeof NUMBER_SOURCES)[number];

/** Countries whose numbers the product offers to buy. */
export const NUMBER_COUNTRIES = ["CZ", "DE", "AT", "SK", "GB", "US"] as const;
export type NumberCountry = (typeof NUMBER_COUNTRIES)[number];

export const VERIFICATION = {
  codeLength: 6,
  /** Wrong codes allowed per verification call. */
  tries: 3,
  /** How long a spoken code stays good. */
  minutes: 10,
} as const;

export const NUMBER_LIMITS = {
  /** Numbers a salon may hold bought through the product at once (they cost money each month). */
  boughtPerSalon: 3,
  /** Purchases per salon and day, counting released ones. */
  purchasesPerDay: 5,
  /** Searches for available numbers per salon and hour. */
  searchesPerHour: 60,
  /** Verification calls per salon and hour, and to one number per hour. */
  verificationCallsPerSalonHour: 6,
  verificationCallsPerNumberHour: 3,
  /** Verification calls of all salons together per day. */
  verificationCallsPerDay: 1000,
  /** Digits an area or prefix search may give. */
  containsLength: 10,
} as const;

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

/** The live verification of a number: the call's progress and what is left of its code. */
export interface NumberVerification {
  /** Twilio's status of the verification call: queued, ringing, in-progress, completed, busy, no-answer, failed, canceled. */
  call_status: string;
  /** When the spoken code stops being accepted (ISO 8601). */
  expires_at: string;
  tries_left: number;
}

export interface PhoneNumber extends PhoneNumberBody {
  id: string;
  status: NumberStatus;
  source: NumberSource;
  /** Set while the number is verifying. */
  verification: NumberVerification | null;
}

const COUNTRY = z.enum(NUMBER_COUNTRIES, { error: "validation.numberSearch.country" });

/** GET /phone-numbers/available: a country and, optionally, digits the number should contain (an area code, a prefix). */
export const availableNumbersQuery = z.object({
  country: COUNTRY,
  contains: optionalText(NUMBER_LIMITS.containsLength, /^[0-9]+$/, "validation.numberSearch.contains"),
});
export type AvailableNumbersQuery = z.output<typeof availableNumbersQuery>;

export type NumberType = "local" | "mobile" | "national" | "toll free";

/** A number Twilio offers, with what it costs a month (in `price_unit`, as Twilio bills; null when unknown). */
export interface AvailableNumber {
  phone_number: string;
  type: NumberType;
  locality: string | null;
  region: string | null;
  monthly_price: number | null;
  price_unit: string | null;
}

/** POST /phone-numbers/purchase: one of the numbers just offered, and what the new row should say. */
export const purchaseSchema = requestBody({
  country: COUNTRY,
  phone_number: z.string({ error: "validation.purchase.number" }).check(z.regex(/^\+[1-9][0-9]{6,14}$/, { error: "validation.purchase.number" })),
  phone_name: optionalText(PHONE_NAME_LENGTH),
  assistant_config_id: phoneNumberSchema.shape.assistant_config_id,
});
export type PurchaseBody = z.output<typeof purchaseSchema>;

/** POST /phone-numbers/:id/verification/code: the six digits the call spoke. */
export const verificationCodeSchema = requestBody({
  code: z
    .string({ error: "validation.verification.code" })
    .check(z.trim(), z.regex(new RegExp(`^[0-9]{${VERIFICATION.codeLength}}$`), { error: "validation.verification.code" })),
});
export type VerificationCodeBody = z.output<typeof verificationCodeSchema>;
