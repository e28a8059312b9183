import { useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { contactSalesSchema } from "../../../contract/waitlist.ts";
import { api, errorDetail, read } from "../../lib/api-client.ts";
import { Modal } from "../modal.tsx";
import { useToast } from "../toast/toast-context.ts";
import { Button } from "../button.tsx";
import { Field } from "../form-field.tsx";

export interface ContactModalProps {
  show: boolean;
  onClose: () => void;
  title?: string;
  messagePlaceholder?: string;
  prefilledMessage?: string;
}

type FieldErrors = Partial<Record<"email" | "message", string>>;

/** The spec's contact modal: Your Email, Message, Send Message (Sending...). */
export function ContactModal({ show, onClose, title, messagePlaceholder, prefilledMessage = "" }: ContactModalProps) {
  const intl = useIntl();
  const toast = useToast();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState(prefilledMessage);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [lastPrefill, setLastPrefill] = useState(prefilledMessage);

  // A new prefilled message (another use case, another tier) replaces the text.
  if (prefilledMessage !== lastPrefill) {
    setLastPrefill(prefilledMessage);
    setMessage(prefilledMessage);
  }

  const reset = () => {
    setEmail("");
    setMessage(prefilledMessage);
    setErrors({});
    setSending(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactSalesSchema.safeParse({ email, message });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= intl.formatMessage({ id: issue.message }, { max: 5000 });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await read(api.waitlist["contact-sales"].$post({ json: parsed.data }));
      toast.show("success", answer.message || intl.formatMessage({ id: "contact.modal.success" }));
      onClose();
    } catch (error) {
      toast.show("error", errorDetail(error, intl.formatMessage({ id: "contact.modal.failure" })));
      setSending(false);
    }
  }

  return (
    <Modal
      open={show}
      onClose={onClose}
      title={title ?? intl.formatMessage({ id: "contact.modal.title.sales" })}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        emailRef.current?.focus();
      }}
      onClosed={reset}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field label={intl.formatMessage({ id: "contact.modal.email" })} error={errors.email}>
          {(control) => (
            <input
              {...control}
              ref={emailRef}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              disabled={sending}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={intl.formatMessage({ id: "contact.modal.message" })} error={errors.message}>
          {(control) => (
            <textarea
              {...control}
              name="message"
              rows={5}
              value={message}
              disabled={sending}
              maxLength={5000}
              placeholder={messagePlaceholder ?? intl.formatMessage({ id: "contact.modal.placeholder" })}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" busy={sending} className="w-full">
          <FormattedMessage id={sending ? "contact.modal.sending" : "contact.modal.send"} />
        </Button>
      </form>
    </Modal>
  );
}
