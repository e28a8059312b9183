import { useRef, type FormEvent, type ReactNode, type RefObject } from "react";
import { ContactFields, SendRow, useFocusOnRefusal, type Contact, type ContactErrors } from "./contact-fields.tsx";
import { StepFrame } from "./step-frame.tsx";

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
  const form = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(form, errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending) onSubmit();
  };

  return (
    <StepFrame number={4} titleId="booking.details.title" headingRef={headingRef} onBack={onBack}>
      <div className="mt-4">{summary}</div>
      <form ref={form} noValidate onSubmit={submit} className="mt-6 space-y-4">
        <ContactFields contact={contact} onChange={onChange} errors={errors} email phoneHintId="booking.details.phoneHint" />
        <SendRow problem={problem} sending={sending} labelId="booking.details.confirm" sendingId="booking.details.sending" />
      </form>
    </StepFrame>
  );
}
