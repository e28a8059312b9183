import { FormattedMessage } from "react-intl";
import type { CallOutcome } from "../../contract/calls.ts";

/** Each outcome's colours: dark text on a light tint, readable at the chip's small size. */
const TONES: Record<CallOutcome, string> = {
  booked: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rescheduled: "bg-sky-50 text-sky-800 ring-sky-200",
  cancelled: "bg-amber-50 text-amber-900 ring-amber-200",
  question_answered: "bg-teal-50 text-teal-800 ring-teal-200",
  handed_over: "bg-violet-50 text-violet-800 ring-violet-200",
  no_action: "bg-slate-100 text-slate-700 ring-slate-200",
  abandoned: "bg-slate-100 text-slate-700 ring-slate-200",
  voicemail: "bg-slate-100 text-slate-700 ring-slate-200",
  no_answer: "bg-slate-100 text-slate-700 ring-slate-200",
};

/** What came of a call, as a small labelled chip; nothing while it is not known. */
export function OutcomeChip({ outcome }: { outcome: CallOutcome | null }) {
  if (!outcome) return null;
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[outcome]}`}>
      <FormattedMessage id={`calls.outcome.${outcome}`} />
    </span>
  );
}
