import type { Language } from "../../../contract/languages.ts";
import { callAssistant, type CallAssistant } from "../../data/assistants.ts";
import { salonFaq, type FaqEntry } from "../../data/questions.ts";
import { salonProfile, type SalonProfile } from "../../data/salons.ts";
import { listServices } from "../../data/services.ts";
import type { Tenant, TenantScope } from "../../data/tenant.ts";

/**
 * A call's vocabulary, one name per stage: who owns the call (CallOwner), what it targets
 * (CallTarget), how the assistant is set up for it (CallSetup), and the plan it runs, which the
 * Worker hands the call's Durable Object (CallPlan; a phone call's, PhoneCallPlan).
 */

/** The salon a call belongs to, and its owner, on whose behalf the assistant acts. */
export interface CallOwner {
  salonId: string;
  ownerId: string;
}

/** The tenant a call's data work runs as: the salon, through its owner (row-level security). */
export const callTenant = ({ salonId, ownerId }: CallOwner): Tenant => ({ salonId, userId: ownerId });

/** The assistant a call reaches, resolved before the call starts (demo, ticket or phone number). */
export interface CallTarget extends CallOwner {
  assistantId: string;
  demo: boolean;
}

/** What the assistant knows of the salon. */
export interface CallSetup {
  assistant: CallAssistant;
  salon: SalonProfile;
  services: Awaited<ReturnType<typeof listServices>>;
  faq: FaqEntry[];
}

/** Reads a call's set-up; null when the assistant or the salon is gone. The reads go out together. */
export async function loadCallSetup(scope: TenantScope, assistantId: string): Promise<CallSetup | null> {
  const [assistant, salon, services, faq] = await Promise.all([callAssistant(scope, assistantId), salonProfile(scope), listServices(scope), salonFaq(scope)]);
  return assistant && salon ? { assistant, salon, services, faq } : null;
}

export interface CallPlan {
  target: CallTarget;
  /** Language of the error messages the caller may see. */
  language: Language;
  direction: "inbound" | "outbound";
  /** E.164, or null for a withheld number; "browser" for a browser's call. */
  fromNumber: string | null;
  toNumber: string | null;
  maxSeconds: number;
  /** The call's row, made before its session starts: by the telephony webhook, or by a browser call's reservation. */
  callId: string;
  /** A call the salon places to offer a client a freed time: the offer (its attempt's id). */
  offerId?: string;
  /** The assistant and the salon, when read already (with a browser call's reservation); else the session reads them. */
  setup?: CallSetup;
}

/** A phone call's plan, and what its media stream must match. */
export interface PhoneCallPlan extends CallPlan {
  /** Twilio's CallSid: the stream's `start` must carry the same one. */
  callSid: string;
  /** Twilio `<Say>` language (e.g. "cs-CZ") for the last words of a call that fails. */
  sayLanguage: string;
}
