import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EMAIL_PATTERN } from "../../../../contract/email.ts";
import { Button } from "../../../components/button.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { joinWaitlist } from "../api.ts";

/** The hero's waitlist form: Joining... while it runs, then the answer in a toast. */
export function WaitlistForm() {
  const intl = useIntl();
  const toast = useToast();
  const inputId = useId();
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The API's rule, checked without its schema library, which the home page does not load.
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      toast.show("error", intl.formatMessage({ id: "validation.waitlist.email" }));
      return;
    }
    setSubmitting(true);
    try {
      const answer = await joinWaitlist({ email: address });
      toast.show("success", answer.message || intl.formatMessage({ id: "waitlist.form.success" }));
      setEmail("");
    } catch (error) {
      toast.show("error", errorDetail(error, intl.formatMessage({ id: "waitlist.form.networkError" })));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="w-full max-w-lg">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          <FormattedMessage id="waitlist.form.label" />
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          disabled={submitting}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={intl.formatMessage({ id: "waitlist.form.placeholder" })}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 py-3 text-slate-900 shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-100"
        />
        <Button type="submit" variant="cta" size="xl" busy={submitting} className="whitespace-nowrap">
          <FormattedMessage id={submitting ? "waitlist.form.joining" : "waitlist.form.submit"} />
        </Button>
      </div>
    </form>
  );
}
