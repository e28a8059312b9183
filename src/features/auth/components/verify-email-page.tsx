import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClass } from "../../../components/button.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { verifyEmail } from "../api.ts";

/** How long the success screen shows before the home page opens the login dialog. */
const VERIFIED_REDIRECT_MS = 2000;

type State = { kind: "verifying" } | { kind: "verified" } | { kind: "failed"; text: string };

/** Opened from the verification mail: checks token and user_id, then sends the owner to log in. */
export function VerifyEmailPage() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const { localPath } = useLanguage();
  const [params] = useSearchParams();
  const token = params.get("token");
  const userId = params.get("user_id");
  const [state, setState] = useState<State>(() =>
    token && userId ? { kind: "verifying" } : { kind: "failed", text: intl.formatMessage({ id: "auth.error.invalidVerificationLink" }) },
  );
  const started = useRef(false);

  useEffect(() => {
    // Once only: the link is single-use, and StrictMode runs effects twice in development.
    if (!token || !userId || started.current) return;
    started.current = true;
    verifyEmail(token, userId)
      .then(() => {
        setState({ kind: "verified" });
        setTimeout(() => navigate(`${localPath("/")}?verified=success`, { replace: true }), VERIFIED_REDIRECT_MS);
      })
      .catch((error: unknown) => {
        toast.show("error", errorDetail(error, intl.formatMessage({ id: "auth.verify.failedToast" })));
        setState({ kind: "failed", text: intl.formatMessage({ id: "auth.verify.failedText" }) });
      });
  }, [token, userId, navigate, localPath, toast, intl]);

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-20 text-center" aria-live="polite">
      <DocumentTitle title={intl.formatMessage({ id: "auth.verify.pageTitle" })} />
      {state.kind === "verifying" && (
        <>
          <span aria-hidden="true" className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
          <p className="mt-6 text-lg text-slate-700">
            <FormattedMessage id="auth.verify.verifying" />
          </p>
        </>
      )}
      {state.kind === "verified" && (
        <>
          <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700">
            ✓
          </span>
          <h1 className="mt-6 text-3xl font-bold text-slate-900">
            <FormattedMessage id="auth.verify.successTitle" />
          </h1>
          <Link to="/login" className={`mt-8 ${buttonClass({ size: "lg" })}`}>
            <FormattedMessage id="auth.verify.login" />
          </Link>
        </>
      )}
      {state.kind === "failed" && (
        <>
          <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-red-100 text-2xl font-bold text-red-700">
            !
          </span>
          <h1 className="mt-6 text-3xl font-bold text-slate-900">
            <FormattedMessage id="auth.verify.failedTitle" />
          </h1>
          <p role="alert" className="mt-3 text-slate-700">
            {state.text}
          </p>
          <Link to={localPath("/")} className={`mt-8 ${buttonClass({ size: "lg" })}`}>
            <FormattedMessage id="auth.verify.home" />
          </Link>
        </>
      )}
    </section>
  );
}
