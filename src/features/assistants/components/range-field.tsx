import { useId } from "react";
import { FieldError } from "../../../components/form-field.tsx";

interface RangeFieldProps {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The value as people read it, shown beside the label and announced by screen readers. */
  valueText: string;
  /** Words under the two ends of the track, e.g. Precise and Creative. */
  ends?: [string, string];
  error?: string;
  onChange: (value: number) => void;
}

/** A labelled slider with its current value, the meaning of its ends, a hint and an error line. */
export function RangeField({ label, hint, value, min, max, step, valueText, ends, error, onChange }: RangeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-brand-700">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        aria-invalid={Boolean(error)}
        aria-describedby={[hintId, error && errorId].filter(Boolean).join(" ")}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 block w-full cursor-pointer accent-brand-600"
      />
      {ends && (
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-500">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      )}
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
