import { FormattedMessage, useIntl } from "react-intl";
import { Modal } from "../modal.tsx";
import type { AuthModal } from "./auth-modal-context.ts";

interface AuthModalsProps {
  modal: AuthModal | null;
  /** The modal last shown, kept while the closing animation runs. */
  shown: AuthModal;
  onOpen: (modal: AuthModal) => void;
  onClose: () => void;
}

/** Accounts are not open yet: both modals say so and can switch to each other. */
export function AuthModals({ modal, shown, onOpen, onClose }: AuthModalsProps) {
  const intl = useIntl();
  const other: AuthModal = shown === "login" ? "register" : "login";
  return (
    <Modal open={modal !== null} onClose={onClose} title={intl.formatMessage({ id: `auth.${shown}.title` })}>
      <p className="text-slate-700">
        <FormattedMessage id="auth.placeholder.text" />
      </p>
      <button type="button" onClick={() => onOpen(other)} className="mt-6 text-sm font-medium text-brand-700 hover:underline">
        <FormattedMessage id={`auth.${shown}.switch`} />
      </button>
    </Modal>
  );
}
