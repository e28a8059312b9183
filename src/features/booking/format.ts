import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { BookableService, BookingPageView } from "../../../contract/booking-page.ts";
import { priceFormat } from "../../../contract/currency.ts";
import type { Weekday } from "../../../contract/salon-basics.ts";

/** A price as a list shows it: one amount, "from" an amount, or a range. */
interface PriceSpan {
  low: number;
  high: number;
  /** The salon named a lowest price only. */
  open: boolean;
}

export function priceSpan(service: BookableService): PriceSpan {
  if (service.min_price !== null && service.max_price !== null) return { low: service.min_price, high: service.max_price, open: false };
  if (service.min_price !== null) return { low: service.min_price, high: service.min_price, open: true };
  return { low: service.price, high: service.price, open: false };
}

/** What several services come to together. */
export function totalOf(services: BookableService[]) {
  const spans = services.map(priceSpan);
  return {
    minutes: services.reduce((sum, service) => sum + service.duration, 0),
    price: {
      low: spans.reduce((sum, span) => sum + span.low, 0),
      high: spans.reduce((sum, span) => sum + span.high, 0),
      open: spans.some((span) => span.open),
    },
  };
}

/** Intl's ranges (every browser since 2023), which the project's ES2022 library types do not list yet. */
type RangeFormat = Intl.NumberFormat & { formatRange(start: number, end: number): string };

// A Monday, for naming weekdays (0 = Monday, as the salon's hours count them).
const MONDAY = Date.UTC(2024, 0, 1, 12);

/**
 * Money, durations, days and times as the page shows them: in the page's language, prices in
 * the salon's currency (whole amounts without decimals, as price lists write them) and times
 * on the salon's clock, whatever the visitor's.
 */
export function useBookingFormat(salon: Pick<BookingPageView["salon"], "currency" | "time_zone">) {
  const intl = useIntl();
  const { currency, time_zone: timeZone } = salon;
  return useMemo(() => {
    const exact = priceFormat(intl.locale, currency) as RangeFormat;
    const whole = priceFormat(intl.locale, currency, { minimumFractionDigits: 0, maximumFractionDigits: 0 }) as RangeFormat;
    const money = (value: number) => (Number.isInteger(value) ? whole : exact).format(value);
    // One currency sign for both ends where the language writes it so (30–50 €, 1 200–1 800 Kč).
    const range = (low: number, high: number) => (Number.isInteger(low) && Number.isInteger(high) ? whole : exact).formatRange(low, high);
    return {
      money,
      price: ({ low, high, open }: PriceSpan) =>
        open
          ? intl.formatMessage({ id: "booking.price.from" }, { price: money(low) })
          : low === high
            ? money(low)
            : range(low, high),
      duration: (minutes: number) => {
        const hours = Math.floor(minutes / 60);
        const rest = minutes % 60;
        if (hours === 0) return intl.formatMessage({ id: "booking.duration.minutes" }, { minutes: rest });
        if (rest === 0) return intl.formatMessage({ id: "booking.duration.hours" }, { hours });
        return intl.formatMessage({ id: "booking.duration.hoursMinutes" }, { hours, minutes: rest });
      },
      /** An instant's time of day on the salon's clock. */
      time: (instant: string) => intl.formatTime(instant, { timeZone, hour: "numeric", minute: "2-digit" }),
      /** An instant's day on the salon's clock, in full. */
      longDate: (instant: string) => intl.formatDate(instant, { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      shortDate: (instant: string) => intl.formatDate(instant, { timeZone, weekday: "short", day: "numeric", month: "short" }),
      /** A calendar day of the salon ("2026-12-07"), in the parts the day strip shows. */
      day: (date: string, options: Intl.DateTimeFormatOptions) => intl.formatDate(`${date}T12:00:00Z`, { ...options, timeZone: "UTC" }),
      weekday: (day: Weekday, style: "long" | "short" = "long") => intl.formatDate(MONDAY + day * 86_400_000, { weekday: style, timeZone: "UTC" }),
      /** A wall-clock time of the salon's hours ("18:00") as the language writes it. */
      clock: (time: string) =>
        intl.formatTime(Date.UTC(2024, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))), { timeZone: "UTC", hour: "numeric", minute: "2-digit" }),
      /** The zone's name in the page's language ("Central European Time"). */
      zoneName: () =>
        new Intl.DateTimeFormat(intl.locale, { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((part) => part.type === "timeZoneName")
          ?.value ?? timeZone,
    };
  }, [intl, currency, timeZone]);
}

export type BookingFormat = ReturnType<typeof useBookingFormat>;
