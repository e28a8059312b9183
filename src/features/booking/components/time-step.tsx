import type { RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BookingFormat } from "../format.ts";
import type { BookingTimesState } from "../use-booking-times.ts";
import { StepFrame } from "./step-frame.tsx";

const chip = (pressed: boolean) =>
  `rounded-xl border text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    pressed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:bg-brand-50"
  }`;

/** Step 3: a day from the strip of days ahead, then one of its free times. */
export function TimeStep({ times, date, start, onDate, onStart, notice, timeZone, format, onBack, onWaitlist, headingRef }: {
  times: BookingTimesState;
  date: string | null;
  start: string | null;
  onDate: (date: string) => void;
  onStart: (start: string) => void;
  /** Why the visitor is choosing again (the time went meanwhile), read out when it appears. */
  notice: string | null;
  timeZone: string;
  format: BookingFormat;
  onBack: () => void;
  /** Where a visitor whom no time suits asks to be offered one that comes free; absent where the salon keeps no waitlist. */
  onWaitlist?: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const days = times.days ?? [];
  const chosenDay = days.find((day) => day.date === date);
  const fullDate = (day: string) => format.day(day, { weekday: "long", day: "numeric", month: "long" });
  const anyFree = days.some((day) => day.times.length > 0);

  return (
    <StepFrame number={3} titleId="booking.time.title" headingRef={headingRef} onBack={onBack}>
      <div aria-live="assertive">
        {notice && (
          <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200">{notice}</p>
        )}
      </div>
      {visitorZone !== timeZone && (
        <p className="mt-3 flex gap-2 text-sm text-slate-600">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="mt-0.5 size-4 shrink-0 text-brand-600">
            <circle cx="10" cy="10" r="7.25" />
            <path d="M2.75 10h14.5M10 2.75c2 2.1 3 4.5 3 7.25s-1 5.15-3 7.25c-2-2.1-3-4.5-3-7.25s1-5.15 3-7.25Z" />
          </svg>
          <span>
            <FormattedMessage id="booking.time.zone" values={{ zone: format.zoneName(), id: timeZone }} />
          </span>
        </p>
      )}

      {times.isPending && (
        <p role="status" className="mt-4 text-slate-600">
          <FormattedMessage id="booking.time.loading" />
        </p>
      )}
      {times.isError && !times.data && (
        <div role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-800">
          <FormattedMessage id="booking.time.failed" />{" "}
          <button type="button" onClick={() => void times.refetch()} className="font-semibold underline">
            <FormattedMessage id="booking.failed.retry" />
          </button>
        </div>
      )}

      {times.data && (
        <>
          <div role="group" aria-label={intl.formatMessage({ id: "booking.time.days" })} className="-mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
            {days.map((day) => {
              const free = day.times.length > 0;
              return (
                <button
                  key={day.date}
                  type="button"
                  aria-pressed={day.date === date}
                  disabled={!free}
                  onClick={() => onDate(day.date)}
                  className={`relative w-16 shrink-0 px-1 py-2 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400 ${chip(day.date === date)}`}
                >
                  {/* Read out in full; the abbreviations are for the eye. */}
                  <span className="sr-only">{free ? fullDate(day.date) : intl.formatMessage({ id: "booking.time.dayFull" }, { date: fullDate(day.date) })}</span>
                  <span aria-hidden="true" className="block text-xs">{format.day(day.date, { weekday: "short" })}</span>
                  <span aria-hidden="true" className="block text-lg leading-tight font-semibold">{format.day(day.date, { day: "numeric" })}</span>
                  <span aria-hidden="true" className="block text-xs">{format.day(day.date, { month: "short" })}</span>
                  {free && (
                    <span aria-hidden="true" className={`mx-auto mt-1 block size-1.5 rounded-full ${day.date === date ? "bg-white" : "bg-emerald-500"}`} />
                  )}
                </button>
              );
            })}
            {times.hasNextPage && (
              <button
                type="button"
                onClick={() => void times.fetchNextPage()}
                disabled={times.isFetchingNextPage}
                aria-busy={times.isFetchingNextPage || undefined}
                className={`w-20 shrink-0 px-1 py-2 text-sm font-semibold text-brand-700 ${chip(false)}`}
              >
                <FormattedMessage id={times.isFetchingNextPage ? "booking.time.loadingMore" : "booking.time.later"} />
              </button>
            )}
          </div>

          {!anyFree && (
            <p className="mt-4 rounded-xl bg-slate-100 p-4 text-slate-700">
              <FormattedMessage id={times.hasNextPage ? "booking.time.noneYet" : "booking.time.none"} />
            </p>
          )}

          {chosenDay && chosenDay.times.length > 0 && (
            <fieldset className="mt-4">
              <legend className="font-semibold text-slate-900">
                <FormattedMessage id="booking.time.times" values={{ date: fullDate(chosenDay.date) }} />
              </legend>
              <div className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] gap-2">
                {chosenDay.times.map((time) => (
                  <button
                    key={time}
                    type="button"
                    aria-pressed={time === start}
                    onClick={() => onStart(time)}
                    className={`py-2.5 text-sm font-semibold whitespace-nowrap ${chip(time === start)}`}
                  >
                    {format.time(time)}
                  </button>
                ))}
              </div>
            </fieldset>
          )}
        </>
      )}

      {onWaitlist && (times.data || times.isError) && (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-4">
          <h3 className="font-semibold text-slate-900">
            <FormattedMessage id="booking.waitlist.inviteTitle" />
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            <FormattedMessage id="booking.waitlist.inviteText" />
          </p>
          <button
            type="button"
            onClick={onWaitlist}
            className="mt-3 rounded-xl border border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <FormattedMessage id="booking.waitlist.invite" />
          </button>
        </div>
      )}
    </StepFrame>
  );
}
