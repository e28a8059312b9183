import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { VisitView } from "../../../../contract/visit.ts";
import { useSalonClock } from "../format.ts";
import { PhoneLink } from "./page-frame.tsx";

function Row({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600">
        <FormattedMessage id={labelId} />
      </dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** What, when, with whom and where: the appointment as its messages told it. */
export function VisitDetails({ visit }: { visit: VisitView }) {
  const { appointment, salon } = visit;
  const clock = useSalonClock(appointment.time_zone);
  const cancelled = appointment.status === "cancelled";
  return (
    <dl className="divide-y divide-slate-100 px-6">
      <Row labelId="visit.details.when">
        <span className={`block ${cancelled ? "text-slate-500 line-through" : ""}`}>
          <span className="block font-semibold">{clock.longDate(appointment.start_datetime)}</span>
          <span className="block">
            {clock.time(appointment.start_datetime)}–{clock.time(appointment.end_datetime)}
          </span>
        </span>
      </Row>
      <Row labelId="visit.details.services">
        <ul>
          {appointment.services.map((service, index) => (
            <li key={index}>
              {service.name}
              {service.duration !== null && (
                <span className="text-slate-600">
                  {" · "}
                  <FormattedMessage id="visit.details.minutes" values={{ minutes: service.duration }} />
                </span>
              )}
            </li>
          ))}
        </ul>
      </Row>
      <Row labelId="visit.details.stylist">{appointment.stylist_name}</Row>
      <Row labelId="visit.details.where">
        {salon.name}
        {salon.address && <span className="block text-slate-600">{salon.address}</span>}
      </Row>
      {salon.phone && (
        <Row labelId="visit.details.phone">
          <PhoneLink phone={salon.phone} />
        </Row>
      )}
    </dl>
  );
}
