import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { AttemptStatus, SlotStatus } from "../../contract/outreach.ts";

/** Each state's colours, dark text on a light tint: good news green, waiting blue, nothing came of it grey, trouble red. */
const GOOD = "bg-emerald-50 text-emerald-800 ring-emerald-200";
const PENDING = "bg-sky-50 text-sky-800 ring-sky-200";
const NEUTRAL = "bg-slate-100 text-slate-700 ring-slate-200";
const BAD = "bg-red-50 text-red-800 ring-red-200";
const ATTEMPT_TONES: Record<AttemptStatus, string> = {
  offered: PENDING,
  accepted: GOOD,
  declined: NEUTRAL,
  expired: NEUTRAL,
  taken: NEUTRAL,
  skipped: NEUTRAL,
  failed: BAD,
  no_answer: NEUTRAL,
  busy: NEUTRAL,
  voicemail: NEUTRAL,
};
const SLOT_TONES: Record<SlotStatus, string> = { open: PENDING, filled: GOOD, taken: NEUTRAL, expired: NEUTRAL, exhausted: NEUTRAL, stopped: NEUTRAL };

function Chip({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>{children}</span>;
}

/** What came of one offer of a freed time: on the Waitlist screen's Offers tab and on the client's page. */
export const OfferStatusChip = ({ status }: { status: AttemptStatus }) => (
  <Chip tone={ATTEMPT_TONES[status]}>
    <FormattedMessage id="outreach.log.attemptStatus" values={{ status }} />
  </Chip>
);

/** Where a freed time's offers stand. */
export const SlotStatusChip = ({ status }: { status: SlotStatus }) => (
  <Chip tone={SLOT_TONES[status]}>
    <FormattedMessage id="outreach.log.slotStatus" values={{ status }} />
  </Chip>
);
