import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { CALLS_PAGE_SIZE, DEFAULT_STATS_PERIOD, STATS_PERIODS, type StatsPeriod } from "../../../../contract/calls.ts";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useCall, useCallList, useCallStats, useConversation } from "../api/calls.ts";
import { filterOf, withFilter, type CallFilter } from "../filter.ts";
import { awaitingSummary } from "../format.ts";
import { detailOrMessage, statsFailure } from "../load-error.ts";
import { CallDetails } from "./call-details.tsx";
import { CallList } from "./call-list.tsx";
import { CallsChart } from "./calls-chart.tsx";
import { ConversationPanel } from "./conversation-panel.tsx";
import { InstructionsModal } from "./instructions-modal.tsx";
import { StatsBar } from "./stats-bar.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether the details are beside the list (the lg breakpoint), not in its place. */
const besideList = () => typeof window.matchMedia === "function" && window.matchMedia("(min-width: 64rem)").matches;

const periodOf = (value: string | null): StatsPeriod => STATS_PERIODS.find((period) => period === value) ?? DEFAULT_STATS_PERIOD;
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * Calls: the period's statistics above the history, one call's details and its
 * conversation beside it. The period, the list's filter and page and the chosen call live in
 * the address (?period=&outcome= or follow_up=1&page=&call=), so a reload, Back or a link
 * from elsewhere shows the same view. Without a chosen call the first of the page is shown;
 * on a phone a chosen call stands alone, with a way back to the list.
 */
export function CallsPage() {
  const intl = useIntl();
  const toast = useToast();
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get("period"));
  const page = pageOf(params.get("page"));
  const filter = filterOf(params);
  const chosen = params.get("call");
  const salon = useSalon();
  // The salon's days and times; the browser's zone only if the salon cannot be read.
  const timeZone = salon.data?.time_zone ?? (salon.isError ? browserTimeZone() : undefined);

  const list = useCallList(page, filter);
  const stats = useCallStats(period);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const calls = list.data?.items ?? [];
  const onPage = chosen ? calls.find((call) => call.id === chosen) : calls[0];
  // A call that is not on the page is read by its id, and so is one whose summary is on its way.
  const readById = (chosen !== null && !onPage && !list.isPending) || (onPage !== undefined && awaitingSummary(onPage));
  const single = useCall(chosen ?? onPage?.id ?? null, readById);
  const selected = (readById ? single.data : undefined) ?? onPage ?? null;
  const conversation = useConversation(selected?.id ?? null);

  const total = list.data?.total ?? 0;
  const pageCount = Math.ceil(total / CALLS_PAGE_SIZE);

  const navigate = (change: (next: URLSearchParams) => URLSearchParams, options?: { replace: boolean }) =>
    setParams((current) => change(new URLSearchParams(current)), options);
  // Another page or filter leaves the chosen call: the details show the new page's first.
  const setParam = (name: "period" | "page", value: string | number) =>
    navigate((next) => {
      next.set(name, String(value));
      if (name === "page") next.delete("call");
      return next;
    });
  // Beside the list, going from call to call replaces the address, so the page stays where it
  // is; on a phone a chosen call replaces the list, a step that Back returns from.
  const choose = (id: string | null) =>
    navigate(
      (next) => {
        if (id) next.set("call", id);
        else next.delete("call");
        return next;
      },
      { replace: besideList() },
    );
  const setFilter = (next: CallFilter) =>
    navigate((current) => {
      const changed = withFilter(current, next);
      changed.delete("page");
      changed.delete("call");
      return changed;
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
  // The chosen call could not be read (another salon's, deleted, a mistyped link).
  const callFailure =
    chosen && !onPage && single.isError && !single.data
      ? intl.formatMessage({ id: "calls.details.failed" }, { detail: detailOrMessage(single.error, intl) })
      : null;
  // On a phone, a chosen call stands alone.
  const phoneHidden = chosen ? "max-lg:hidden" : undefined;

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
        <div className={phoneHidden}>
          <PeriodSelect period={period} onChange={(next) => setParam("period", next)} />
        </div>
      </div>

      <div className={phoneHidden}>
        <StatsBar stats={statsData} loading={stats.isPending && !stats.isError} onRetry={stats.isError ? () => void stats.refetch() : undefined}>
          {statsData && statsData.total_calls > 0 && statsData.days.length > 1 && timeZone && <CallsChart stats={statsData} />}
        </StatsBar>
      </div>

      <div className="mt-6 grid items-start gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] xl:grid-cols-[18rem_minmax(0,0.85fr)_minmax(0,1.15fr)]">
        <div className={`min-w-0 ${phoneHidden ?? ""}`}>
          <CallList
            list={list.data}
            loading={list.isPending || !timeZone}
            failure={list.isError && !list.data ? listFailure : null}
            onRetry={() => void list.refetch()}
            timeZone={timeZone ?? "UTC"}
            selectedId={selected?.id ?? null}
            onSelect={choose}
            filter={filter}
            onFilter={setFilter}
            page={page}
            pageCount={pageCount}
            onPage={(next) => setParam("page", next)}
          />
        </div>
        <CallDetails
          call={selected}
          loading={chosen !== null && !selected && !callFailure}
          failure={callFailure}
          onRetry={() => void single.refetch()}
          onBack={chosen ? () => choose(null) : undefined}
          timeZone={timeZone ?? "UTC"}
          onShowInstructions={() => setInstructionsOpen(true)}
        />
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
