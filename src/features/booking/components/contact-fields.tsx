import { useEffect, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LIMITS as REQUEST_LIMITS } from "../../../../contract/errors.ts";
import { BOOKING_LIMITS } from "../../../../contract/booking-limits.ts";
import { Field } from "../../../components/form-field.tsx";

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

/** What the visitor left out of name and phone, said at each field; empty when nothing is. */
export function missingContact(contact: Contact, say: (id: string) => string): ContactErrors {
  return {
    ...(contact.name.trim() ? {} : { name: say("booking.details.nameMissing") }),
    ...(contact.phone.trim() ? {} : { phone: say("booking.details.phoneMissing") }),
  };
}

/**
 * Who the visitor is and how the salon reaches them, for a booking and for the waitlist: the
 * same details typed once stay for both. The email is asked for where something is mailed.
 */
export function ContactFields({ contact, onChange, errors, email, phoneHintId }: {
  contact: Contact;
  onChange: (contact: Contact) => void;
  errors: ContactErrors;
  email: boolean;
  phoneHintId: string;
}) {
  const intl = useIntl();
  const set = (key: keyof Contact) => (event: { currentTarget: { value: string } }) => onChange({ ...contact, [key]: event.currentTarget.value });
  return (
    <>
      <Field label={intl.formatMessage({ id: "booking.details.name" })} error={errors.name} required>
        {(control) => <input {...control} value={contact.name} onChange={set("name")} autoComplete="name" maxLength={BOOKING_LIMITS.name} />}
      </Field>
      <Field label={intl.formatMessage({ id: "booking.details.phone" })} error={errors.phone} hint={intl.formatMessage({ id: phoneHintId })} required>
        {(control) => (
          <input {...control} type="tel" value={contact.phone} onChange={set("phone")} autoComplete="tel" inputMode="tel" maxLength={BOOKING_LIMITS.phone} />
        )}
      </Field>
      {email && (
        <Field label={intl.formatMessage({ id: "booking.details.email" })} error={errors.email} hint={intl.formatMessage({ id: "booking.details.emailHint" })}>
          {(control) => (
            <input {...control} type="email" value={contact.email} onChange={set("email")} autoComplete="email" maxLength={REQUEST_LIMITS.emailLength} />
          )}
        </Field>
      )}
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
    </>
  );
}

/** The end of a form: a refusal that is no one field's, the button that sends, and what the salon does with the details. */
export function SendRow({ problem, sending, labelId, sendingId }: { problem: string | null; sending: boolean; labelId: string; sendingId: string }) {
  return (
    <>
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
        <FormattedMessage id={sending ? sendingId : labelId} />
      </button>
      <p className="text-center text-xs text-slate-500">
        <FormattedMessage id="booking.details.privacy" />
      </p>
    </>
  );
}

/** After a refusal, focus goes to the first field it names. */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
