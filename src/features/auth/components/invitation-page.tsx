import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate, useParams } from "react-router";
import { loginSchema, registerSchema } from "../../../../contract/auth.ts";
import type { InvitationView } from "../../../../contract/team.ts";
import { Button, buttonClass } from "../../../components/button.tsx";
import { controlClass } from "../../../components/form-field.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { logout } from "../../../lib/auth/logout.ts";
import { loadSalons, switchSalon } from "../../../lib/auth/salons.ts";
import { useSession } from "../../../lib/auth/session.ts";
import { acceptInvitation, login, register, viewInvitation } from "../api.ts";
import { AuthField } from "./auth-field.tsx";
import { FormNotice } from "./form-notice.tsx";
import { PasswordChecklist } from "./password-checklist.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** A link that no longer works, by the reason the server gave; anything else is a link that never did. */
const ENDED = ["invitation_expired", "invitation_used", "invitation_revoked"] as const;
type Ended = (typeof ENDED)[number] | "unknown";

type State = { kind: "loading" } | { kind: "ended"; reason: Ended; text: string } | { kind: "open"; view: InvitationView };

const endedBy = (error: unknown, fallback: string): State => ({
  kind: "ended",
  reason: ENDED.find((code) => error instanceof ApiRequestError && error.code === code) ?? "unknown",
  text: errorDetail(error, fallback),
});

/**
 * /{lang}/invitation/:token, opened from the invitation's mail: which salon, as what and from
 * whom; then registering (a new address) or signing in, and joining the salon, which opens its
 * dashboard.
 */
export function InvitationPage() {
  const intl = useIntl();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const { localPath } = useLanguage();
  const { user } = useSession();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [accepting, setAccepting] = useState(false);
  const [acceptFailure, setAcceptFailure] = useState<string | null>(null);
  const fallback = intl.formatMessage({ id: "team.invitation.unknown" });

  useEffect(() => {
    let current = true;
    viewInvitation(token).then(
      (view) => current && setState({ kind: "open", view }),
      (error: unknown) => current && setState(endedBy(error, fallback)),
    );
    return () => {
      current = false;
    };
  }, [token, fallback]);

  /**
   * Joins the salon, works in it from now on and opens its dashboard; a link that ended meanwhile
   * says why. Signing in on this page shows the accepting panel, which reports a failure.
   */
  const accept = async () => {
    setAccepting(true);
    setAcceptFailure(null);
    try {
      const membership = await acceptInvitation(token);
      await switchSalon(membership.salon_id);
    } catch (error) {
      setAccepting(false);
      if (error instanceof ApiRequestError && error.status === 410) setState(endedBy(error, fallback));
      else setAcceptFailure(errorDetail(error, intl.formatMessage({ id: "team.invitation.acceptFailed" })));
      return;
    }
    navigate(localPath("/dashboard"));
  };

  /** An account registered from the link is in the salon already, its only one: it opens. */
  const joined = async () => {
    setAccepting(true);
    await loadSalons();
    navigate(localPath("/dashboard"));
  };

  return (
    <section className="mx-auto max-w-lg px-6 py-16 sm:py-20">
      <DocumentTitle title={intl.formatMessage({ id: "team.invitation.pageTitle" })} />
      {state.kind === "loading" && (
        <p role="status" className="flex items-center justify-center gap-3 text-slate-600">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          <FormattedMessage id="team.invitation.loading" />
        </p>
      )}
      {state.kind === "ended" && (
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            <FormattedMessage id={`team.invitation.ended.${state.reason}`} />
          </h1>
          <p role="alert" className="mt-4 text-slate-700">
            {state.text}
          </p>
          <Link to={localPath(user ? "/dashboard" : "/")} className={`mt-8 ${buttonClass({ size: "lg" })}`}>
            <FormattedMessage id={user ? "team.invitation.toDashboard" : "notFound.back"} />
          </Link>
        </div>
      )}
      {state.kind === "open" && (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            <FormattedMessage id="team.invitation.title" values={{ salon: state.view.salon_name }} />
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            <FormattedMessage
              id={state.view.invited_by ? "team.invitation.fromWhom" : "team.invitation.what"}
              values={{
                inviter: state.view.invited_by,
                salon: state.view.salon_name,
                role: intl.formatMessage({ id: `team.role.${state.view.role}` }),
                b: (text) => <strong className="font-semibold text-slate-900">{text}</strong>,
              }}
            />
          </p>
          <p className="mt-2 text-sm text-slate-600">
            <FormattedMessage id={`team.roleHint.${state.view.role}`} />
          </p>
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            {!user ? (
              <JoinForm view={state.view} token={token} onRegistered={joined} onSignedIn={accept} />
            ) : user.email === state.view.email.toLowerCase() ? (
              <AcceptPanel email={user.email} busy={accepting} failure={acceptFailure} onAccept={() => void accept()} />
            ) : (
              <WrongAccount invited={state.view.email} signedIn={user.email} />
            )}
          </div>
        </>
      )}
    </section>
  );
}

