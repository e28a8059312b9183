import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { WAITLIST_STATUSES, type WaitlistEntry, type WaitlistStatus } from "../../../../contract/outreach.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { AddButton } from "../../../components/add-button.tsx";
import { Button } from "../../../components/button.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { controlClass } from "../../../components/form-field.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useRemoveEntry, useWaitlist } from "../api/waitlist.ts";
import { clockText, dayText, failureDetail, instantText, weekdaysText } from "../format.ts";
import { EntryDialog } from "./entry-dialog.tsx";

/** The dialog open over the list: adding, editing an entry, or asking before removing one. */
type Open = { kind: "add" } | { kind: "edit" | "remove"; entry: WaitlistEntry } | null;

/** The Waiting tab: the clients waiting for a time, or those whose wish ended one way or another. */
export function WaitingTab({ timeZone }: { timeZone: string }) {
  const intl = useIntl();
  const toast = useToast();
  const filterId = useId();
  const [status, setStatus] = useState<WaitlistStatus>("waiting");
  const [open, setOpen] = useState<Open>(null);
  const list = useWaitlist(status);
  const remove = useRemoveEntry();

  let body;
  if (list.isError) {
    body = (
      <LoadFailed
        message={intl.formatMessage({ id: "waitlist.screen.list.failed" }, { detail: failureDetail(list.error, intl) })}
        retryLabel={intl.formatMessage({ id: "waitlist.screen.retry" })}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    body = (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        <FormattedMessage id="waitlist.screen.list.loading" />
      </p>
    );
  } else if (list.data.length === 0) {
    body = (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="font-medium text-slate-900">
          <FormattedMessage id="waitlist.screen.list.empty" values={{ status }} />
        </p>
        {status === "waiting" && (
          <p className="mx-auto mt-2 max-w-prose text-sm text-slate-600">
            <FormattedMessage id="waitlist.screen.explain" />
          </p>
        )}
      </div>
    );
  } else {
    body = (
      <ul aria-label={intl.formatMessage({ id: "waitlist.screen.list.label" }, { status })} className="space-y-3">
        {list.data.map((entry) => (
          <EntryCard key={entry.id} entry={entry} timeZone={timeZone} onEdit={() => setOpen({ kind: "edit", entry })} onRemove={() => setOpen({ kind: "remove", entry })} />
        ))}
      </ul>
    );
  }

  const removing = open?.kind === "remove" ? open.entry : null;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
            <FormattedMessage id="waitlist.screen.filter" />
          </label>
          <select id={filterId} value={status} onChange={(event) => setStatus(event.target.value as WaitlistStatus)} className={`mt-1 ${controlClass(false, true)}`}>
            {WAITLIST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: "waitlist.screen.status" }, { status: value })}
              </option>
            ))}
          </select>
        </div>
        <AddButton onClick={() => setOpen({ kind: "add" })}>
          <FormattedMessage id="waitlist.screen.add.button" />
        </AddButton>
      </div>
      {body}

      <EntryDialog open={open?.kind === "add" || open?.kind === "edit"} entry={open?.kind === "edit" ? open.entry : null} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={intl.formatMessage({ id: "waitlist.screen.remove.title" }, { name: removing?.name ?? "" })}
        message={intl.formatMessage({ id: "waitlist.screen.remove.message" })}
        confirmLabel={intl.formatMessage({ id: "waitlist.screen.remove.confirm" })}
        busyLabel={intl.formatMessage({ id: "waitlist.screen.remove.busy" })}
        onClose={() => setOpen(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(removing!.id);
            toast.show("success", intl.formatMessage({ id: "waitlist.screen.remove.done" }, { name: removing!.name }));
          } catch (error) {
            toast.show("error", intl.formatMessage({ id: "waitlist.screen.remove.failed" }, { detail: failureDetail(error, intl) }));
            throw error;
          }
        }}
      />
    </div>
  );
}

interface EntryCardProps {
  entry: WaitlistEntry;
  timeZone: string;
  onEdit: () => void;
  onRemove: () => void;
}

function EntryCard({ entry, timeZone, onEdit, onRemove }: EntryCardProps) {
  const intl = useIntl();
  const nameId = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const details: [string, string][] = [
    [t("waitlist.screen.field.services"), t("waitlist.screen.services", { names: entry.services.map((service) => service.name).join(", "), minutes: entry.duration })],
    [t("waitlist.screen.field.stylist"), entry.stylist_name ?? t("waitlist.screen.anyone")],
    [t("waitlist.screen.when"), `${weekdaysText(entry.weekdays, intl)}, ${clockText(entry.from_time, intl)}–${clockText(entry.until_time, intl)}`],
    [t("waitlist.screen.dates"), `${dayText(entry.from_date, intl)} – ${dayText(entry.until_date, intl)}`],
    [t("waitlist.screen.source.label"), t("waitlist.screen.source", { source: entry.source })],
    [
      t("waitlist.screen.offers.label"),
      t("waitlist.screen.offers", { count: entry.offers, last: entry.last_offer_at ? instantText(entry.last_offer_at, timeZone, intl) : "" }),
    ],
  ];
  return (
    <li aria-labelledby={nameId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={nameId} className="font-semibold text-slate-900">
            {entry.name}
          </h3>
          <p className="text-sm text-slate-600">{displayPhone(entry.phone)}</p>
        </div>
        {entry.status === "waiting" && (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t("waitlist.screen.edit.button", { name: entry.name })}>
              <FormattedMessage id="waitlist.screen.edit.short" />
            </Button>
            <Button variant="danger-outline" size="sm" onClick={onRemove} aria-label={t("waitlist.screen.remove.button", { name: entry.name })}>
              <FormattedMessage id="waitlist.screen.remove.short" />
            </Button>
          </div>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {entry.note && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{entry.note}</p>}
    </li>
  );
}
