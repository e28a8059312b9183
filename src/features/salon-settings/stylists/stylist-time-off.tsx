import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TimeOff } from "../../../../contract/salon.ts";
import { messagesUnder, type FieldErrors } from "../../../lib/form-errors.ts";
import { DateInput } from "../../../lib/forms/date-input.tsx";
import { localToday } from "../../../lib/forms/date-text.ts";
import { Button } from "../../../components/button.tsx";
import { controlClass, FieldError, GroupErrors } from "../../../components/form-field.tsx";

/** One absence as edited; `key` keeps React's rows apart when one in the middle is removed. */
export interface TimeOffDraft {
  key: number;
  start_date: string;
  end_date: string;
  note: string;
}

let nextKey = 0;
const draftOf = (entry: TimeOff): TimeOffDraft => ({ key: nextKey++, start_date: entry.start_date, end_date: entry.end_date, note: entry.note ?? "" });

export const toTimeOffDrafts = (entries: readonly TimeOff[]): TimeOffDraft[] => entries.map(draftOf);
export const fromTimeOffDrafts = (drafts: readonly TimeOffDraft[]) =>
  drafts.map(({ start_date, end_date, note }) => ({ start_date, end_date, note }));

interface StylistTimeOffProps {
  entries: TimeOffDraft[];
  onChange: (entries: TimeOffDraft[]) => void;
  /** All of the form's messages; each period shows those under time_off.<index>. */
  errors: FieldErrors;
}

/** Holidays and other absences: date ranges with an optional note. */
export function StylistTimeOff({ entries, onChange, errors }: StylistTimeOffProps) {
  const update = (key: number, change: Partial<TimeOffDraft>) =>
    onChange(entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">
        <FormattedMessage id="stylists.timeOff.title" />
      </legend>
      {errors.time_off && <FieldError>{errors.time_off}</FieldError>}
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          <FormattedMessage id="stylists.timeOff.empty" />
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry, index) => (
            <Period
              key={entry.key}
              number={index + 1}
              entry={entry}
              errors={errors}
              onChange={(change) => update(entry.key, change)}
              onRemove={() => onChange(entries.filter((other) => other.key !== entry.key))}
            />
          ))}
        </ol>
      )}
      <Button variant="dashed" size="sm" onClick={() => onChange([...entries, draftOf({ start_date: localToday(), end_date: localToday(), note: null })])} className="mt-3">
        <FormattedMessage id="stylists.timeOff.add" />
      </Button>
    </fieldset>
  );
}

interface PeriodProps {
  number: number;
  entry: TimeOffDraft;
  errors: FieldErrors;
  onChange: (change: Partial<TimeOffDraft>) => void;
  onRemove: () => void;
}

function Period({ number, entry, errors, onChange, onRemove }: PeriodProps) {
  const intl = useIntl();
  const id = useId();
  const errorId = `${id}-error`;
  // Error paths count from 0, people from 1.
  const path = `time_off.${number - 1}`;
  const messages = messagesUnder(errors, path);
  const input = (field: "start_date" | "end_date" | "note", label: string, type: "date" | "text") => {
    const invalid = Boolean(errors[`${path}.${field}`]);
    const control = {
      id: `${id}-${field}`,
      "aria-invalid": invalid,
      "aria-describedby": invalid ? errorId : undefined,
      className: `${controlClass(invalid, true)} mt-1`,
    };
    return (
      <div className={`min-w-0 ${type === "text" ? "col-span-2 sm:flex-1" : "sm:w-40"}`}>
        <label htmlFor={control.id} className="text-xs font-medium text-slate-600">
          {label}
        </label>
        {type === "date" ? (
          <DateInput {...control} value={entry[field]} onChange={(value) => onChange({ [field]: value })} />
        ) : (
          <input {...control} type="text" value={entry[field]} maxLength={200} onChange={(event) => onChange({ [field]: event.target.value })} />
        )}
      </div>
    );
  };
  return (
    <li>
      <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3">
        <legend className="sr-only">{intl.formatMessage({ id: "stylists.timeOff.period" }, { number })}</legend>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          {input("start_date", intl.formatMessage({ id: "stylists.timeOff.from" }), "date")}
          {input("end_date", intl.formatMessage({ id: "stylists.timeOff.to" }), "date")}
          {input("note", intl.formatMessage({ id: "stylists.timeOff.note" }), "text")}
          <Button
            variant="secondary"
            size="sm"
            onClick={onRemove}
            aria-label={intl.formatMessage({ id: "stylists.timeOff.removeLabel" }, { number })}
            className="col-span-2 justify-self-start"
          >
            <FormattedMessage id="stylists.timeOff.remove" />
          </Button>
        </div>
        <GroupErrors id={errorId} messages={messages} />
      </fieldset>
    </li>
  );
}
