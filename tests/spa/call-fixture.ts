import type { Call } from "../../contract/calls.ts";

/** A completed inbound phone call to a Prague salon, as the Calls API answers; `fields` change what a test needs. */
export const aCall = (id: string, started: string, fields: Partial<Call> = {}): Call => ({
  id,
  direction: "inbound",
  from_number: "+420603111222",
  to_number: "+420228881234",
  assistant_name: "Front desk",
  call_started_at: started,
  call_duration: 185,
  call_status: "completed",
  caller_city: "Brno",
  caller_state: null,
  caller_country: "CZ",
  total_price: 0.0497,
  provider_price: 0.0578,
  eur_per_usd: 0.86,
  model: "gpt-realtime-2.1",
  language: "cs",
  transcript_removed: false,
  offer: false,
  outcome: null,
  summary: null,
  follow_up: null,
  follow_up_reason: null,
  summary_state: "done",
  ...fields,
});
