import { useId, type ReactNode } from "react";
import { InfoTip } from "./info-tip.tsx";

/**
 * The look of the product's inputs, in the dashboard and the account and contact dialogs. Compact ones sit in
 * rows of several (times, dates); padding is chosen here because Tailwind lets the stylesheet's
 * order, not the class list's, decide between two paddings.
 */
export const controlClass = (invalid: boolean, compact = false) =>
  `block w-full rounded-lg border bg-white text-slate-900 shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 ${compact ? "px-2 py-1.5 text-sm" : "px-3 py-2"} ${invalid ? "border-red-500" : "border-slate-300"}`;

/** The look of the product's checkboxes. */
export const CHECKBOX_CLASS = "size-4 rounded border-slate-300 accent-brand-600";

/** What a field hands to its control: the label's target id, and the error wiring. */
interface FieldControl {
  id: string;
  required: boolean;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  className: string;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** A unit shown inside the start of the input, such as the currency symbol. */
  unit?: string;
  /** An explanation behind an info button next to the label. */
  tip?: string;
  /** For a field that is the only one of a section already named by its heading. */
  hideLabel?: boolean;
  className?: string;
  /** Renders the control; spread `control` onto it. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control with its hint, info tip and error line, for the dashboard's forms and the contact dialog. */
export function Field({ label, error, hint, required = false, unit, tip, hideLabel = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const tipId = `${id}-tip`;
  const control: FieldControl = {
    id,
    required,
    "aria-invalid": Boolean(error),
    "aria-describedby": [hint && hintId, error && errorId, tip && tipId].filter(Boolean).join(" ") || undefined,
    className: `${controlClass(Boolean(error))} ${unit ? "pl-8" : ""}`,
  };
  return (
    <div className={className}>
      {/* Positioned, so an open tip lies under the label row at the field's width. */}
      <div className="relative">
        <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium text-slate-700"}>
          {label}
        </label>
        {/* The asterisk is for the eye; the control's required state tells assistive technology. */}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
        {tip && (
          <span className="ml-1.5 inline-flex align-middle">
            <InfoTip id={tipId} field={label} text={tip} />
          </span>
        )}
      </div>
      <div className={`relative ${hideLabel ? "" : "mt-1"}`}>
        {children(control)}
        {unit && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
            {unit}
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The message under a control that says what is wrong with it; its id goes into the control's aria-describedby. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

/** The errors of a group of fields (a row of times, a service line), listed under it. */
export function GroupErrors({ id, messages, className = "" }: { id: string; messages: string[]; className?: string }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className={`mt-2 space-y-0.5 text-sm text-red-700 ${className}`}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
