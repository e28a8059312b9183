import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { StylistCalendar } from "../../../../contract/stylist-calendars.ts";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/form-field.tsx";
import { ApiRequestError, errorDetail } from "../../../lib/api-client.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useStylistCalendarActions, useStylistCalendars } from "./stylist-calendars.ts";

/**
 * A stylist's other calendar (Google, Apple, Outlook) by its secret iCal address: its busy
 * times are kept free of bookings. Linked, read and unlinked on its own, apart from the
 * stylist's form, which it sits in.
 */
export function StylistCalendarLink({ stylistId }: { stylistId: string }) {
  const intl = useIntl();
  const calendars = useStylistCalendars();
  const calendar = calendars.data?.find((entry) => entry.stylist === stylistId);
  const actions = useStylistCalendarActions(stylistId);
  const [url, setUrl] = useState("");
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string>();
  const busy = actions.link.isPending || actions.readNow.isPending || actions.unlink.isPending;

  const fail = (failure: unknown) => setError(failure instanceof ApiRequestError && failure.fields?.url ? failure.fields.url : errorDetail(failure, intl.formatMessage({ id: "stylists.calendar.failed" })));
  const link = () => {
    setError(undefined);
    actions.link.mutate(url, {
      onSuccess: () => {
        setUrl("");
        setChanging(false);
      },
      onError: fail,
    });
  };

  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">
        <FormattedMessage id="stylists.calendar.title" />
      </legend>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="stylists.calendar.hint" />
      </p>
      {calendar && !changing ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm font-medium break-all text-slate-900" dir="ltr">
            {calendar.address}
          </p>
          <CalendarStatus calendar={calendar} />
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" busy={actions.readNow.isPending} disabled={busy} onClick={() => actions.readNow.mutate(undefined, { onError: fail })}>
              <FormattedMessage id="stylists.calendar.readNow" />
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setChanging(true)}>
              <FormattedMessage id="stylists.calendar.change" />
            </Button>
            <Button variant="danger-outline" size="sm" busy={actions.unlink.isPending} disabled={busy} onClick={() => actions.unlink.mutate(undefined, { onError: fail })}>
              <FormattedMessage id="stylists.calendar.unlink" />
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
          <Field label={intl.formatMessage({ id: "stylists.calendar.address" })} error={error} className="flex-1">
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                // Inside the stylist's form, Enter links the calendar rather than saving the stylist.
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  if (url.trim()) link();
                }}
              />
            )}
          </Field>
          <div className="flex gap-2 sm:pt-6">
            <Button size="sm" busy={actions.link.isPending} disabled={busy || !url.trim()} onClick={link}>
              <FormattedMessage id="stylists.calendar.link" />
            </Button>
            {changing && (
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => setChanging(false)}>
                <FormattedMessage id="stylists.calendar.keep" />
              </Button>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** How the last read went, with the times on the salon's clock. */
function CalendarStatus({ calendar }: { calendar: StylistCalendar }) {
  const intl = useIntl();
  const salon = useSalon();
  const when = (instant: string | null) =>
    instant ? intl.formatDate(instant, { timeZone: salon.data?.time_zone, day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }) : "";
  if (calendar.status === "pending") {
    return (
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="stylists.calendar.pending" />
      </p>
    );
  }
  if (calendar.status === "ok") {
    return (
      <p className="mt-1 text-sm text-emerald-800">
        <FormattedMessage id="stylists.calendar.ok" values={{ time: when(calendar.synced_at), count: calendar.busy_count }} />
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-red-700">
      <FormattedMessage
        id="stylists.calendar.error"
        values={{
          time: when(calendar.checked_at),
          why: intl.formatMessage({ id: `stylists.calendar.why.${calendar.error ?? "unreachable"}` }, { status: calendar.error_status ?? 0 }),
        }}
      />{" "}
      <FormattedMessage id={calendar.synced_at ? "stylists.calendar.kept" : "stylists.calendar.none"} values={{ time: when(calendar.synced_at) }} />
    </p>
  );
}
