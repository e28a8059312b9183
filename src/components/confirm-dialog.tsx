import { useState } from "react";
import { FormActions } from "./form-actions.tsx";
import { Modal } from "./modal.tsx";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** Label of the confirming button, e.g. "Delete". */
  confirmLabel: string;
  /** Label while the action runs, e.g. "Deleting...". */
  busyLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a destructive action; stays open while it runs and closes when it is done. */
export function ConfirmDialog({ open, title, message, confirmLabel, busyLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller reports the failure (a toast); the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={() => !busy && onClose()} title={title}>
      <p className="text-slate-700">{message}</p>
      <FormActions placement="dialog" onCancel={onClose} busy={busy} label={confirmLabel} busyLabel={busyLabel} onConfirm={confirm} />
    </Modal>
  );
}
