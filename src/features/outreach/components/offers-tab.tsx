import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { OutreachAttempt, OutreachSlot } from "../../../../contract/outreach.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { OfferStatusChip, SlotStatusChip } from "../../../components/offer-status-chip.tsx";
import { useOutreachLog } from "../api/waitlist.ts";
import { failureDetail, instantClock, instantText } from "../format.ts";

/** The Offers tab: each freed time offered, newest first, with the offers made of it. */
export function OffersTab({ timeZone }: { timeZone: string }) {
  const intl = useIntl();
  const log = useOutreachLog();
  const slots = log.data?.pages.flatMap((page) => page.slots) ?? [];

  if (log.isError && !log.data) {
    return (
      <LoadFailed
        message={intl.formatMessage({ id: "outreach.log.failed" }, { detail: failureDetail(log.error, intl) })}
        retryLabel={intl.formatMessage({ id: "waitlist.screen.retry" })}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (!log.data) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="outreach.log.loading" />
      </p>
    );
  }
  if (slots.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="font-medium text-slate-900">
          <FormattedMessage id="outreach.log.empty" />
        </p>
        <p className="mx-auto mt-2 max-w-prose text-sm text-slate-600">
          <FormattedMessage id="outreach.log.explain" />
        </p>
      </div>
    );
  }
  return (
    <div>
      <ul aria-label={intl.formatMessage({ id: "outreach.log.label" })} className="space-y-3">
        {slots.map((slot) => (
          <SlotCard key={slot.id} slot={slot} timeZone={timeZone} />
        ))}
      </ul>
      {log.hasNextPage && (
        <div className="mt-4 text-center">
          <Button variant="secondary" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            <FormattedMessage id={log.isFetchingNextPage ? "outreach.log.loadingOlder" : "outreach.log.older"} />
          </Button>
        </div>
      )}
      {log.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-red-700">
          <FormattedMessage id="outreach.log.failed" values={{ detail: failureDetail(log.error, intl) }} />
        </p>
      )}
    </div>
  );
}

function SlotCard({ slot, timeZone }: { slot: OutreachSlot; timeZone: string }) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {`${instantText(slot.start_datetime, timeZone, intl)}–${instantClock(slot.end_datetime, timeZone, intl)}`}
          </h3>
          <p className="text-sm text-slate-600">
            <FormattedMessage id="outreach.log.slot" values={{ stylist: slot.stylist_name, trigger: slot.trigger }} />
          </p>
        </div>
        <SlotStatusChip status={slot.status} />
      </div>
      {slot.attempts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          <FormattedMessage id="outreach.log.noAttempts" />
        </p>
      ) : (
        <ul aria-label={intl.formatMessage({ id: "outreach.log.attempts" })} className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {slot.attempts.map((attempt) => (
            <AttemptRow key={attempt.id} attempt={attempt} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </li>
  );
}

function AttemptRow({ attempt, timeZone }: { attempt: OutreachAttempt; timeZone: string }) {
  const intl = useIntl();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      {/* On a phone the name has its line and the offer's details the next; wider, one row. */}
      <span className="min-w-0 basis-full font-medium text-slate-900 sm:flex-1 sm:basis-auto">{attempt.name ?? displayPhone(attempt.phone)}</span>
      <span className="text-slate-600">
        <FormattedMessage id="outreach.log.channel" values={{ channel: attempt.channel }} />
      </span>
      <OfferStatusChip status={attempt.status} />
      {attempt.reason && (
        <span className="text-slate-600">
          <FormattedMessage id="outreach.log.reason" values={{ reason: attempt.reason }} />
        </span>
      )}
      <time dateTime={attempt.created_at} className="text-slate-500 tabular-nums">
        {instantText(attempt.created_at, timeZone, intl)}
      </time>
    </li>
  );
}
