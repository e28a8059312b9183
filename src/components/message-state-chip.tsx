import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageState } from "../../contract/client-messages.ts";

/** Each state's colours: dark text on a light tint, readable at the chip's small size. */
const TONES: Record<MessageState, string> = {
  queued: "bg-slate-100 text-slate-700 ring-slate-200",
  sending: "bg-sky-50 text-sky-800 ring-sky-200",
  sent: "bg-sky-50 text-sky-800 ring-sky-200",
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  skipped: "bg-amber-50 text-amber-900 ring-amber-200",
};

/**
 * Where a message to a client stands, as a small labelled chip: a queued one due later (a
 * reminder, an SMS held over quiet hours) says until when, on the salon's clock when given.
 */
export function MessageStateChip({ state, dueAt, timeZone }: { state: MessageState; dueAt: string; timeZone?: string }) {
  const intl = useIntl();
  // Read once: a chip shows the state its list was loaded in.
  const [now] = useState(Date.now);
  const waiting = state === "queued" && Date.parse(dueAt) > now;
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[state]}`}>
      {waiting ? (
        <FormattedMessage
          id="clientMessages.state.waiting"
          values={{ time: intl.formatDate(dueAt, { timeZone, weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }) }}
        />
      ) : (
        <FormattedMessage id={`clientMessages.state.${state}`} />
      )}
    </span>
  );
}
