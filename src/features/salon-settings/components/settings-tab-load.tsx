import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";

/**
 * A Salon Settings tab until its data is in: a spinner while it loads, a retry (and one toast)
 * when the load failed, then the tab itself. `waiting` holds the tab back for data it reads
 * but can do without.
 */
export function SettingsTabLoad<T>({ query, waiting = false, texts, children }: {
  query: UseQueryResult<T>;
  waiting?: boolean;
  /** Catalogue ids: the failure's toast, the failure shown in the tab, the loading line. */
  texts: { toast: string; failed: string; loading: string };
  children: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  const toast = useToast();
  const reported = useRef<unknown>(null);

  // One toast per failed load, also when development mode runs effects twice.
  useEffect(() => {
    if (!query.error || reported.current === query.error) return;
    reported.current = query.error;
    toast.show("error", intl.formatMessage({ id: texts.toast }));
  }, [query.error, toast, intl, texts.toast]);

  if (query.data !== undefined && !waiting) return children(query.data);
  if (query.isError) {
    return (
      <LoadFailed
        message={intl.formatMessage({ id: texts.failed })}
        retryLabel={intl.formatMessage({ id: "salonSettings.salon.retry" })}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div role="status" className="flex items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white p-10 text-slate-600 shadow-sm">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      <FormattedMessage id={texts.loading} />
    </div>
  );
}
