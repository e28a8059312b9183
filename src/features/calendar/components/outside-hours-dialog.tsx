import { useState } from "react";
import { useIntl } from "react-intl";
import type { OutsideHours } from "../../../../contract/opening-hours.ts";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { OutsideHoursNotice } from "./outside-hours-notice.tsx";

/** What a dropped appointment's new time breaks, and whose hours they are. */
export interface OutsideMove {
  reasons: readonly OutsideHours[];
  stylist: string;
}

interface OutsideHoursDialogProps {
  /** Null closes the dialog. */
  move: OutsideMove | null;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/** Asks before an appointment dragged outside the hours is saved there; stays open while it saves. */
export function OutsideHoursDialog({ move, onConfirm, onCancel }: OutsideHoursDialogProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  // The last move stays on screen while the dialog fades out.
  const [shown, setShown] = useState(move);
  if (move && move !== shown) setShown(move);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={move !== null} onClose={() => !busy && onCancel()} title={intl.formatMessage({ id: "calendar.outside.moveTitle" })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        {shown && <OutsideHoursNotice reasons={shown.reasons} stylist={shown.stylist} heading={false} />}
        <FormActions
          placement="dialog"
          onCancel={onCancel}
          busy={busy}
          label={intl.formatMessage({ id: "calendar.outside.move" })}
          busyLabel={intl.formatMessage({ id: "calendar.outside.moving" })}
        />
      </form>
    </Modal>
  );
}
