import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LIMITS as REQUEST_LIMITS } from "../../../../contract/errors.ts";
import { Field } from "../../../components/form-field.tsx";
import { BOOKING_LIMITS } from "../../../../contract/booking-limits.ts";
import { StepFrame } from "./step-frame.tsx";

export interface Contact {
  name: string;
  phone: string;
  email: string;
  note: string;
  /** The honeypot: people never see it, so whatever it holds was typed by a script. */
  website: string;
}

export const NO_CONTACT: Contact = { name: "", phone: "", email: "", note: "", website: "" };

export type ContactErrors = Partial<Record<keyof Contact, string>>;

/** Step 4: who is coming and how the salon reaches them; then the booking is sent. */
export function DetailsStep({ contact, onChange, errors, problem, sending, onSubmit, summary, onBack, headingRef }: {
  contact: Contact;
  onChange: (contact: Contact) => void;
  errors: ContactErrors;
  /** A refusal that is no one field's. */
  problem: string | null;
  sending: boolean;
  onSubmit: () => void;
  /** What is being booked, shown above the form. */
  summary: ReactNode;
  onBack: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const form = useRef<HTMLFormElement>(null);
  const set = (key: keyof Contact) => (event: { currentTarget: { value: string } }) => onChange({ ...contact, [key]: event.currentTarget.value });

  // After a refusal, focus goes to the first field it names.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) onSubmit();
  };

  return (
    <StepFrame number={4} titleId="booking.details.title" headingRef={headingRef} onBack={onBack}>
      <div className="mt-4">{summary}</div>
      <form ref={form} noValidate onSubmit={submit} className="mt-6 space-y-4">
        <Field label={intl.formatMessage({ id: "booking.details.name" })} error={errors.name} required>
          {(control) => (
            <input {...control} value={contact.name} onChange={set("name")} autoComplete="name" maxLength={BOOKING_LIMITS.name} />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: "booking.details.phone" })} error={errors.phone} hint={intl.formatMessage({ id: "booking.details.phoneHint" })} required>
          {(control) => (
            <input {...control} type="tel" value={contact.phone} onChange={set("phone")} autoComplete="tel" inputMode="tel" maxLength={BOOKING_LIMITS.phone} />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: "booking.details.email" })} error={errors.email} hint={intl.formatMessage({ id: "booking.details.emailHint" })}>
          {(control) => (
            <input {...control} type="email" value={contact.email} onChange={set("email")} autoComplete="email" maxLength={REQUEST_LIMITS.emailLength} />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: "booking.details.note" })} error={errors.note}>
          {(control) => <textarea {...control} rows={3} value={contact.note} onChange={set("note")} maxLength={BOOKING_LIMITS.note} />}
        </Field>
        {/* Off-screen rather than display:none, which form-filling scripts know to skip. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            <FormattedMessage id="booking.details.website" />
            <input type="text" name="website" tabIndex={-1} autoComplete="off" value={contact.website} onChange={set("website")} />
          </label>
        </div>

        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {problem}
          </p>
        )}
        <button
          type="submit"
          aria-busy={sending || undefined}
          className="w-full rounded-xl bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
          disabled={sending}
        >
          <FormattedMessage id={sending ? "booking.details.sending" : "booking.details.confirm"} />
        </button>
        <p className="text-center text-xs text-slate-500">
          <FormattedMessage id="booking.details.privacy" />
        </p>
      </form>
    </StepFrame>
  );
}
