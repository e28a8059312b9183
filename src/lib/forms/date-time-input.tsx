import { useState, type InputHTMLAttributes } from "react";
import { DateInput } from "./date-input.tsx";
import { TimeInput } from "./time-input.tsx";

type Control = Pick<InputHTMLAttributes<HTMLInputElement>, "id" | "required" | "aria-invalid" | "aria-describedby" | "className" | "disabled">;

interface DateTimeInputProps extends Control {
  /** A wall-clock "YYYY-MM-DDTHH:MM", or empty. */
  value: string;
  /** The wall-clock time once both boxes read as one; empty while either does not. */
  onChange: (value: string) => void;
  /** The time box's own accessible name; the date box takes the field's label. */
  timeLabel: string;
}

const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

const split = (value: string) => {
  const match = WALL.exec(value);
  return { date: match?.[1] ?? "", time: match?.[2] ?? "" };
};

/**
 * A date box and a time box for one wall-clock moment. The parts are kept as typed, so a
 * half-typed date stays on screen while the value is empty; a new value from outside (a
 * picked free time, an end moved with the start) replaces them.
 */
export function DateTimeInput({ value, onChange, timeLabel, className, ...control }: DateTimeInputProps) {
  const [parts, setParts] = useState(() => split(value));
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setParts(split(value));
  }
  const change = (next: Partial<typeof parts>) => {
    const joined = { ...parts, ...next };
    const wall = DAY.test(joined.date) && TIME.test(joined.time) ? `${joined.date}T${joined.time}` : "";
    setParts(joined);
    setSent(wall);
    onChange(wall);
  };
  return (
    <div className="grid grid-cols-[3fr_2fr] gap-2">
      <DateInput {...control} className={className} value={parts.date} onChange={(date) => change({ date })} />
      <TimeInput
        aria-label={timeLabel}
        aria-invalid={control["aria-invalid"]}
        required={control.required}
        disabled={control.disabled}
        className={className}
        value={parts.time}
        onChange={(time) => change({ time })}
      />
    </div>
  );
}
