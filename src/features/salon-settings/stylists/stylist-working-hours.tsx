import { useId } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { Button } from "../../../components/button.tsx";
import { useRovingGrid } from "../../../lib/forms/roving-grid.ts";
import { TimeInput } from "../../../lib/forms/time-input.tsx";
import { weekdayName } from "../../../../contract/assistant-instructions.ts";
import { DEFAULT_WORKING_HOURS, WEEKDAYS, type Weekday, type WorkingDay, type WorkingHours } from "../../../../contract/salon.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { messagesUnder, type FieldErrors } from "../../../lib/form-errors.ts";
import { CHECKBOX_CLASS, controlClass, FieldError, GroupErrors } from "../../../components/form-field.tsx";

const SHIFT_TIMES = ["morning_start", "morning_end", "afternoon_start", "afternoon_end"] as const;
type ShiftTime = (typeof SHIFT_TIMES)[number];

/** One day as edited; the times stay while the day is off, so ticking Working again restores them. */
export type DayDraft = { working: boolean } & Record<ShiftTime, string>;

// A day off gets the usual shifts to start from when it becomes a working day.
const USUAL_DAY = DEFAULT_WORKING_HOURS["0"]!;

const toDayDraft = (day: WorkingDay | null): DayDraft => {
  const times = day ?? USUAL_DAY;
  return {
    working: day !== null,
    morning_start: times.morning_start ?? "",
    morning_end: times.morning_end ?? "",
    afternoon_start: times.afternoon_start ?? "",
    afternoon_end: times.afternoon_end ?? "",
  };
};

/** Drafts Monday first; a day the stylist's hours do not mention is off. */
export const toHoursDraft = (hours: Partial<WorkingHours>): DayDraft[] => WEEKDAYS.map((day) => toDayDraft(hours[`${day}`] ?? null));

/** Monday's hours on every other working day; days off stay off. */
export const copyMonday = (days: DayDraft[]): DayDraft[] => days.map((day, index) => (index === 0 || !day.working ? day : { ...days[0]! }));

/** The API's shape: a working day with its times (an empty time is null), or null for a day off. */
export const fromHoursDraft = (days: DayDraft[]): WorkingHours =>
  Object.fromEntries(
    WEEKDAYS.map((day) => {
      const draft = days[day]!;
      if (!draft.working) return [`${day}`, null];
      const times = Object.fromEntries(SHIFT_TIMES.map((field) => [field, draft[field] || null]));
      return [`${day}`, { working: true, ...times }];
    }),
  ) as WorkingHours;

// Each time input is named on its own, since the shift captions are for the eye only.
const TIME_LABELS = defineMessages<ShiftTime>({
  morning_start: { id: "stylists.hours.morningStart" },
  morning_end: { id: "stylists.hours.morningEnd" },
  afternoon_start: { id: "stylists.hours.afternoonStart" },
  afternoon_end: { id: "stylists.hours.afternoonEnd" },
});
const SHIFT_CAPTIONS = defineMessages({ morning: { id: "stylists.hours.morning" }, afternoon: { id: "stylists.hours.afternoon" } });

interface StylistWorkingHoursProps {
  days: DayDraft[];
  onChange: (day: Weekday, change: Partial<DayDraft>) => void;
  onCopyMonday: () => void;
  /** All of the form's messages; each day shows those under working_hours.<day>. */
  errors: FieldErrors;
}

/**
 * Per weekday: Working, or Day Off; a working day has a morning and an afternoon shift.
 * Wide screens get one line per day under shared column captions; narrow ones stack.
 * The week is one stop for Tab, walked with the arrow keys, so the form is quick to cross;
 * Monday's hours can be copied to the other working days.
 */
