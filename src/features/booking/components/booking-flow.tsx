import { useEffect, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BookingConfirmation, BookingPageView } from "../../../../contract/booking-page.ts";
import { ApiRequestError, errorDetail, refusedFields } from "../../../lib/api-answer.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { sendBooking } from "../api.ts";
import { BOOKING_CODES } from "../../../../contract/booking-limits.ts";
import { totalOf, useBookingFormat } from "../format.ts";
import { useBookingTimes } from "../use-booking-times.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { missingContact, NO_CONTACT, type Contact, type ContactErrors } from "./contact-fields.tsx";
import { DetailsStep } from "./details-step.tsx";
import { DoneStep } from "./done-step.tsx";
import { ServicesStep } from "./services-step.tsx";
import { ChoiceBar } from "./step-frame.tsx";
import { StylistStep } from "./stylist-step.tsx";
import { TimeStep } from "./time-step.tsx";
import { WaitlistStep } from "./waitlist-step.tsx";

type Step = "services" | "stylist" | "time" | "details" | "done" | "waitlist";

/** Refusals that mean the time chosen no longer works: the visitor picks another from fresh times. */
const TIME_REFUSALS: string[] = [BOOKING_CODES.taken, BOOKING_CODES.tooSoon, BOOKING_CODES.tooFar, BOOKING_CODES.unbookable];
const CONTACT_FIELDS = ["name", "phone", "email", "note"] as const;

/** The steps of a booking, each on its own screen; what was chosen stays chosen going back and forth, and across a language switch. */
export function BookingFlow({ slug, view }: { slug: string; view: BookingPageView }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const format = useBookingFormat(view.salon);
  const [step, setStep] = useState<Step>("services");
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [stylist, setStylist] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [contact, setContact] = useState<Contact>(NO_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirmation, setConfirmation] = useState<BookingConfirmation | null>(null);
  const times = useBookingTimes({ slug, language, services: serviceIds, stylist, firstDay: view.first_day, enabled: serviceIds.length > 0 && step !== "services" && step !== "stylist" });

  // A new step's heading takes focus, so reading goes on from there; not on the page's first render.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  // The first day with free times stands chosen until the visitor picks one, and again when the day picked has none left.
  const freeDays = times.days?.filter((day) => day.times.length > 0) ?? [];
  const shownDate = freeDays.some((day) => day.date === date) ? date : (freeDays[0]?.date ?? null);

  const chosen = serviceIds.map((id) => view.services.find((service) => service.id === id)).filter((service) => service !== undefined);
  const total = totalOf(chosen);
  const stylistName = stylist === null ? intl.formatMessage({ id: "booking.stylist.anyone" }) : view.stylists.find((one) => one.id === stylist)?.name;
  const totals = (
    <>
      <span className="block font-semibold text-slate-900">{intl.formatMessage({ id: "booking.summary.count" }, { count: chosen.length })}</span>
      <span className="block">
        {format.duration(total.minutes)} · {format.price(total.price)}
      </span>
    </>
  );

  const changeChoice = (apply: () => void) => {
    apply();
    setStart(null);
    setNotice(null);
  };

  async function book() {
    const missing = missingContact(contact, (id) => intl.formatMessage({ id }));
    setProblem(null);
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !start) return;
    setSending(true);
    try {
      const booked = await sendBooking(slug, language, { services: serviceIds, stylist, start_datetime: start, ...contact });
      setConfirmation(booked);
      go("done");
    } catch (error) {
      if (error instanceof ApiRequestError && error.code && TIME_REFUSALS.includes(error.code)) {
        // Someone was quicker, or the time slipped inside the notice: fresh times, the form kept.
        setNotice(error.code === BOOKING_CODES.taken ? intl.formatMessage({ id: "booking.time.taken" }) : errorDetail(error, intl.formatMessage({ id: "booking.time.gone" })));
        times.withdraw(start);
        setStart(null);
        go("time");
      } else {
        const atFields = refusedFields(error, CONTACT_FIELDS);
        if (atFields) setErrors(atFields);
        else setProblem(errorDetail(error, intl.formatMessage({ id: "booking.details.failed" })));
      }
    } finally {
      setSending(false);
    }
  }

  let content: ReactNode;
  if (step === "done" && confirmation) {
    content = <DoneStep confirmation={confirmation} language={language} address={view.salon.address} format={format} headingRef={heading} />;
  } else if (step === "details" && start) {
    content = (
      <DetailsStep
        contact={contact}
        onChange={setContact}
        errors={errors}
        problem={problem}
        sending={sending}
        onSubmit={() => void book()}
        onBack={() => go("time")}
        headingRef={heading}
        summary={
          <BookingSummary
            rows={[
              { labelId: "booking.summary.services", value: chosen.map((service) => service.name).join(", ") },
              { labelId: "booking.summary.stylist", value: stylistName },
              { labelId: "booking.summary.when", value: <span className="font-semibold">{`${format.longDate(start)}, ${format.time(start)}`}</span> },
              { labelId: "booking.summary.total", value: `${format.duration(total.minutes)} · ${format.price(total.price)}` },
            ]}
          />
        }
      />
    );
  } else if (step === "waitlist") {
    content = (
      <WaitlistStep
        slug={slug}
        language={language}
        view={view}
        services={chosen}
        stylist={stylist}
        stylistName={stylistName}
        contact={contact}
        onContact={setContact}
        format={format}
        onBack={() => go("time")}
        headingRef={heading}
      />
    );
  } else if (step === "time" || step === "details") {
    content = (
      <>
        <TimeStep
          times={times}
          date={shownDate}
          start={start}
          onDate={(day) => changeChoice(() => setDate(day))}
          onStart={(time) => {
            setStart(time);
            setNotice(null);
          }}
          notice={notice}
          timeZone={view.salon.time_zone}
          format={format}
          onBack={() => go("stylist")}
          onWaitlist={view.waitlist ? () => go("waitlist") : undefined}
          headingRef={heading}
        />
        <ChoiceBar
          summary={start ? <span className="font-semibold text-slate-900">{`${format.shortDate(start)}, ${format.time(start)}`}</span> : totals}
          disabled={!start}
          onContinue={() => go("details")}
        />
      </>
    );
  } else if (step === "stylist") {
    content = (
      <>
        <StylistStep stylists={view.stylists} chosen={stylist} onChange={(id) => changeChoice(() => setStylist(id))} onBack={() => go("services")} headingRef={heading} />
        <ChoiceBar summary={totals} disabled={false} onContinue={() => go("time")} />
      </>
    );
  } else {
    content = (
      <>
        <ServicesStep services={view.services} chosen={serviceIds} onChange={(ids) => changeChoice(() => setServiceIds(ids))} format={format} headingRef={heading} />
        <ChoiceBar
          summary={chosen.length > 0 ? totals : <FormattedMessage id="booking.services.pick" />}
          disabled={chosen.length === 0}
          onContinue={() => go("stylist")}
        />
      </>
    );
  }
  return <div className="relative">{content}</div>;
}
