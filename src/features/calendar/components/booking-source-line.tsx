import { FormattedMessage, useIntl } from "react-intl";
import type { Appointment, AppointmentChange } from "../../../../contract/appointments.ts";
import { SOURCE_ICONS } from "../booking-source.ts";

/** "12 Nov, 14:03" on the salon's clock. */
const when = (change: AppointmentChange, format: ReturnType<typeof useIntl>["formatDate"], timeZone: string) =>
  format(change.at, { day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone });

/**
 * An existing appointment's origin in the modal: who booked it and when (a person, the phone
 * assistant, the booking page…), or for one booked before that was kept, only where; then who
 * changed it last.
 */
export function BookingSourceLine({ appointment, timeZone, className = "" }: { appointment: Pick<Appointment, "source" | "created_by" | "changed_by">; timeZone: string; className?: string }) {
  const intl = useIntl();
  const { source, created_by: created, changed_by: changed } = appointment;
  const by = (change: AppointmentChange) => ({
    kind: change.kind,
    name: change.name ?? intl.formatMessage({ id: "appointments.history.formerMember" }),
    at: when(change, intl.formatDate, timeZone),
  });
  return (
    <div className={`space-y-1 text-sm text-slate-600 ${className}`}>
      <p className="flex items-center gap-2">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4 flex-none text-slate-500"
        >
          <path d={SOURCE_ICONS[source]} />
        </svg>
        {created ? <FormattedMessage id="appointments.history.created" values={by(created)} /> : <FormattedMessage id={`appointments.source.${source}`} />}
      </p>
      {changed && (
        <p className="pl-6">
          <FormattedMessage id="appointments.history.changed" values={by(changed)} />
        </p>
      )}
    </div>
  );
}
