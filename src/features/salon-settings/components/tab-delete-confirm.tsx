import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { failureText } from "../../../lib/form-errors.ts";

export interface DeleteTexts {
  title: (name: string) => string;
  message: string;
  deleted: string;
  failed: string;
}

interface DeleteConfirmProps {
  open: boolean;
  /** Kept while the dialog fades out, so its title does not go blank. */
  name: string;
  texts: DeleteTexts;
  onDelete: () => Promise<unknown>;
  onDeleted: () => void;
  onClose: () => void;
}

/** Asks before deleting, deletes, and reports the outcome; a failure keeps the dialog open for another try. */
export function DeleteConfirm({ open, name, texts, onDelete, onDeleted, onClose }: DeleteConfirmProps) {
  const intl = useIntl();
  const toast = useToast();
  const confirm = async () => {
    try {
      await onDelete();
    } catch (error) {
      toast.show("error", failureText(error, texts.failed));
      throw error;
    }
    toast.show("success", texts.deleted);
    onDeleted();
  };
  return (
    <ConfirmDialog
      open={open}
      title={texts.title(name)}
      message={texts.message}
      confirmLabel={intl.formatMessage({ id: "common.delete" })}
      busyLabel={intl.formatMessage({ id: "common.deleting" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
