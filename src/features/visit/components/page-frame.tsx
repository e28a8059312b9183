import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useParams } from "react-router";
import { VISIT_CODES } from "../../../../contract/visit.ts";
import { isLanguage } from "../../../../contract/languages.ts";
import { Button } from "../../../components/button.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { ApiRequestError } from "../../../lib/api-client.ts";
import { visitQueryClient } from "../api.ts";

/**
 * The frame of a page a salon's client opens from a message: no site navigation, one calm card
 * in the middle, kept out of search engines (the address holds the client's link).
 */
export function PageFrame({ titleId, children }: { titleId: string; children: ReactNode }) {
  const intl = useIntl();
  const { lang } = useParams();
  return (
    <QueryClientProvider client={visitQueryClient}>
      <meta name="robots" content="noindex" />
      <DocumentTitle title={intl.formatMessage({ id: titleId })} />
      <div className="min-h-dvh bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-6 sm:py-16">
        <main className="mx-auto w-full max-w-lg">{isLanguage(lang) ? children : <NotFoundPage />}</main>
      </div>
    </QueryClientProvider>
  );
}

/** The white card a page's content sits on. */
export function Card({ children }: { children: ReactNode }) {
  return <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">{children}</article>;
}

export function PageLoading({ textId }: { textId: string }) {
  return (
    <div className="flex flex-col items-center py-24 text-center" role="status">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <p className="mt-4 text-slate-700">
        <FormattedMessage id={textId} />
      </p>
    </div>
  );
}

/** A link that does not work (forged, cut short, its row gone) or no longer works, or a load that failed. */
export function LinkProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = error instanceof ApiRequestError && error.status === 404;
  const kind = !refused ? "failed" : error.code === VISIT_CODES.linkExpired ? "expired" : "invalid";
  return (
    <Card>
      <div className="px-6 py-10 text-center">
        <span aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-100 text-xl font-bold text-amber-800">
          !
        </span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">
          <FormattedMessage id={`visit.link.${kind}.title`} />
        </h1>
        <p className="mt-2 text-slate-700">
          <FormattedMessage id={`visit.link.${kind}.text`} />
        </p>
        {kind === "failed" && (
          <Button variant="secondary" className="mt-6" onClick={onRetry}>
            <FormattedMessage id="visit.link.failed.retry" />
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The salon's number as a link that dials it. */
export function PhoneLink({ phone, className = "" }: { phone: string; className?: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`font-semibold text-brand-700 underline-offset-2 hover:underline ${className}`}>
      {phone}
    </a>
  );
}
