import { FormattedMessage } from "react-intl";
import type { AppointmentSource } from "../../../../contract/appointments.ts";
import { SOURCE_ICONS } from "../booking-source.ts";

/** An existing appointment's origin in the modal: online, by the receptionist on a call, or in the dashboard. */
export function BookingSourceLine({ source, className = "" }: { source: AppointmentSource; className?: string }) {
  return (
    <p className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
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
      <FormattedMessage id={`appointments.source.${source}`} />
    </p>
  );
}
