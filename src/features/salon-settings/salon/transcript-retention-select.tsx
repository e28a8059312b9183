import { useIntl } from "react-intl";
import { TRANSCRIPT_RETENTION_DAYS, type TranscriptRetention } from "../../../../contract/salon.ts";
import { Field } from "../../../components/form-field.tsx";

interface TranscriptRetentionSelectProps {
  value: TranscriptRetention;
  onChange: (value: TranscriptRetention) => void;
  error?: string;
  disabled: boolean;
}

/** A select's value for "keep forever", which the API writes as null. */
const FOREVER = "forever";

/** How long what was said on the salon's calls is kept: 30 or 90 days, a year, or forever. */
export function TranscriptRetentionSelect({ value, onChange, error, disabled }: TranscriptRetentionSelectProps) {
  const intl = useIntl();
  const label = (days: number) =>
    days === 365 ? intl.formatMessage({ id: "salonSettings.salon.retentionYear" }) : intl.formatMessage({ id: "salonSettings.salon.retentionDays" }, { days });
  return (
    <Field label={intl.formatMessage({ id: "salonSettings.salon.retention" })} hint={intl.formatMessage({ id: "salonSettings.salon.retentionHint" })} error={error}>
      {(control) => (
        <select
          {...control}
          name="transcript_retention_days"
          value={value === null ? FOREVER : String(value)}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value === FOREVER ? null : (Number(event.target.value) as TranscriptRetention))}
        >
          {TRANSCRIPT_RETENTION_DAYS.map((days) => (
            <option key={days} value={days}>
              {label(days)}
            </option>
          ))}
          <option value={FOREVER}>{intl.formatMessage({ id: "salonSettings.salon.retentionForever" })}</option>
        </select>
      )}
    </Field>
  );
}
