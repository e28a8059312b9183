import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CallStats } from "../../../../contract/calls.ts";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { minutesSeconds } from "../format.ts";
import { useCallCosts } from "../../../lib/money.ts";

interface StatsBarProps {
  /** Undefined while loading, or after a failure (the statistics are cleared). */
  stats: CallStats | undefined;
  loading: boolean;
  /** Another try after a failed load; the bar says it failed instead of showing no calls. */
  onRetry?: () => void;
  /** The chart of calls per day, under the figures. */
  children?: ReactNode;
}

/** Total Calls, Total Cost, Avg Duration and Avg Cost / Call of the chosen period, or the empty text. */
export function StatsBar({ stats, loading, onRetry, children }: StatsBarProps) {
  const intl = useIntl();
  const costs = useCallCosts();
  let body: ReactNode;
  if (loading || !costs) {
    body = (
      <p role="status" className="py-3 text-center text-sm text-slate-600">
        <FormattedMessage id="calls.stats.loading" />
      </p>
    );
  } else if (onRetry) {
    body = (
      <LoadFailed
        inline
        message={intl.formatMessage({ id: "calls.stats.loadFailed" })}
        retryLabel={intl.formatMessage({ id: "calls.retry" })}
        onRetry={onRetry}
      />
    );
  } else if (!stats || stats.total_calls === 0) {
    body = (
      <p className="py-3 text-center text-sm text-slate-600">
        <FormattedMessage id="calls.stats.empty" />
      </p>
    );
  } else {
    const figures = [
      ["calls.stats.totalCalls", intl.formatNumber(stats.total_calls)],
      ["calls.stats.totalCost", costs.cost(stats.total_price)],
      ["calls.stats.avgDuration", minutesSeconds(stats.average_duration)],
      ["calls.stats.avgCost", costs.cost(stats.average_price_per_call)],
    ] as const;
    body = (
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-slate-200 sm:grid-cols-4">
        {figures.map(([id, value]) => (
          <div key={id} className="bg-white px-4 py-3">
            <dt className="text-sm text-slate-600">
              <FormattedMessage id={id} />
            </dt>
            <dd className="mt-1 text-xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section aria-label={intl.formatMessage({ id: "calls.stats.label" })} className="mt-6 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
      {body}
      {children}
    </section>
  );
}
