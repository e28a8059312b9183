import { useMemo } from "react";
import { useIntl } from "react-intl";
import { Field } from "../../../components/form-field.tsx";

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
  const yours = browserZone();
  // The list leaves out aliases such as UTC; the saved and the browser's zone must still be choosable.
  const zones = useMemo(() => [...new Set([...Intl.supportedValuesOf("timeZone"), value, yours])].sort(), [value, yours]);

  return (
    <Field label={intl.formatMessage({ id: "salonSettings.salon.timeZone" })} error={error} className={className}>
      {(control) => (
        <select {...control} name="time_zone" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone === yours ? intl.formatMessage({ id: "salonSettings.salon.timeZoneYours" }, { zone }) : zone}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