export function StylistWorkingHours({ days, onChange, onCopyMonday, errors }: StylistWorkingHoursProps) {
  const hintId = useId();
  const grid = useRovingGrid((row, column) => column === 0 || Boolean(days[row]?.working));
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className="text-base font-semibold text-slate-900">
        <FormattedMessage id="stylists.hours.title" />
      </legend>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p id={hintId} className="text-xs text-slate-500">
          <FormattedMessage id="stylists.hours.keys" />
        </p>
        <Button variant="secondary" size="sm" onClick={onCopyMonday} disabled={!days[0]?.working}>
          <FormattedMessage id="stylists.hours.copyMonday" />
        </Button>
      </div>
      {errors.working_hours && <FieldError>{errors.working_hours}</FieldError>}
      <div {...grid.containerProps} className="mt-3 overflow-hidden rounded-xl border border-slate-200">
        <div aria-hidden="true" className="hidden gap-4 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase lg:flex">
          <span className="w-24" />
          <span className="w-24" />
          <span className="flex-1">
            <FormattedMessage {...SHIFT_CAPTIONS.morning} />
          </span>
          <span className="flex-1">
            <FormattedMessage {...SHIFT_CAPTIONS.afternoon} />
          </span>
        </div>
        <div className="divide-y divide-slate-100">
          {WEEKDAYS.map((day) => (
            <DayRow key={day} day={day} draft={days[day]!} onChange={(change) => onChange(day, change)} errors={errors} cell={(column) => grid.cell(day, column)} />
          ))}
        </div>
      </div>
    </fieldset>
  );
}

interface DayRowProps {
  day: Weekday;
  draft: DayDraft;
  onChange: (change: Partial<DayDraft>) => void;
  errors: FieldErrors;
  /** The grid's wiring of the row's focusable cells: 0 is Working, 1 to 4 the times. */
  cell: (column: number) => ReturnType<ReturnType<typeof useRovingGrid>["cell"]>;
}

function DayRow({ day, draft, onChange, errors, cell }: DayRowProps) {
  const { language } = useLanguage();
  const id = useId();
  const errorId = `${id}-error`;
  const path = `working_hours.${day}`;
  const messages = messagesUnder(errors, path);
  const dayName = weekdayName(day, language);

  const time = (field: ShiftTime) => {
    const invalid = Boolean(errors[`${path}.${field}`]);
    return (
      <span className="min-w-0 flex-1">
        <label htmlFor={`${id}-${field}`} className="sr-only">
          <FormattedMessage {...TIME_LABELS[field]} />
        </label>
        <TimeInput
          {...cell(SHIFT_TIMES.indexOf(field) + 1)}
          id={`${id}-${field}`}
          value={draft[field]}
          onChange={(value) => onChange({ [field]: value })}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          // Compact, so a 12-hour time ("9:00 AM") stays whole in the narrow desktop columns.
          className={controlClass(invalid, true)}
        />
      </span>
    );
  };
  const shift = (name: keyof typeof SHIFT_CAPTIONS) => (
    <div className="min-w-0 lg:flex-1">
      <span aria-hidden="true" className="mb-1 block text-xs font-medium tracking-wide text-slate-500 uppercase lg:hidden">
        <FormattedMessage {...SHIFT_CAPTIONS[name]} />
      </span>
      <div className="flex items-center gap-2 lg:gap-1">
        {time(`${name}_start`)}
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        {time(`${name}_end`)}
      </div>
    </div>
  );

  return (
    // The shading sits on a wrapper: a fieldset paints its background only from the middle of its legend down.
    <div className={draft.working ? undefined : "bg-slate-50"}>
      <fieldset className="min-w-0 px-3 pb-3 sm:px-4 lg:pt-3">
        {/* Above the times on narrow screens; on wide ones it floats left as the row's first column. */}
        <legend className="w-full pt-3 pb-2 font-medium text-slate-900 lg:float-left lg:mr-4 lg:w-24 lg:pt-1.5 lg:pb-0">{dayName}</legend>
        <div className="flex flex-col gap-3 lg:min-h-9 lg:flex-row lg:items-center lg:gap-4">
          <label className="flex w-max shrink-0 items-center gap-2 text-sm text-slate-700 lg:w-24">
            <input
              {...cell(0)}
              type="checkbox"
              checked={draft.working}
              onChange={(event) => onChange({ working: event.target.checked })}
              className={CHECKBOX_CLASS}
            />
            <FormattedMessage id="stylists.hours.working" />
          </label>
          {draft.working ? (
            <div className="grid min-w-0 gap-3 sm:grid-cols-2 lg:flex lg:flex-1 lg:gap-4">
              {shift("morning")}
              {shift("afternoon")}
            </div>
          ) : (
            <p className="text-sm text-slate-500 italic">
              <FormattedMessage id="stylists.hours.dayOff" />
            </p>
          )}
        </div>
        <GroupErrors id={errorId} messages={messages} className="clear-both lg:pl-28" />
      </fieldset>
    </div>
  );
}
