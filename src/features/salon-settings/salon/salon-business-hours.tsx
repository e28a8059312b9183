import { useId, type ComponentProps } from "react";
import { FormattedMessage } from "react-intl";
import { weekdayName } from "../../../../contract/assistant-instructions.ts";
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS, type BusinessHours, type Weekday } from "../../../../contract/salon.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { CHECKBOX_CLASS, controlClass, FieldError } from "../../../components/form-field.tsx";
import { TimeInput } from "../../../lib/forms/time-input.tsx";

/** One day as edited: the times stay while the day is marked closed, so unticking restores them. */
export interface DayDraft {
  open: string;
  close: string;
  closed: boolean;
}
export type HoursDraft = Record<`${Weekday}`, DayDraft>;

export const toHoursDraft = (hours: BusinessHours): HoursDraft =>
  Object.fromEntries(
    WEEKDAYS.map((day) => {
      const key = `${day}` as const;
      const saved = hours[key] ?? null;
      return [key, { ...(saved ?? DEFAULT_BUSINESS_HOURS[key]!), closed: saved === null }];
    }),
  ) as HoursDraft;

export const fromHoursDraft = (draft: HoursDraft): BusinessHours =>
  Object.fromEntries(
    WEEKDAYS.map((day) => {
      const { open, close, closed } = draft[`${day}`];
      return [`${day}`, closed ? null : { open, close }];
    }),
  ) as BusinessHours;

interface SalonBusinessHoursProps {
  hours: HoursDraft;
  onChange: (day: Weekday, change: Partial<DayDraft>) => void;
  /** Messages keyed by field path, such as business_hours.2.close. */
  errors: Record<string, string>;
  disabled: boolean;
}

/** Opening and closing time for each weekday, Monday first, or Closed. */
export function SalonBusinessHours({ hours, onChange, errors, disabled }: SalonBusinessHoursProps) {
  return (
    // Days are groups, not list items: a list item cannot be a group as well.
    <div className="divide-y divide-slate-100">
      {WEEKDAYS.map((day) => (
        <DayRow key={day} day={day} hours={hours[`${day}`]} onChange={(change) => onChange(day, change)} errors={errors} disabled={disabled} />
      ))}
    </div>
  );
}

interface DayRowProps {
  day: Weekday;
  hours: DayDraft;
  onChange: (change: Partial<DayDraft>) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

function DayRow({ day, hours, onChange, errors, disabled }: DayRowProps) {
  const { language } = useLanguage();
  const id = useId();
  const ids = { day: `${id}-day`, open: `${id}-open`, close: `${id}-close`, closed: `${id}-closed`, error: `${id}-error` };
  const path = `business_hours.${day}`;
  const openError = errors[`${path}.open`];
  const closeError = errors[`${path}.close`];
  const error = openError ?? closeError;
  const dayName = weekdayName(day, language);
  const timeDisabled = disabled || hours.closed;
  const time = (field: "open" | "close", invalid: boolean): ComponentProps<typeof TimeInput> => ({
    id: ids[field],
    name: `${path}.${field}`,
    value: hours[field],
    disabled: timeDisabled,
    onChange: (value) => onChange({ [field]: value }),
    "aria-invalid": invalid,
    "aria-describedby": invalid ? ids.error : undefined,
    className: `${controlClass(invalid)} w-32 sm:w-36`,
  });

  return (
    <div role="group" aria-labelledby={ids.day} className="py-3 first:pt-0 last:pb-0">
      {/* On a phone the day and its Closed box share the first line and the times move to the second; the source order stays the desktop order. */}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <span id={ids.day} className="flex-1 font-medium text-slate-900 sm:w-28 sm:flex-none">
          {dayName}
        </span>
        <div className="order-last flex w-full items-center gap-2 sm:order-none sm:w-auto">
          <label htmlFor={ids.open} className="sr-only">
            <FormattedMessage id="salonSettings.hours.opens" />
          </label>
          <TimeInput {...time("open", Boolean(openError))} />
          <span aria-hidden="true" className="text-slate-500">
            –
          </span>
          <label htmlFor={ids.close} className="sr-only">
            <FormattedMessage id="salonSettings.hours.closes" />
          </label>
          <TimeInput {...time("close", Boolean(closeError))} />
        </div>
        <div className="flex items-center gap-2">
          <input
            id={ids.closed}
            name={`${path}.closed`}
            type="checkbox"
            checked={hours.closed}
            disabled={disabled}
            onChange={(event) => onChange({ closed: event.target.checked })}
            className={CHECKBOX_CLASS}
          />
          <label htmlFor={ids.closed} className="text-sm text-slate-700">
            <FormattedMessage id="salonSettings.hours.closed" />
          </label>
        </div>
      </div>
      {error && (
        <div className="sm:pl-34">
          <FieldError id={ids.error}>{error}</FieldError>
        </div>
      )}
    </div>
  );
}
