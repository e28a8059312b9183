import { useId, useMemo } from "react";
import { useIntl } from "react-intl";
import { SalonFieldError, salonControlClass } from "./salon-field.tsx";

interface SalonTimeZoneSelectProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
  className?: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The IANA time zones the browser knows, with the browser's own zone marked. */
export function SalonTimeZoneSelect({ value, onChange, error, disabled, className }: SalonTimeZoneSelectProps) {
  const intl = useIntl();
  const id = useId();
  const errorId = `${id}-error`;
  const yours = browserZone();
  // The list leaves out aliases such as UTC; the saved and the browser's zone must still be choosable.
  const zones = useMemo(() => [...new Set([...Intl.supportedValuesOf("timeZone"), value, yours])].sort(), [value, yours]);

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {intl.formatMessage({ id: "salonSettings.salon.timeZone" })}
      </label>
      <select
        id={id}
        name="time_zone"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className={salonControlClass(Boolean(error))}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone === yours ? intl.formatMessage({ id: "salonSettings.salon.timeZoneYours" }, { zone }) : zone}
          </option>
        ))}
      </select>
      {error && <SalonFieldError id={errorId}>{error}</SalonFieldError>}
    </div>
  );
}
