import { FormattedMessage } from "react-intl";
import type { NumberStatus } from "../../../../contract/phone-numbers.ts";

// The word says the status; the colour only repeats it.
const LOOKS: Record<NumberStatus, { badge: string; dot: string }> = {
  active: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-500" },
  unverified: { badge: "bg-amber-50 text-amber-800 ring-amber-200", dot: "bg-amber-500" },
  verifying: { badge: "bg-sky-50 text-sky-800 ring-sky-200", dot: "bg-sky-500" },
  released: { badge: "bg-slate-100 text-slate-700 ring-slate-300", dot: "bg-slate-400" },
};

/** Whether a number takes calls: Active, Unverified, Verifying or Released. */
export function StatusBadge({ status }: { status: NumberStatus }) {
  const look = LOOKS[status];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${look.badge}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${look.dot}`} />
      <FormattedMessage id={`phoneNumbers.status.${status}`} />
    </span>
  );
}
