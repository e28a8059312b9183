import type { ReactNode, RefObject } from "react";
import { FormattedMessage } from "react-intl";
import type { BookingConfirmation } from "../../../../contract/booking-page.ts";
import type { Language } from "../../../../contract/languages.ts";
import type { BookingFormat } from "../format.ts";
import { BookingSummary } from "./booking-summary.tsx";

/** The booking made: when, what, with whom, and where to change it. */
export function DoneStep({ confirmation, language, address, format, headingRef }: {
  confirmation: BookingConfirmation;
  language: Language;
  address: string | null;
  format: BookingFormat;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { start_datetime: start, end_datetime: end } = confirmation;
  return (
    <DoneFrame titleId="booking.done.title" text={<FormattedMessage id="booking.done.text" />} headingRef={headingRef}>
      <div className="mt-6 text-left">
        <BookingSummary
          rows={[
            { labelId: "booking.summary.date", value: <span className="font-semibold">{format.longDate(start)}</span> },
            { labelId: "booking.summary.time", value: `${format.time(start)} – ${format.time(end)}` },
            { labelId: "booking.summary.services", value: confirmation.services.join(", ") },
            { labelId: "booking.summary.stylist", value: confirmation.stylist_name },
            ...(address ? [{ labelId: "booking.summary.where", value: address }] : []),
          ]}
        />
      </div>
      {confirmation.visit_token && (
        <a
          href={`/${language}/visit/${confirmation.visit_token}`}
          // Inside another site's frame the visit's page, which no site may frame, opens on its own.
          {...(window.self === window.top ? {} : { target: "_blank", rel: "noopener" })}
          className="mt-6 inline-flex items-center justify-center rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <FormattedMessage id="booking.done.change" />
        </a>
      )}
    </DoneFrame>
  );
}

/** A request the salon took: a tick, the heading (focused, so a screen reader starts there), a line of what comes next, and the details. */
export function DoneFrame({ titleId, text, headingRef, children }: { titleId: string; text: ReactNode; headingRef: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <div className="text-center">
      <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700">
        ✓
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
        <FormattedMessage id={titleId} />
      </h2>
      <p className="mt-2 text-slate-700">{text}</p>
      {children}
    </div>
  );
}
