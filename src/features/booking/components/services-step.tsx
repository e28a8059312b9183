import type { RefObject } from "react";
import { FormattedMessage } from "react-intl";
import type { BookableService } from "../../../../contract/booking-page.ts";
import { BOOKING_LIMITS } from "../../../../contract/booking-limits.ts";
import { priceSpan, type BookingFormat } from "../format.ts";
import { optionClass, StepFrame } from "./step-frame.tsx";

/** Step 1: one or more services, in the order chosen. */
export function ServicesStep({ services, chosen, onChange, format, headingRef }: {
  services: BookableService[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  format: BookingFormat;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const full = chosen.length >= BOOKING_LIMITS.servicesPerBooking;
  const toggle = (id: string) => onChange(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);
  return (
    <StepFrame number={1} titleId="booking.services.title" headingRef={headingRef} group>
      <p className="mt-1 text-sm text-slate-600">
        {full ? (
          <FormattedMessage id="booking.services.limit" values={{ count: BOOKING_LIMITS.servicesPerBooking }} />
        ) : (
          <FormattedMessage id="booking.services.hint" />
        )}
      </p>
      {services.length === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-100 p-4 text-slate-700">
          <FormattedMessage id="booking.services.none" />
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {services.map((service) => {
            const checked = chosen.includes(service.id);
            return (
              <li key={service.id}>
                <label className={`${optionClass(checked)} items-start ${!checked && full ? "cursor-not-allowed opacity-60" : ""}`}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => toggle(service.id)}
                    className="mt-0.5 size-5 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="font-semibold text-slate-900">{service.name}</span>
                      <span className="shrink-0 font-semibold whitespace-nowrap text-slate-900">{format.price(priceSpan(service))}</span>
                    </span>
                    <span className="mt-0.5 block text-sm text-slate-600">{format.duration(service.duration)}</span>
                    {service.description && <span className="mt-1 block text-sm text-slate-600">{service.description}</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </StepFrame>
  );
}
