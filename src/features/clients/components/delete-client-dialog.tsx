import { useIntl } from "react-intl";
import type { ClientDetail } from "../../../../contract/clients.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { failureDetail } from "../format.ts";
import { useEraseClient } from "../api/clients.ts";

interface DeleteClientDialogProps {
  open: boolean;
  client: ClientDetail;
  /** How the client is named in the question. */
  label: string;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before a client is erased, saying what goes and what stays. */
export function DeleteClientDialog({ open, client, label, onClose, onDeleted }: DeleteClientDialogProps) {
  const intl = useIntl();
  const toast = useToast();
  const erase = useEraseClient();
  const confirm = async () => {
    try {
      await erase.mutateAsync(client.id);
    } catch (error) {
      toast.show("error", intl.formatMessage({ id: "clients.delete.failed" }, { detail: failureDetail(error, intl) }));
      throw error;
    }
    toast.show("success", intl.formatMessage({ id: "clients.delete.done" }));
    onDeleted();
  };
  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: "clients.delete.title" }, { name: label })}
      message={intl.formatMessage({ id: "clients.delete.message" })}
      confirmLabel={intl.formatMessage({ id: "clients.delete.confirm" })}
      busyLabel={intl.formatMessage({ id: "clients.delete.busy" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
