import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { VISIT_CODES, type VisitView } from "../../../../contract/visit.ts";
import { Button } from "../../../components/button.tsx";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { useReschedule, useVisitSlots } from "../api.ts";
import { salonDays, useSalonClock } from "../format.ts";

/** Six weeks to choose from, well inside the two months the API searches. */
const PICKER_DAYS = 42;

const chip = (pressed: boolean) =>
  `rounded-xl border text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    pressed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:bg-brand-50"
  }`;

/** A new day and time for the visit: the days ahead, that day's free times, then the move. */
export function ReschedulePanel({ token, visit, onMoved, onClose }: { token: string; visit: VisitView; onMoved: () => void; onClose: () => void }) {
  const intl = useIntl();
  const { time_zone: timeZone } = visit.appointment;
  const clock = useSalonClock(timeZone);
  const [days] = useState(() => salonDays(timeZone, PICKER_DAYS));
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const slots = useVisitSlots(token, date);
  const reschedule = useReschedule(token);

  const chooseDay = (day: string) => {
    setDate(day);
    setStart(null);
    reschedule.reset();
  };
  const move = () => {
    if (!start) return;
    reschedule.mutate(
      { start_datetime: start },
      {
        onSuccess: onMoved,
        onError: (error) => {
          // Taken meanwhile: the day's times are read again, without the one that went.
          if (error instanceof ApiRequestError && error.code === VISIT_CODES.taken) {
            setStart(null);
            void slots.refetch();
          }
        },
      },
    );
  };

  return (
    <section aria-labelledby="reschedule-title" className="border-t border-slate-200 px-6 py-5">
      <h2 id="reschedule-title" className="text-lg font-semibold text-slate-900">
        <FormattedMessage id="visit.reschedule.title" />
      </h2>

      <div role="group" aria-label={intl.formatMessage({ id: "visit.reschedule.days" })} className="-mx-6 mt-3 flex gap-2 overflow-x-auto px-6 pb-2">
        {days.map((day) => (
          <button
            key={day}
            type="button"
            aria-pressed={day === date}
            onClick={() => chooseDay(day)}
            className={`relative w-16 shrink-0 px-1 py-2 ${chip(day === date)}`}
          >
            {/* Read out in full; the abbreviations are for the eye. */}
            <span className="sr-only">{clock.day(day, { weekday: "long", day: "numeric", month: "long" })}</span>
            <span aria-hidden="true" className="block text-xs">{clock.day(day, { weekday: "short" })}</span>
            <span aria-hidden="true" className="block text-lg leading-tight font-semibold">{clock.day(day, { day: "numeric" })}</span>
            <span aria-hidden="true" className="block text-xs">{clock.day(day, { month: "short" })}</span>
          </button>
        ))}
      </div>

      {date && (
        <div className="mt-4" aria-live="polite">
          {slots.isPending && (
            <p className="text-slate-600">
              <FormattedMessage id="visit.reschedule.loading" />
            </p>
          )}
          {slots.isError && (
            <p role="alert" className="text-red-700">
              {errorDetail(slots.error, intl.formatMessage({ id: "visit.reschedule.slotsFailed" }))}
            </p>
          )}
          {slots.data && slots.data.slots.length === 0 && (
            <p className="text-slate-700">
              <FormattedMessage id="visit.reschedule.none" />
            </p>
          )}
          {slots.data && slots.data.slots.length > 0 && (
            <div role="group" aria-label={intl.formatMessage({ id: "visit.reschedule.times" }, { date: clock.day(date, { weekday: "long", day: "numeric", month: "long" }) })}>
              <div className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
                {slots.data.slots.map((slot) => (
                  <button key={slot} type="button" aria-pressed={slot === start} onClick={() => setStart(slot)} className={`py-2 text-sm font-semibold whitespace-nowrap ${chip(slot === start)}`}>
                    {clock.time(slot)}
                  </button>
                ))}
              </div>
            </div>
          )}
        </div>
      )}

      {reschedule.isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorDetail(reschedule.error, intl.formatMessage({ id: "visit.reschedule.failed" }))}
        </p>
      )}

      <div className="mt-5 flex flex-col-reverse gap-3">
        <Button variant="secondary" size="lg" onClick={onClose} disabled={reschedule.isPending}>
          <FormattedMessage id="visit.reschedule.back" />
        </Button>
        <Button size="lg" onClick={move} disabled={!start} busy={reschedule.isPending}>
          {reschedule.isPending ? (
            <FormattedMessage id="visit.reschedule.saving" />
          ) : start ? (
            <FormattedMessage id="visit.reschedule.confirm" values={{ date: clock.shortDate(start), time: clock.time(start) }} />
          ) : (
            <FormattedMessage id="visit.reschedule.pick" />
          )}
        </Button>
      </div>
    </section>
  );
}
