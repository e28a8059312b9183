import { useId, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Call } from "../../../../contract/calls.ts";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { awaitingSummary, callKind, minutesSeconds, otherParty } from "../format.ts";
import { useCallCosts } from "../../../lib/money.ts";
import { CallKindIcon } from "./call-kind-icon.tsx";
import { OutcomeChip } from "../../../components/outcome-chip.tsx";
import { useCallNumber } from "./use-call-number.ts";

interface CallDetailsProps {
  call: Call | null;
  /** The chosen call is on its way. */
  loading: boolean;
  /** Why the chosen call could not be read. */
  failure: string | null;
  onRetry: () => void;
  /** Back to the list, where a chosen call stands alone (on a phone). */
  onBack?: () => void;
  timeZone: string;
  onShowInstructions: () => void;
}

/**
 * The middle column: whether to get back to the caller, direction, the other party,
 * assistant, time, duration, status, outcome, place, the summary and cost of one call.
 */
export function CallDetails({ call, loading, failure, onRetry, onBack, timeZone, onShowInstructions }: CallDetailsProps) {
  const intl = useIntl();
  const titleId = useId();
  const number = useCallNumber();
  const costs = useCallCosts();

  let body: ReactNode;
  if (failure) {
    body = <LoadFailed inline message={failure} retryLabel={intl.formatMessage({ id: "calls.retry" })} onRetry={onRetry} />;
  } else if (loading) {
    body = (
      <p role="status" className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="calls.details.loading" />
      </p>
    );
  } else if (!call) {
    body = (
      <p className="px-4 py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="calls.details.empty" />
      </p>
    );
  } else {
    const location = placeOf(call, intl.locale);
    body = (
      <div className="space-y-4 p-4">
        <div className="flex items-center gap-3">
          <CallKindIcon call={call} />
          <p className="text-lg font-semibold text-slate-900">
            <FormattedMessage id={`calls.kind.${callKind(call)}`} />
          </p>
        </div>
        {call.offer && (
          <p className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
            <FormattedMessage id="calls.details.offer" />
          </p>
        )}
        {call.follow_up && <FollowUp reason={call.follow_up_reason} />}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <Detail label={call.direction === "outbound" ? "calls.details.to" : "calls.details.from"}>
            <span className="tabular-nums">{number(otherParty(call))}</span>
          </Detail>
          <Detail label="calls.details.assistant">{call.assistant_name ?? intl.formatMessage({ id: "calls.list.unknownAssistant" })}</Detail>
          <Detail label="calls.details.started">
            <time dateTime={call.call_started_at}>{intl.formatDate(call.call_started_at, { dateStyle: "medium", timeStyle: "short", timeZone })}</time>
          </Detail>
          <Detail label="calls.details.duration">
            <span className="tabular-nums">{call.call_duration === null ? "–" : minutesSeconds(call.call_duration)}</span>
          </Detail>
          <Detail label="calls.details.status">
            <FormattedMessage id={`calls.status.${call.call_status}`} />
          </Detail>
          {call.outcome && (
            <Detail label="calls.details.outcome">
              <OutcomeChip outcome={call.outcome} />
            </Detail>
          )}
          {location && <Detail label="calls.details.location">{location}</Detail>}
          {call.language && <Detail label="calls.details.language">{languageName(call.language, intl.locale)}</Detail>}
          {call.model && <Detail label="calls.details.model">{call.model}</Detail>}
        </dl>
        <Summary call={call} />
        {call.total_price !== null && costs && (
          <div className="rounded-xl bg-slate-50 p-3">
            <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <FormattedMessage id="calls.details.pricing" />
            </h3>
            <dl className="mt-1 flex items-baseline justify-between gap-3 text-sm">
              <dt className="text-slate-600">
                <FormattedMessage id="calls.details.totalCost" />
              </dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{costs.cost(call.total_price)}</dd>
            </dl>
            {call.provider_price !== null && call.eur_per_usd !== null && (
              <p className="mt-1 text-xs text-slate-600">
                <FormattedMessage
                  id="calls.details.billedAt"
                  values={{ amount: costs.dollars(call.provider_price), rate: costs.rate(call.eur_per_usd) }}
                />
              </p>
            )}
          </div>
        )}
        <Button variant="secondary" onClick={onShowInstructions} className="w-full">
          <FormattedMessage id="calls.instructions.open" />
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {onBack && (
        <div className="border-b border-slate-100 p-3 lg:hidden">
          <Button variant="ghost" size="sm" onClick={onBack}>
            <span aria-hidden="true">←</span>
            <FormattedMessage id="calls.details.back" />
          </Button>
        </div>
      )}
      <h2 id={titleId} className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        <FormattedMessage id="calls.details.title" />
      </h2>
      {body}
    </section>
  );
}

/** The salon should get back to the caller: said first, with the reason. */
function FollowUp({ reason }: { reason: string | null }) {
  return (
    <div className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="mt-0.5 size-5 shrink-0 text-amber-700">
        <path d="M8 5 4 9l4 4M4 9h7a5 5 0 0 1 5 5v1" />
      </svg>
      <div className="min-w-0 text-sm">
        <p className="font-semibold">
          <FormattedMessage id="calls.details.followUp" />
        </p>
        {reason && <p className="mt-0.5 [overflow-wrap:anywhere]">{reason}</p>}
      </div>
    </div>
  );
}

/**
 * What the call was about, once written. A call that ended moments ago says its summary is
 * coming (the page asks again until it is there); one that could not be summarised says so,
 * and a call with nothing to summarise shows nothing.
 */
function Summary({ call }: { call: Call }) {
  const titleId = useId();
  if (call.summary_state === "pending") {
    return awaitingSummary(call) ? (
      <p role="status" className="text-sm text-slate-600 italic">
        <FormattedMessage id="calls.details.summaryPending" />
      </p>
    ) : null;
  }
  if (call.summary_state === "failed") {
    return (
      <p className="text-sm text-slate-600">
        <FormattedMessage id="calls.details.summaryFailed" />
      </p>
    );
  }
  if (call.summary_state !== "done" || !call.summary) return null;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <FormattedMessage id="calls.details.summary" />
      </h3>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{call.summary}</p>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">
        <FormattedMessage id={label} />
      </dt>
      <dd className="[overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </>
  );
}

/** City, state and country when known; a country code reads as the country's name. */
function placeOf(call: Call, locale: string): string {
  let country = call.caller_country;
  if (country && /^[A-Z]{2}$/.test(country)) {
    try {
      country = new Intl.DisplayNames([locale], { type: "region" }).of(country) ?? country;
    } catch {
      /* an unknown code stays as it is */
    }
  }
  return [call.caller_city, call.caller_state, country].filter(Boolean).join(", ");
}

/** A language's name in the interface's language ("Czech", "Tschechisch", "čeština"). */
function languageName(language: string, locale: string): string {
  return new Intl.DisplayNames([locale], { type: "language" }).of(language) ?? language;
}
