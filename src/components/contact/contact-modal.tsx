import { useId, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { contactSalesSchema, type MessageResponse } from "../../../contract/waitlist.ts";
import { apiFetch, errorDetail } from "../../lib/api-client.ts";
import { Button } from "../button.tsx";
import { Modal } from "../modal.tsx";
import { useToast } from "../toast/toast-context.ts";

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
  const ids = { email: useId(), message: useId() };
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
      const answer = await apiFetch<MessageResponse>("/waitlist/contact-sales", { method: "POST", body: parsed.data });
      toast.show("success", answer.message || intl.formatMessage({ id: "contact.modal.success" }));
      onClose();
    } catch (error) {
      toast.show("error", errorDetail(error, intl.formatMessage({ id: "contact.modal.failure" })));
      setSending(false);
    }
  }

  const fieldClass = (invalid: boolean) =>
    `mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-100 ${invalid ? "border-red-500" : "border-slate-300"}`;

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
        <div>
          <label htmlFor={ids.email} className="text-sm font-medium text-slate-700">
            <FormattedMessage id="contact.modal.email" />
          </label>
          <input
            ref={emailRef}
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            disabled={sending}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? `${ids.email}-error` : undefined}
            className={fieldClass(Boolean(errors.email))}
          />
          {errors.email && (
            <p id={`${ids.email}-error`} className="mt-1 text-sm text-red-700">
              {errors.email}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.message} className="text-sm font-medium text-slate-700">
            <FormattedMessage id="contact.modal.message" />
          </label>
          <textarea
            id={ids.message}
            name="message"
            rows={5}
            value={message}
            disabled={sending}
            maxLength={5000}
            placeholder={messagePlaceholder ?? intl.formatMessage({ id: "contact.modal.placeholder" })}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={errors.message ? `${ids.message}-error` : undefined}
            className={fieldClass(Boolean(errors.message))}
          />
          {errors.message && (
            <p id={`${ids.message}-error`} className="mt-1 text-sm text-red-700">
              {errors.message}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" busy={sending} className="w-full">
          <FormattedMessage id={sending ? "contact.modal.sending" : "contact.modal.send"} />
        </Button>
      </form>
    </Modal>
  );
}
