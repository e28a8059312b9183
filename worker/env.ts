import type { Context } from "hono";
import type { Language } from "../contract/languages.ts";
import type { Database } from "./data/db.ts";
import type { Translate } from "./platform/messages/index.ts";

/**
 * Bindings from wrangler.toml (OPENAI_REALTIME_URL: the Realtime API's address, which a
 * compatible endpoint can replace; CALL_SESSION: one Durable Object per live call) plus
 * the secrets and optional bindings set per environment.
 */
export interface Bindings extends Env {
  DATABASE_URL?: string;
  HYPERDRIVE?: Hyperdrive;
  RESEND_API_KEY?: string;
  /** HMAC key of access tokens, at least 32 characters. */
  JWT_SECRET?: string;
  /** Origin of the SPA, used in links sent by mail; defaults to the request's origin. */
  APP_URL?: string;
  /** Twilio account, for its REST API (hand-over to a person, call prices). */
  TWILIO_ACCOUNT_SID?: string;
  /** Twilio auth token: signs Twilio's webhooks and authenticates REST calls. */
  TWILIO_AUTH_TOKEN?: string;
  /** Twilio's REST API address; defaults to https://api.twilio.com (tests use a fake). */
  TWILIO_API_BASE_URL?: string;
  /** The platform's Twilio number (E.164) that places the calls verifying a salon's own number. */
  TWILIO_CALLER_ID?: string;
  /** Per country, the address and regulatory bundle Twilio wants for buying numbers there (JSON, see calls/phone-numbers/twilio-account.ts). */
  TWILIO_NUMBER_REQUIREMENTS?: string;
  /** Twilio's Pricing API address (numbers' monthly prices); defaults to https://pricing.twilio.com (tests use a fake). */
  TWILIO_PRICING_BASE_URL?: string;
  /** The speech model's key; without it every call fails at once, naming this setting. */
  OPENAI_API_KEY?: string;
  /** OpenAI's REST API address (the Responses API that summarises calls); defaults to https://api.openai.com/v1 (tests use a fake). */
  OPENAI_API_BASE_URL?: string;
  /** The text model that summarises calls; defaults to calls/engine/text-model.ts's DEFAULT_TEXT_MODEL. */
  OPENAI_TEXT_MODEL?: string;
  /** Hosts whose calendars may be read over plain http, comma-separated (a test's loopback server); https is always read. */
  CALENDAR_HTTP_HOSTS?: string;
  /** Hosts webhooks may be sent to over plain http or on a private address, comma-separated (a test's or a developer's loopback receiver). */
  WEBHOOK_HTTP_HOSTS?: string;
  /** US dollars per million tokens, JSON, overriding single entries of the default table (see calls/engine/pricing.ts). */
  REALTIME_PRICES?: string;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    /** The request's database client: enter it through data/tenant.ts. */
    db: Database;
    language: Language;
    t: Translate;
  };
}

/**
 * What shared request helpers read of a request's context. Any route's context is one, whatever
 * variables its middleware added (a Context<SalonEnv> is not a Context<AppEnv>: its `set` differs).
 */
export type RequestContext = Pick<Context<AppEnv>, "env" | "var" | "req" | "header">;
