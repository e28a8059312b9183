import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Call, CallList as CallPage } from "../../../../contract/calls.ts";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { CALL_FILTERS, type CallFilter } from "../filter.ts";
import { dayBefore, groupByDay, otherParty, salonDay } from "../format.ts";
import { CallKindIcon } from "./call-kind-icon.tsx";
import { OutcomeChip } from "../../../components/outcome-chip.tsx";
import { Pagination } from "./pagination.tsx";
import { useCallNumber } from "./use-call-number.ts";

interface CallListProps {
  list: CallPage | undefined;
  loading: boolean;
  /** Why loading failed, when there is nothing to show. */
  failure: string | null;
  onRetry: () => void;
  timeZone: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  filter: CallFilter;
  onFilter: (filter: CallFilter) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** The left column: the filter, the page's calls under Today, Yesterday or their weekday and date, and the pager. */
export function CallList({ list, loading, failure, onRetry, timeZone, selectedId, onSelect, filter, onFilter, page, pageCount, onPage }: CallListProps) {
  const intl = useIntl();
  const titleId = useId();
  const number = useCallNumber();

  const today = salonDay(new Date(), timeZone);
  const yesterday = dayBefore(today);
  const thisYear = today.slice(0, 4);
  const heading = (day: string) => {
    if (day === today) return intl.formatMessage({ id: "calls.list.today" });
    if (day === yesterday) return intl.formatMessage({ id: "calls.list.yesterday" });
    return intl.formatDate(`${day}T12:00:00Z`, {
      weekday: "long",
      day: "numeric",
      month: "long",
      ...(day.startsWith(thisYear) ? {} : { year: "numeric" }),
      timeZone: "UTC",
    });
  };

  let body;
  if (failure) {
    body = <LoadFailed inline message={failure} retryLabel={intl.formatMessage({ id: "calls.retry" })} onRetry={onRetry} />;
  } else if (loading || !list) {
    body = (
      <p role="status" className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="calls.list.loading" />
      </p>
    );
  } else if (list.items.length === 0 && filter !== "all") {
    body = (
      <div className="space-y-3 px-4 py-10 text-center text-sm text-slate-600">
        <p>
          {filter === "follow_up" ? (
            <FormattedMessage id="calls.list.emptyFollowUp" />
          ) : (
            <FormattedMessage id="calls.list.emptyOutcome" values={{ outcome: intl.formatMessage({ id: `calls.outcome.${filter}` }) }} />
          )}
        </p>
        <Button variant="secondary" size="sm" onClick={() => onFilter("all")}>
          <FormattedMessage id="calls.list.showAll" />
        </Button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = (
      <p className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="calls.list.empty" />
      </p>
    );
  } else {
    body = (
      <div className="max-h-[26rem] overflow-y-auto lg:max-h-[40rem] xl:max-h-[46rem]">
        {groupByDay(list.items, timeZone).map((group) => (
          <div key={group.day} role="group" aria-label={heading(group.day)}>
            <h3 className="sticky top-0 z-10 border-y border-slate-100 bg-slate-50/95 px-4 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase first:border-t-0">
              {heading(group.day)}
            </h3>
            <ul className="space-y-1 p-2">
              {group.calls.map((call) => (
                <li key={call.id}>
                  <CallRow call={call} number={number(otherParty(call))} timeZone={timeZone} selected={call.id === selectedId} onSelect={onSelect} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="font-semibold text-slate-900">
          <FormattedMessage id="calls.list.title" />
        </h2>
        {list && !failure && <p className="text-sm text-slate-600">{intl.formatMessage({ id: "calls.list.count" }, { count: list.total })}</p>}
      </div>
      <FilterSelect filter={filter} onChange={onFilter} />
      {body}
      {pageCount > 1 && !failure && (
        <div className="border-t border-slate-200 px-2 py-3">
          <Pagination page={page} pageCount={pageCount} onPage={onPage} />
        </div>
      )}
    </section>
  );
}

/** All calls, the calls to get back to, or one outcome's. */
function FilterSelect({ filter, onChange }: { filter: CallFilter; onChange: (filter: CallFilter) => void }) {
  const intl = useIntl();
  const id = useId();
  const option = (value: CallFilter) => (
    <option key={value} value={value}>
      {intl.formatMessage({ id: value === "all" ? "calls.filter.all" : value === "follow_up" ? "calls.filter.followUp" : `calls.outcome.${value}` })}
    </option>
  );
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        <FormattedMessage id="calls.filter.label" />
      </label>
      <select
        id={id}
        value={filter}
        onChange={(event) => onChange(CALL_FILTERS.find((value) => value === event.target.value) ?? "all")}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {CALL_FILTERS.map(option)}
      </select>
    </div>
  );
}

interface CallRowProps {
  call: Call;
  number: string;
  timeZone: string;
  selected: boolean;
  onSelect: (id: string) => void;
}

function CallRow({ call, number, timeZone, selected, onSelect }: CallRowProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      aria-current={selected ? "true" : undefined}
      onClick={() => onSelect(call.id)}
      className={`flex w-full items-start gap-3 rounded-xl border px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        selected ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-transparent hover:bg-slate-50"
      }`}
    >
      <CallKindIcon call={call} />
      <span className="min-w-0 flex-1">
        {/* The number gets the first line whole; the outcome leads the second, before the direction of an outbound call and the assistant. */}
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-semibold text-slate-900 tabular-nums">
            {call.direction === "outbound" ? intl.formatMessage({ id: "calls.list.to" }, { number }) : number}
          </span>
          {call.follow_up && <FollowUpMark />}
        </span>
        {/* Where the outcome, the direction and the time do not fit on one line (a narrow column, a long word for outbound), the direction and the assistant move below the outcome, the direction whole. */}
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <OutcomeChip outcome={call.outcome} />
          <span className={`flex min-w-0 flex-1 gap-1 text-slate-600 ${call.direction === "outbound" ? "basis-28" : ""}`}>
            {call.direction === "outbound" && (
              <span className="shrink-0 font-medium text-sky-800">
                <FormattedMessage id="calls.list.outbound" /> ·
              </span>
            )}
            <span className="truncate">{call.assistant_name ?? intl.formatMessage({ id: "calls.list.unknownAssistant" })}</span>
          </span>
          <time dateTime={call.call_started_at} className="shrink-0 text-slate-600 tabular-nums">
            {intl.formatTime(call.call_started_at, { timeZone, hour: "numeric", minute: "2-digit" })}
          </time>
        </span>
      </span>
    </button>
  );
}

/** A call the salon should get back to: an amber arrow, named for screen readers and on hover. */
function FollowUpMark() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "calls.filter.followUp" });
  return (
    <span title={label} className="grid size-5 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-800 ring-1 ring-amber-300 ring-inset">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-3">
        <path d="M8 5 4 9l4 4M4 9h7a5 5 0 0 1 5 5v1" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
