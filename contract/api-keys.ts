import { z } from "zod/mini";
import { requestBody } from "./errors.ts";
import { requiredText } from "./text.ts";

/**
 * Keys an integrator's program sends as `Authorization: Bearer rk_…` instead of signing in
 * (`/api/dashboard/api-keys`, for the owner only). A key is shown once when made; the salon
 * keeps its SHA-256 and its first characters.
 */

export const API_KEY_LIMITS = {
  name: 80,
  /** Unrevoked keys per salon. */
  active: 20,
  /** Requests one key may make per minute. */
  perMinute: 600,
} as const;

/** What every key starts with, so it is recognisable in code and in leak scanners. */
export const API_KEY_PREFIX = "rk_";

/** read: GET and HEAD only; read_write: everything a key may do. */
export const API_KEY_SCOPES = ["read", "read_write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** POST /dashboard/api-keys. */
export const apiKeyCreateSchema = requestBody({
  name: requiredText(API_KEY_LIMITS.name, "validation.apiKey.name"),
  scope: z.enum(API_KEY_SCOPES, { error: "validation.apiKey.scope" }),
});
export type ApiKeyCreateBody = z.output<typeof apiKeyCreateSchema>;

export interface ApiKey {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters, e.g. "rk_A1b2C3d4". */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The answer to POST: the key itself, this once. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}
