import { useId, type ReactNode } from "react";
import { SalonInfoTip } from "./salon-info-tip.tsx";

/** The look of every control on the salon form; a red border only repeats the error line below. */
export const salonControlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 ${invalid ? "border-red-500" : "border-slate-300"}`;

/** The error line under a control; its id goes into the control's aria-describedby. */
export function SalonFieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

interface SalonFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  maxLength: number;
  required?: boolean;
  /** Rows of a multi-line text; without it the field is a single-line input. */
  rows?: number;
  /** An explanation behind an info button next to the label. */
  tip?: string;
  /** For a field that is the only one of a section already named by its heading. */
  hideLabel?: boolean;
  className?: string;
}

/** A labelled text input (or textarea) with its error line, used for every text field of the salon. */
export function SalonField({
  name,
  label,
  value,
  onChange,
  error,
  disabled,
  type = "text",
  autoComplete,
  maxLength,
  required,
  rows,
  tip,
  hideLabel,
  className,
}: SalonFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const tipId = `${id}-tip`;
  const control = {
    id,
    name,
    value,
    disabled,
    maxLength,
    required,
    "aria-invalid": Boolean(error),
    "aria-describedby": [error && errorId, tip && tipId].filter(Boolean).join(" ") || undefined,
    className: salonControlClass(Boolean(error)),
  };

  return (
    <div className={className}>
      <div className={`relative flex items-center gap-1.5 ${hideLabel ? "" : "mb-1"}`}>
        <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium text-slate-700"}>
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
        </label>
        {tip && <SalonInfoTip id={tipId} field={label} text={tip} />}
      </div>
      {rows ? (
        <textarea {...control} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...control} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && <SalonFieldError id={errorId}>{error}</SalonFieldError>}
    </div>
  );
}
