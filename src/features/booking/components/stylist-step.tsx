import type { RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BookingPageView } from "../../../../contract/booking-page.ts";
import { optionClass, StepFrame } from "./step-frame.tsx";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

/** Step 2: a stylist, or whoever is free. */
export function StylistStep({ stylists, chosen, onChange, onBack, headingRef }: {
  stylists: BookingPageView["stylists"];
  /** Null: anyone. */
  chosen: string | null;
  onChange: (stylist: string | null) => void;
  onBack: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const intl = useIntl();
  const options = [{ id: null, name: intl.formatMessage({ id: "booking.stylist.anyone" }) }, ...stylists];
  return (
    <StepFrame number={2} titleId="booking.stylist.title" headingRef={headingRef} onBack={onBack} group>
      <ul className="mt-4 space-y-3">
        {options.map((option) => (
          <li key={option.id ?? "anyone"}>
            <label className={`${optionClass(option.id === chosen)} items-center`}>
              <input
                type="radio"
                name="stylist"
                checked={option.id === chosen}
                onChange={() => onChange(option.id)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
              >
                {option.id === null ? "★" : initials(option.name)}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{option.name}</span>
                {option.id === null && (
                  <span className="block text-sm text-slate-600">
                    <FormattedMessage id="booking.stylist.anyoneHint" />
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </StepFrame>
  );
}
