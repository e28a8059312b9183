import "../dashboard.css";
import { QueryClient, QueryClientProvider, useIsFetching } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, Outlet } from "react-router";
import { buttonClass } from "../components/button.tsx";
import { DocumentTitle } from "../components/document-title.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { useLanguage } from "../i18n/language-context.ts";
import { logout } from "../lib/auth/logout.ts";
import { MembershipContext } from "../lib/auth/membership.ts";
import { loadSalons, onSalonChange, useSalons } from "../lib/auth/salons.ts";
import { forgetOnSignOut } from "../lib/auth/session.ts";

// One cache for the signed-in screens, loaded with them and never on the public pages.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
forgetOnSignOut(() => queryClient.clear());
onSalonChange(() => queryClient.clear());

/** The signed-in screens, in the salon the person works in; each salon's screens start afresh, keyed by it. */
export function SignedInShell() {
  const intl = useIntl();
  const { status, current } = useSalons({ makeFirst: true });
  if (current) {
    return (
      <QueryClientProvider client={queryClient}>
        <MembershipContext value={current}>
          <Loading>
            <Outlet key={current.salon_id} />
          </Loading>
        </MembershipContext>
      </QueryClientProvider>
    );
  }
  if (status === "none") return <NoSalon />;
  if (status === "failed") {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <LoadFailed
          message={intl.formatMessage({ id: "dashboard.salons.loadFailed" })}
          retryLabel={intl.formatMessage({ id: "dashboard.salons.retry" })}
          onRetry={() => void loadSalons({ makeFirst: true })}
        />
      </div>
    );
  }
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      <FormattedMessage id="dashboard.salons.loading" />
    </div>
  );
}

/**
 * Marks the screen busy while any of its data loads, so a screen reader holds its news until the
 * screen is whole (and a test measures the screen as it ends up).
 */
function Loading({ children }: { children: ReactNode }) {
  const fetching = useIsFetching();
  return (
    <div aria-busy={fetching > 0 || undefined} className="contents">
      {children}
    </div>
  );
}

/** Signed in, but no salon counts the person among its team any more. */
function NoSalon() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.salons.noneTitle" })} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        <FormattedMessage id="dashboard.salons.noneTitle" />
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        <FormattedMessage id="dashboard.salons.noneText" />
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={localPath("/")} className={buttonClass({ variant: "secondary", size: "lg" })}>
          <FormattedMessage id="notFound.back" />
        </Link>
        <button type="button" onClick={() => void logout()} className={buttonClass({ size: "lg" })}>
          <FormattedMessage id="account.menu.logout" />
        </button>
      </div>
    </section>
  );
}
