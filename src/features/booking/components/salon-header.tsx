import { FormattedMessage } from "react-intl";
import type { BookingPageView } from "../../../../contract/booking-page.ts";
import { WEEKDAYS } from "../../../../contract/salon-basics.ts";
import { weekdayIndex } from "../../../../contract/time-zone.ts";
import { useBookingFormat } from "../format.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { PhoneLink } from "./page-states.tsx";

type Salon = BookingPageView["salon"];

/** The salon as a visitor first wants it: its name, where, how to call, when it is open. */
export function SalonHeader({ salon, today }: { salon: Salon; today: string | null }) {
  return (
    <header className="bg-gradient-to-br from-brand-700 to-brand-600 text-white">
      <div className="mx-auto flex w-full max-w-xl items-start justify-between gap-4 px-4 pt-5 pb-6 sm:pt-8">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-100">
            <FormattedMessage id="booking.header.kicker" />
          </p>
          <h1 className="mt-0.5 text-2xl font-bold break-words">{salon.name}</h1>
        </div>
        <LanguageSwitch />
      </div>
      <div className="mx-auto w-full max-w-xl px-4 pb-5">
        <SalonFacts salon={salon} today={today} />
      </div>
    </header>
  );
}

function SalonFacts({ salon, today }: { salon: Salon; today: string | null }) {
  return (
    <div className="space-y-2 rounded-2xl bg-white p-4 text-sm text-slate-800 shadow-sm">
      {salon.address && (
        <p className="flex gap-2">
          <Pin />
          <span>
            {salon.address}
            {salon.map_url && (
              <>
                {" · "}
                <a href={salon.map_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  <FormattedMessage id="booking.header.map" />
                  <span className="sr-only">
                    {" "}
                    <FormattedMessage id="booking.header.newWindow" />
                  </span>
                </a>
              </>
            )}
          </span>
        </p>
      )}
      {salon.phone && (
        <p className="flex gap-2">
          <Phone />
          <PhoneLink phone={salon.phone} />
        </p>
      )}
      <OpeningHours salon={salon} today={today} />
    </div>
  );
}

/** The week's hours, folded away behind today's. */
function OpeningHours({ salon, today }: { salon: Salon; today: string | null }) {
  const format = useBookingFormat(salon);
  const todayIndex = today ? weekdayIndex(Number(today.slice(0, 4)), Number(today.slice(5, 7)), Number(today.slice(8, 10))) : null;
  const hoursOf = (day: (typeof WEEKDAYS)[number]) => {
    const hours = salon.business_hours[`${day}`];
    return hours ? `${format.clock(hours.open)} – ${format.clock(hours.close)}` : null;
  };
  const todays = todayIndex === null ? undefined : hoursOf(todayIndex as (typeof WEEKDAYS)[number]);
  return (
    <details className="group">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-2 rounded focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <Clock />
        <span className="font-semibold whitespace-nowrap text-slate-900">
          <FormattedMessage id="booking.hours.title" />
        </span>
        {todays !== undefined && (
          <span className="whitespace-nowrap text-slate-600">
            {todays === null ? <FormattedMessage id="booking.hours.closedToday" /> : <FormattedMessage id="booking.hours.today" values={{ hours: todays }} />}
          </span>
        )}
        <span aria-hidden="true" className="ml-auto text-slate-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 pl-6">
        {WEEKDAYS.map((day) => (
          <div key={day} className={`contents ${day === todayIndex ? "font-semibold text-slate-900" : "text-slate-700"}`}>
            <dt className="capitalize">{format.weekday(day)}</dt>
            <dd>{hoursOf(day) ?? <FormattedMessage id="booking.hours.closed" />}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const iconClass = "mt-0.5 size-4 shrink-0 text-brand-600";

function Pin() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={iconClass}>
      <path fillRule="evenodd" d="M10 18s6-5.33 6-10A6 6 0 0 0 4 8c0 4.67 6 10 6 10Zm0-7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" clipRule="evenodd" />
    </svg>
  );
}

function Phone() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={iconClass}>
      <path d="M3.5 2A1.5 1.5 0 0 0 2 3.5V5c0 7.18 5.82 13 13 13h1.5a1.5 1.5 0 0 0 1.5-1.5v-2.1a1 1 0 0 0-.76-.97l-3.1-.78a1 1 0 0 0-1.03.37l-.8 1.06a10.04 10.04 0 0 1-5.4-5.4l1.06-.8a1 1 0 0 0 .37-1.03l-.78-3.1A1 1 0 0 0 6.6 2H3.5Z" />
    </svg>
  );
}

function Clock() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={iconClass}>
      <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-12.25a.75.75 0 0 0-1.5 0V10c0 .2.08.39.22.53l2.5 2.5a.75.75 0 1 0 1.06-1.06l-2.28-2.28V5.75Z" clipRule="evenodd" />
    </svg>
  );
}
