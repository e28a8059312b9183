import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EMAIL_PATTERN } from "../../../../contract/email.ts";
import { Button } from "../../../components/button.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { joinWaitlist } from "../api.ts";

type State = { kind: "idle" } | { kind: "submitting" } | { kind: "success"; text: string } | { kind: "error"; text: string };

/** The hero's waitlist form: idle, Joining..., then a success or error message. */
export function WaitlistForm() {
  const intl = useIntl();
  const toast = useToast();
  const inputId = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const submitting = state.kind === "submitting";

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The API's rule, checked without its schema library, which the home page does not load.
    const address = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(address)) {
      toast.show("error", intl.formatMessage({ id: "validation.waitlist.email" }));
      return;
    }
    setState({ kind: "submitting" });
    try {
      const answer = await joinWaitlist({ email: address });
      const text = answer.message || intl.formatMessage({ id: "waitlist.form.success" });
      setState({ kind: "success", text });
      setEmail("");
    } catch (error) {
      setState({ kind: "error", text: errorDetail(error, intl.formatMessage({ id: "waitlist.form.networkError" })) });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="w-full max-w-lg" aria-describedby={state.kind === "idle" ? undefined : `${inputId}-status`}>
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
      {(state.kind === "success" || state.kind === "error") && (
        <p
          id={`${inputId}-status`}
          role={state.kind === "error" ? "alert" : "status"}
          className={`mt-3 flex items-center gap-2 text-sm font-medium ${state.kind === "success" ? "text-emerald-700" : "text-red-700"}`}
        >
          <span aria-hidden="true">{state.kind === "success" ? "✓" : "!"}</span>
          {state.text}
        </p>
      )}
    </form>
  );
}
