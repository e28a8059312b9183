import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { UUID } from "./ids.ts";
import { emailText } from "./text.ts";

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
/** As the verification notice promises. */
export const VERIFICATION_TTL_HOURS = 24;
export const RESET_TTL_HOURS = 1;


/**
 * The register password rules, in the order the live checklist shows them. Letters of any
 * alphabet count (Czech and German owners type Č or Ü).
 */
export const PASSWORD_RULES = [
  { id: "length", message: "validation.password.tooShort", test: (p: string) => [...p].length >= PASSWORD_MIN_LENGTH },
  { id: "uppercase", message: "validation.password.uppercase", test: (p: string) => /\p{Lu}/u.test(p) },
  { id: "lowercase", message: "validation.password.lowercase", test: (p: string) => /\p{Ll}/u.test(p) },
  { id: "number", message: "validation.password.number", test: (p: string) => /\p{N}/u.test(p) },
  { id: "special", message: "validation.password.special", test: (p: string) => /[^\p{L}\p{N}]/u.test(p) },
] as const;

const email = emailText("validation.email.invalid", "validation.email.required");

const requiredPassword = z.string({ error: "validation.password.required" }).check(
  z.minLength(1, { error: "validation.password.required" }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: "validation.password.tooLong" }),
);

const newPassword = (rules: readonly (typeof PASSWORD_RULES)[number][]) =>
  requiredPassword.check(...rules.map((rule) => z.refine<string>(rule.test, { error: rule.message, abort: false })));

/**
 * A registration from an invitation's link carries its token: the link proved the mailbox,
 * so an account for the invited address is ready at once (`verified` in the answer).
 */
export const registerSchema = requestBody({
  email,
  password: newPassword(PASSWORD_RULES),
  invitation: z.optional(z.string({ error: "team.error.invitationUnknown" }).check(z.maxLength(100, { error: "team.error.invitationUnknown" }))),
});

/** The answer to a registration. */
export interface RegisterResponse {
  message: string;
  /** The account is ready to sign in to (it came with an invitation to its address). */
  verified?: true;
}
export const loginSchema = requestBody({ email, password: requiredPassword });
export const forgotPasswordSchema = requestBody({ email });
// The spec's reset form asks only for presence and length.
export const resetPasswordSchema = requestBody({
  token: z.string({ error: "auth.error.invalidResetLink" }).check(z.minLength(1, { error: "auth.error.invalidResetLink" })),
  new_password: newPassword(PASSWORD_RULES.slice(0, 1)),
});
const linkPart = z.string({ error: "auth.error.invalidVerificationLink" }).check(z.minLength(1, { error: "auth.error.invalidVerificationLink" }));
export const verifyEmailQuery = z.object({
  token: linkPart,
  user_id: linkPart.check(z.regex(UUID, { error: "auth.error.invalidVerificationLink" })),
});

export type RegisterBody = z.input<typeof registerSchema>;
export type LoginBody = z.input<typeof loginSchema>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

export interface AuthUser {
  email: string;
  is_active: boolean;
  email_verified: boolean;
}

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  user: AuthUser;
}
