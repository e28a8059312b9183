import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { CALLS_PAGE_SIZE, DEFAULT_STATS_PERIOD, STATS_PERIODS, type StatsPeriod } from "../../../../contract/calls.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useCallList, useCallStats, useConversation } from "../api/calls.ts";
import { detailOrMessage, statsFailure } from "../load-error.ts";
import { CallDetails } from "./call-details.tsx";
import { CallList } from "./call-list.tsx";
import { CallsChart } from "./calls-chart.tsx";
import { ConversationPanel } from "./conversation-panel.tsx";
import { InstructionsModal } from "./instructions-modal.tsx";
import { StatsBar } from "./stats-bar.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const periodOf = (value: string | null): StatsPeriod => STATS_PERIODS.find((period) => period === value) ?? DEFAULT_STATS_PERIOD;
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * Calls: the period's statistics above the history, one call's details and its
 * conversation beside it. The period and page live in the address (?period=&page=), so a
 * reload or Back shows the same view; the first call of the page is chosen until another is.
 */
export function CallsPage() {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get("period"));
  const page = pageOf(params.get("page"));
  const salon = useSalon();
  // The salon's days and times; the browser's zone only if the salon cannot be read.
  const timeZone = salon.data?.time_zone ?? (salon.isError ? browserTimeZone() : undefined);

  const list = useCallList(page);
  const stats = useCallStats(period);
  const [chosen, setChosen] = useState<string | null>(null);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const calls = list.data?.items ?? [];
  const selected = calls.find((call) => call.id === chosen) ?? calls[0] ?? null;
  const conversation = useConversation(selected?.id ?? null);

  const total = list.data?.total ?? 0;
  const pageCount = Math.ceil(total / CALLS_PAGE_SIZE);

  const setParam = (name: "period" | "page", value: string | number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, String(value));
      return next;
    });

  // A page beyond the last (an old link, calls removed) shows the last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && pageCount > 0 && page > pageCount) setParam("page", pageCount);
  });

  const listFailure = list.error ? intl.formatMessage({ id: "calls.toast.listFailed" }, { detail: detailOrMessage(list.error, intl) }) : null;
  useEffect(() => {
    if (listFailure) toast.show("error", listFailure);
  }, [listFailure, toast]);
  const conversationFailure = conversation.error
    ? intl.formatMessage({ id: "calls.toast.conversationFailed" }, { detail: detailOrMessage(conversation.error, intl) })
    : null;
  useEffect(() => {
    if (conversationFailure) toast.show("error", conversationFailure);
  }, [conversationFailure, toast]);
  useEffect(() => {
    if (stats.error) toast.show("error", statsFailure(stats.error, intl));
  }, [stats.error, toast, intl]);

  const statsData = stats.isError ? undefined : stats.data;

  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.calls" })} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <FormattedMessage id="calls.title" />
          </h1>
          <p className="mt-1 text-slate-600">
            <FormattedMessage id="calls.intro" />
          </p>
        </div>
        <PeriodSelect period={period} onChange={(next) => setParam("period", next)} />
      </div>

      <StatsBar stats={statsData} loading={stats.isPending && !stats.isError} onRetry={stats.isError ? () => void stats.refetch() : undefined}>
        {statsData && statsData.total_calls > 0 && statsData.days.length > 1 && timeZone && <CallsChart stats={statsData} />}
      </StatsBar>

      <div className="mt-6 grid items-start gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] xl:grid-cols-[18rem_minmax(0,0.85fr)_minmax(0,1.15fr)]">
        <CallList
          list={list.data}
          loading={list.isPending || !timeZone}
          failure={list.isError && !list.data ? listFailure : null}
          onRetry={() => void list.refetch()}
          timeZone={timeZone ?? "UTC"}
          selectedId={selected?.id ?? null}
          onSelect={setChosen}
          page={page}
          pageCount={pageCount}
          onPage={(next) => setParam("page", next)}
        />
        <CallDetails call={selected} timeZone={timeZone ?? "UTC"} onShowInstructions={() => setInstructionsOpen(true)} />
        <div className="lg:col-span-2 xl:col-span-1">
          <ConversationPanel
            callId={selected?.id ?? null}
            removed={selected?.transcript_removed ?? false}
            items={conversation.isError ? [] : conversation.data}
            loading={conversation.isPending && selected !== null}
            failure={conversationFailure}
            onRetry={() => void conversation.refetch()}
            timeZone={timeZone ?? "UTC"}
          />
        </div>
      </div>
      <InstructionsModal callId={instructionsOpen ? (selected?.id ?? null) : null} onClose={() => setInstructionsOpen(false)} />
    </section>
  );
}

function PeriodSelect({ period, onChange }: { period: StatsPeriod; onChange: (period: StatsPeriod) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        <FormattedMessage id="calls.period.label" />
      </label>
      <select
        id={id}
        value={period}
        onChange={(event) => onChange(event.target.value as StatsPeriod)}
        className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {STATS_PERIODS.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage({ id: `calls.period.${value}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
