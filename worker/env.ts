import type { Sql } from "postgres";
import type { Language } from "../contract/languages.ts";
import type { Translate } from "./http/language.ts";

/** Bindings from wrangler.toml plus the secrets and optional bindings set per environment. */
export interface Bindings extends Env {
  DATABASE_URL?: string;
  HYPERDRIVE?: Hyperdrive;
  RESEND_API_KEY?: string;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    sql: Sql;
    language: Language;
    t: Translate;
  };
}
