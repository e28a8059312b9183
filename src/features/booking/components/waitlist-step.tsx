import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BookingPageView, BookingWaitlistConfirmation } from "../../../../contract/booking-page.ts";
import type { Language } from "../../../../contract/languages.ts";
import type { Weekday } from "../../../../contract/salon-basics.ts";
import { CHECKBOX_CLASS, Field } from "../../../components/form-field.tsx";
import { errorDetail, refusedFields } from "../../../lib/api-answer.ts";
import { joinWaitlist } from "../api.ts";
import type { BookingFormat } from "../format.ts";
import { firstWish, isoWeekday, wishChoices, type Wish } from "../waitlist-wish.ts";
import type { IsoWeekday } from "../../../../contract/outreach.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { DoneFrame } from "./done-step.tsx";
import { ContactFields, missingContact, SendRow, useFocusOnRefusal, type Contact, type ContactErrors } from "./contact-fields.tsx";
import { StepFrame } from "./step-frame.tsx";

type WishErrors = ContactErrors & Partial<Record<keyof Wish, string>>;
const FIELDS = ["name", "phone", "note", "weekdays", "from_time", "until_time", "until_date"] as const;

/**
 * The waitlist, for a visitor whom no free time suits: the days and hours they can come and
 * until when, then who they are. The salon texts them when such a time comes free.
 */
export function WaitlistStep({ slug, language, view, services, stylist, stylistName, contact, onContact, format, onBack, headingRef }: {
  slug: string;
  language: Language;
  view: BookingPageView;
  services: { id: string; name: string }[];
  stylist: string | null;
  stylistName: string | undefined;
  contact: Contact;
  onContact: (contact: Contact) => void;
  format: BookingFormat;
  onBack: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id });
  const choices = useMemo(() => wishChoices(view), [view]);
  const [wish, setWish] = useState<Wish>(() => firstWish(choices, view.first_day));
  const [errors, setErrors] = useState<WishErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState<BookingWaitlistConfirmation | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const daysError = useId();
  useFocusOnRefusal(form, errors);
  useEffect(() => {
    if (joined) doneHeading.current?.focus();
  }, [joined]);

  const longDate = (date: string) => format.day(date, { weekday: "long", day: "numeric", month: "long" });
  const toggleDay = (iso: IsoWeekday) =>
    setWish({ ...wish, weekdays: wish.weekdays.includes(iso) ? wish.weekdays.filter((day) => day !== iso) : [...wish.weekdays, iso].sort() });

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const missing: WishErrors = { ...missingContact(contact, say), ...(wish.weekdays.length === 0 ? { weekdays: say("booking.waitlist.daysMissing") } : {}) };
    setProblem(null);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSending(true);
    try {
      const { name, phone, note, website } = contact;
      setJoined(await joinWaitlist(slug, language, { services: services.map((service) => service.id), stylist, ...wish, name, phone, note, website }));
    } catch (error) {
      const atFields = refusedFields(error, FIELDS);
      if (atFields) {
        setErrors(atFields);
      } else {
        setProblem(errorDetail(error, say("booking.waitlist.failed")));
      }
    } finally {
      setSending(false);
    }
  }

  const chosen = [
    { labelId: "booking.summary.services", value: services.map((service) => service.name).join(", ") },
    { labelId: "booking.summary.stylist", value: stylistName },
  ];

  if (joined) {
    const days =
      joined.weekdays.length === 7
        ? say("booking.waitlist.everyDay")
        : intl.formatList(joined.weekdays.map((iso) => format.weekday((iso - 1) as Weekday)));
    return (
      <DoneFrame
        titleId="booking.waitlist.doneTitle"
        text={<FormattedMessage id="booking.waitlist.doneText" values={{ phone: <span className="whitespace-nowrap">{joined.phone}</span> }} />}
        headingRef={doneHeading}
      >
        <div className="mt-6 text-left">
          <BookingSummary
            rows={[
              ...chosen,
              { labelId: "booking.waitlist.summaryDays", value: days },
              { labelId: "booking.waitlist.summaryHours", value: `${format.clock(joined.from_time)}–${format.clock(joined.until_time)}` },
              { labelId: "booking.waitlist.summaryUntil", value: longDate(joined.until_date) },
            ]}
          />
        </div>
      </DoneFrame>
    );
  }

  return (
    <StepFrame number={4} titleId="booking.waitlist.title" headingRef={headingRef} onBack={onBack}>
      <p className="mt-2 text-slate-700">
        <FormattedMessage id="booking.waitlist.intro" />
      </p>
      <div className="mt-4">
        <BookingSummary rows={chosen} />
      </div>
      <form ref={form} noValidate onSubmit={(event) => void send(event)} className="mt-6 space-y-4">
        <fieldset aria-describedby={errors.weekdays ? daysError : undefined}>
          <legend className="text-sm font-medium text-slate-900">
            <FormattedMessage id="booking.waitlist.days" />
          </legend>
          <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-7">
            {choices.days.map((day) => {
              const iso = isoWeekday(day);
              const on = wish.weekdays.includes(iso);
              return (
                <label
                  key={day}
                  className={`flex cursor-pointer items-center justify-center gap-2 rounded-xl border px-2 py-2.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                    on ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700"
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => toggleDay(iso)}
                    aria-invalid={Boolean(errors.weekdays)}
                    className={CHECKBOX_CLASS}
                  />
                  <span aria-hidden="true" className="capitalize">{format.weekday(day, "short")}</span>
                  <span className="sr-only">{format.weekday(day)}</span>
                </label>
              );
            })}
          </div>
          {errors.weekdays && (
            <p id={daysError} className="mt-1 text-sm text-red-700">
              {errors.weekdays}
            </p>
          )}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <Field label={say("booking.waitlist.from")} error={errors.from_time}>
            {(control) => (
              <select
                {...control}
                value={wish.from_time}
                onChange={(event) => {
                  const from = event.currentTarget.value;
                  setWish({ ...wish, from_time: from, until_time: wish.until_time > from ? wish.until_time : choices.times.at(-1)! });
                }}
              >
                {choices.times.slice(0, -1).map((time) => (
                  <option key={time} value={time}>
                    {format.clock(time)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={say("booking.waitlist.until")} error={errors.until_time}>
            {(control) => (
              <select {...control} value={wish.until_time} onChange={(event) => setWish({ ...wish, until_time: event.currentTarget.value })}>
                {choices.times
                  .filter((time) => time > wish.from_time)
                  .map((time) => (
                    <option key={time} value={time}>
                      {format.clock(time)}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        </div>
        <Field label={say("booking.waitlist.lastDay")} error={errors.until_date}>
          {(control) => (
            <select {...control} value={wish.until_date} onChange={(event) => setWish({ ...wish, until_date: event.currentTarget.value })}>
              {choices.lastDays.map((day) => (
                <option key={day} value={day}>
                  {longDate(day)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ContactFields contact={contact} onChange={onContact} errors={errors} email={false} phoneHintId="booking.waitlist.phoneHint" />
        <p className="text-sm text-slate-600">
          <FormattedMessage id="booking.waitlist.consent" values={{ salon: view.salon.name, date: longDate(wish.until_date) }} />
        </p>
        <SendRow problem={problem} sending={sending} labelId="booking.waitlist.join" sendingId="booking.waitlist.joining" />
      </form>
    </StepFrame>
  );
}
