import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "./button.tsx";

const PLACEMENTS = {
  dialog: "mt-6 flex flex-wrap items-center justify-end gap-3",
  // On a phone the buttons stack full width, the main one on top.
  card: "flex flex-col-reverse gap-3 rounded-b-2xl border-t border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-end sm:px-6",
} as const;

interface FormActionsProps {
  /** At the end of a dialog, or as the grey band that closes a card. */
  placement: "dialog" | "card";
  /** Cancel is left out without it. */
  onCancel?: () => void;
  /** While the main action runs, Cancel and the main button are disabled and the main button says so. */
  busy: boolean;
  label: ReactNode;
  busyLabel: ReactNode;
  /** For a main action with nothing to act on yet, such as Save before any change. */
  disabled?: boolean;
  /** Makes the main button a destructive confirmation that runs this, rather than the form's submit button. */
  onConfirm?: () => void;
  /** Before the buttons, such as the required-fields note or Delete. */
  children?: ReactNode;
  className?: string;
}

/** The row of Cancel and the main action (Save, Delete) that ends a form or a dialog. */
export function FormActions({ placement, onCancel, busy, label, busyLabel, disabled, onConfirm, children, className = "" }: FormActionsProps) {
  return (
    <div className={`${PLACEMENTS[placement]} ${className}`}>
      {children}
      {onCancel && (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          <FormattedMessage id="common.cancel" />
        </Button>
      )}
      <Button
        type={onConfirm ? "button" : "submit"}
        variant={onConfirm ? "danger" : "primary"}
        onClick={onConfirm}
        busy={busy}
        disabled={disabled}
      >
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
