import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DAY_MS } from "../../../../contract/time-zone.ts";
import { useFreeSlots } from "../api/appointments.ts";
import { totalMinutes, type LineDraft } from "../appointment-draft.ts";
import { toInstant, toWall, wallDay, type Wall } from "../salon-time.ts";

/** How far ahead to look, and how many times to offer. */
const DAYS_AHEAD = 7;
const PICKS = 4;

interface FreeTimesProps {
  stylist: string;
  lines: readonly LineDraft[];
  /** The chosen start: free times are looked for from that day on (never before now). */
  start: Wall;
  timeZone: string;
  onPick: (start: Wall) => void;
  className?: string;
}

/** A few next free start times of the chosen stylist for the chosen services, one click each. */
export function FreeTimes({ stylist, lines, start, timeZone, onPick, className }: FreeTimesProps) {
  const intl = useIntl();
  const titleId = useId();
  // Fixed when the modal opens, so the query does not change every render.
  const [now] = useState(() => new Date());
  const minutes = totalMinutes(lines);
  const dayStart = start ? new Date(toInstant(`${wallDay(start)}T00:00`, timeZone)) : now;
  const from = dayStart > now ? dayStart : now;
  const query =
    stylist && minutes > 0
      ? {
          start_date: from.toISOString(),
          end_date: new Date(from.getTime() + DAYS_AHEAD * DAY_MS).toISOString(),
          duration: minutes,
          stylist,
        }
      : null;
  const slots = useFreeSlots(query);
  if (!query || slots.isError) return null;

  const label = (instant: string) =>
    intl.formatDate(instant, { timeZone, weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });
  const picks = (slots.data ?? []).slice(0, PICKS);
  return (
    <div className={className} role="group" aria-labelledby={titleId}>
      <p id={titleId} className="text-sm font-medium text-slate-700">
        <FormattedMessage id="appointments.free.title" />
      </p>
      {slots.isPending ? (
        <p className="mt-1 text-sm text-slate-500">
          <FormattedMessage id="appointments.free.loading" />
        </p>
      ) : picks.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">
          <FormattedMessage id="appointments.free.none" values={{ days: DAYS_AHEAD }} />
        </p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-2">
          {picks.map((slot) => (
            <li key={slot.start_datetime}>
              <button
                type="button"
                onClick={() => onPick(toWall(slot.start_datetime, timeZone))}
                className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {label(slot.start_datetime)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
