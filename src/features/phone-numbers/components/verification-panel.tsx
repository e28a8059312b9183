import { useId, useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { VERIFICATION, type PhoneNumber } from "../../../../contract/phone-numbers.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { useStartVerification, useSubmitCode } from "../api.ts";

/** What the owner should know of the verification call, by Twilio's status of it. */
function callProgress(callStatus: string): string {
  switch (callStatus) {
    case "ringing":
      return "phoneNumbers.verify.progress.ringing";
    case "in-progress":
    case "answered":
      return "phoneNumbers.verify.progress.onLine";
    case "completed":
      return "phoneNumbers.verify.progress.ended";
    case "busy":
      return "phoneNumbers.verify.progress.busy";
    case "no-answer":
      return "phoneNumbers.verify.progress.noAnswer";
    case "failed":
    case "canceled":
      return "phoneNumbers.verify.progress.failed";
    // queued, initiated, and whatever Twilio may add before the phone rings.
    default:
      return "phoneNumbers.verify.progress.calling";
  }
}

const BOXES = {
  unverified: "border-amber-200 bg-amber-50",
  verifying: "border-sky-200 bg-sky-50",
  released: "border-slate-200 bg-slate-50",
} as const;

/**
 * A number that takes no calls, and how it comes to: unverified, the offer of a call that
 * speaks a code; verifying, the call's progress (the list is polled meanwhile) and the code's
 * field; released, why it stopped. Nothing for an active number.
 */
export function VerificationPanel({ number }: { number: PhoneNumber }) {
  const intl = useIntl();
  const toast = useToast();
  const start = useStartVerification();
  const submit = useSubmitCode();
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  // The code's field takes focus when it appears because the owner asked for the call here.
  const [askedHere, setAskedHere] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const shown = displayPhone(number.phone_number);
  const unreachable = () => t("phoneNumbers.error.unreachable");

  const call = async () => {
    setError(null);
    setCodeError(undefined);
    setAskedHere(true);
    // Cleared before the call, not after: the field shows as soon as the call is placed, while
    // the list is still read again, and a code typed meanwhile must stay.
    setCode("");
    try {
      await start.mutateAsync(number.id);
    } catch (failure) {
      setError(errorDetail(failure, unreachable()));
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (code.length !== VERIFICATION.codeLength) {
      setCodeError(t("phoneNumbers.verify.codeRequired"));
      codeRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    try {
      await submit.mutateAsync({ id: number.id, code });
      toast.show("success", t("phoneNumbers.toast.verified", { number: shown }));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === "wrong_code") {
        setCodeError(failure.fields?.code ?? errorDetail(failure, unreachable()));
        codeRef.current?.select();
      } else {
        setError(errorDetail(failure, unreachable()));
      }
    }
  };

  const alert = error && (
    <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );

  if (number.status === "active") return null;

  let body;
  if (number.status === "released") {
    body = (
      <p className="text-sm text-slate-700">
        <FormattedMessage id="phoneNumbers.verify.released" />
      </p>
    );
  } else if (number.status === "unverified" || !number.verification) {
    body = (
      <>
        <p className="text-sm text-slate-800">
          <FormattedMessage id="phoneNumbers.verify.explain" />
        </p>
        <Button className="mt-3" busy={start.isPending} onClick={call}>
          <FormattedMessage id={start.isPending ? "phoneNumbers.verify.calling" : "phoneNumbers.verify.call"} />
        </Button>
        {alert}
      </>
    );
  } else {
    const { call_status, tries_left, expires_at } = number.verification;
    body = (
      <>
        <p role="status" className="text-sm font-medium text-sky-950">
          {t(callProgress(call_status), { number: shown })}
        </p>
        <form noValidate onSubmit={verify} className="mt-3 flex flex-wrap items-start gap-3">
          <Field label={t("phoneNumbers.verify.code")} error={codeError} className="w-44">
            {(control) => (
              <input
                {...control}
                ref={codeRef}
                // Only when the owner asked for the call here, never on a page load.
                autoFocus={askedHere}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={VERIFICATION.codeLength}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value.replace(/\D/g, "").slice(0, VERIFICATION.codeLength));
                  setCodeError(undefined);
                }}
                className={`${control.className} font-mono tracking-[0.3em] tabular-nums`}
              />
            )}
          </Field>
          <Button type="submit" busy={submit.isPending} className="mt-6">
            <FormattedMessage id={submit.isPending ? "phoneNumbers.verify.submitting" : "phoneNumbers.verify.submit"} />
          </Button>
        </form>
        <p aria-live="polite" className="mt-2 text-sm text-slate-700">
          {/* After a wrong code its message under the field counts the tries already. */}
          {!codeError && `${t("phoneNumbers.verify.triesLeft", { count: tries_left })} `}
          {t("phoneNumbers.verify.expires", { time: intl.formatTime(expires_at, { hour: "numeric", minute: "2-digit" }) })}
        </p>
        {alert}
        <Button variant="secondary" size="sm" className="mt-3" busy={start.isPending} onClick={call}>
          <FormattedMessage id={start.isPending ? "phoneNumbers.verify.calling" : "phoneNumbers.verify.again"} />
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className={`rounded-xl border px-4 py-3 ${BOXES[number.status]}`}>
      <h3 id={titleId} className="font-semibold text-slate-900">
        <FormattedMessage id={number.status === "released" ? "phoneNumbers.verify.releasedTitle" : "phoneNumbers.verify.title"} />
      </h3>
      <div className="mt-1">{body}</div>
    </section>
  );
}
