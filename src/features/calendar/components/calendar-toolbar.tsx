import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Button } from "../../../components/button.tsx";
import { CHECKBOX_CLASS } from "../../../components/form-field.tsx";
import { VIEW_NAMES, type ViewName } from "../calendar-views.ts";

interface CalendarToolbarProps {
  title: string;
  /** Unknown until the calendar has shown its first range. */
  view: ViewName | undefined;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: ViewName) => void;
  shadeBusiness: boolean;
  shadeWorking: boolean;
  onShadeBusiness: (on: boolean) => void;
  onShadeWorking: (on: boolean) => void;
  /** What acts on the days shown, after the shading switches. */
  dayActions?: ReactNode;
}

/** Navigation, the view title, the view buttons, the two shading switches and the day's actions above the calendar. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const intl = useIntl();
  const { title, view, onPrev, onNext, onToday, onView } = props;
  return (
    <div className="mb-3 space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" onClick={onPrev} aria-label={intl.formatMessage({ id: "calendar.previous" })}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={onToday}>
            <FormattedMessage id="calendar.today" />
          </Button>
          <Button variant="secondary" size="sm" onClick={onNext} aria-label={intl.formatMessage({ id: "calendar.next" })}>
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <h2 aria-live="polite" className="min-w-0 flex-1 text-lg font-semibold text-slate-900" data-testid="calendar-title">
          {title}
        </h2>
        <div role="group" aria-label={intl.formatMessage({ id: "calendar.view.label" })} className="flex overflow-hidden rounded-lg border border-slate-300">
          {VIEW_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={view === name}
              onClick={() => onView(name)}
              className={`border-l border-slate-300 px-3 py-1.5 text-sm first:border-l-0 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                view === name ? "bg-brand-600 font-semibold text-white" : "font-medium text-slate-700 hover:bg-slate-50"
              }`}
            >
              <FormattedMessage id={`calendar.view.${name}`} />
            </button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        <ShadingToggle
          label={intl.formatMessage({ id: "calendar.businessHours" })}
          swatch="shade-swatch-closed"
          on={props.shadeBusiness}
          onChange={props.onShadeBusiness}
        />
        <ShadingToggle
          label={intl.formatMessage({ id: "calendar.workingHours" })}
          swatch="shade-swatch-off"
          on={props.shadeWorking}
          onChange={props.onShadeWorking}
        />
        {props.dayActions && <div className="sm:ml-auto">{props.dayActions}</div>}
      </div>
    </div>
  );
}

/** A shading checkbox with a sample of the shading it switches. */
function ShadingToggle({ label, swatch, on, onChange }: { label: string; swatch: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2">
      <input type="checkbox" checked={on} onChange={(event) => onChange(event.target.checked)} className={CHECKBOX_CLASS} />
      <span aria-hidden="true" className={`inline-block h-3.5 w-5 rounded-sm border border-slate-300 ${swatch}`} />
      {label}
    </label>
  );
}