function AcceptPanel({ email, busy, failure, onAccept }: { email: string; busy: boolean; failure: string | null; onAccept: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        <FormattedMessage id="team.invitation.signedInAs" values={{ email }} />
      </p>
      {failure && <FormNotice kind="error">{failure}</FormNotice>}
      <Button
        size="lg"
        className="w-full"
        busy={busy}
        onClick={onAccept}
      >
        <FormattedMessage id={busy ? "team.invitation.accepting" : "team.invitation.accept"} />
      </Button>
    </div>
  );
}

function WrongAccount({ invited, signedIn }: { invited: string; signedIn: string }) {
  return (
    <div className="space-y-4">
      <FormNotice kind="error">
        <FormattedMessage id="team.invitation.wrongAccount" values={{ invited, signedIn }} />
      </FormNotice>
      <Button variant="secondary" size="lg" className="w-full" onClick={() => void logout()}>
        <FormattedMessage id="team.invitation.logOut" />
      </Button>
    </div>
  );
}

/**
 * Signed out: a password for a new account at the invited address (the link proved the mailbox,
 * so it is ready at once and joins the salon as it is made), or the password of the account it
 * already has, which then accepts.
 */
function JoinForm({ view, token, onRegistered, onSignedIn }: {
  view: InvitationView;
  token: string;
  onRegistered: () => Promise<void>;
  onSignedIn: () => Promise<void>;
}) {
  const emailId = useId();
  const [mode, setMode] = useState<"register" | "login">(view.has_account ? "login" : "register");
  const [notice, setNotice] = useState<string | null>(null);
  const registering = mode === "register";
  const form = useAuthForm({
    schema: registering ? registerSchema : loginSchema,
    fields: ["password"],
    fixed: registering ? { email: view.email, invitation: token } : { email: view.email },
    failure: registering ? "auth.register.failure" : "team.invitation.acceptFailed",
    send: async (body) => {
      if (registering) {
        const answer = await register({ ...body, invitation: token });
        // An address that had an account after all gets the usual answer: its password is needed.
        if (!("verified" in answer)) {
          switchTo("login");
          setNotice(answer.message);
          return;
        }
      }
      await login({ email: view.email, password: body.password });
      await (registering ? onRegistered() : onSignedIn());
    },
  });
  function switchTo(next: "register" | "login") {
    form.reset();
    setNotice(null);
    setMode(next);
  }
  return (
    <form {...form.formProps} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">
        <FormattedMessage id={registering ? "team.invitation.registerTitle" : "team.invitation.loginTitle"} />
      </h2>
      {notice && <FormNotice kind="success">{notice}</FormNotice>}
      <div>
        <label htmlFor={emailId} className="text-sm font-medium text-slate-700">
          <FormattedMessage id="auth.field.email" />
        </label>
        <input id={emailId} type="email" readOnly value={view.email} autoComplete="username" className={`mt-1 ${controlClass(false)} bg-slate-50`} />
      </div>
      <AuthField
        {...form.field("password")}
        label="auth.field.password"
        type="password"
        autoComplete={registering ? "new-password" : "current-password"}
        hint={registering ? <PasswordChecklist password={form.values.password} /> : undefined}
      />
      {form.failure && <FormNotice kind="error">{form.failure}</FormNotice>}
      <Button type="submit" size="lg" className="w-full" busy={form.busy}>
        <FormattedMessage id={registering ? "team.invitation.registerSubmit" : "team.invitation.loginSubmit"} />
      </Button>
      <p className="text-center text-sm text-slate-600">
        <button type="button" className="font-semibold text-brand-700 underline hover:text-brand-800" onClick={() => switchTo(registering ? "login" : "register")}>
          <FormattedMessage id={registering ? "team.invitation.haveAccount" : "team.invitation.noAccount"} />
        </button>
      </p>
    </form>
  );
}
