import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { VOICEMAIL_CHOICES, type OutreachSettings } from "../../../../contract/outreach.ts";
import { FieldError } from "../../../components/form-field.tsx";

type Voicemail = OutreachSettings["voicemail"];

/** What an answering machine hears when an offer's call reaches one. */
export function OutreachVoicemail({ value, error, disabled, onChange }: {
  value: Voicemail;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: Voicemail) => void;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} disabled={disabled} className="disabled:opacity-60">
      <legend className="text-sm font-medium text-slate-700">
        <FormattedMessage id="salonSettings.outreach.voicemail" />
      </legend>
      <div className="mt-2 space-y-2">
        {VOICEMAIL_CHOICES.map((choice) => (
          <label key={choice} className="flex cursor-pointer items-start gap-3 text-sm has-disabled:cursor-not-allowed">
            <input
              type="radio"
              name="voicemail"
              value={choice}
              checked={value === choice}
              aria-invalid={Boolean(error) && value === choice}
              onChange={() => onChange(choice)}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-slate-900">
                <FormattedMessage id={`salonSettings.outreach.voicemail.${choice}`} />
              </span>
              <span className="block text-slate-600">
                <FormattedMessage id={`salonSettings.outreach.voicemail.${choice}Hint`} />
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
