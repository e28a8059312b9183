import type { AuthModal, AuthModalOptions } from "../../../components/auth/auth-modal-context.ts";
import { ForgotPasswordModal } from "./forgot-password-modal.tsx";
import { LoginModal } from "./login-modal.tsx";
import { RegisterModal } from "./register-modal.tsx";
import { ResetPasswordModal } from "./reset-password-modal.tsx";

interface AuthModalsProps {
  modal: AuthModal | null;
  options: AuthModalOptions;
  onOpen: (modal: AuthModal, options?: AuthModalOptions) => void;
  onClose: () => void;
}

/** The four account dialogs; at most one is open, and each can hand over to another. */
export function AuthModals({ modal, options, onOpen, onClose }: AuthModalsProps) {
  return (
    <>
      <LoginModal
        open={modal === "login"}
        verifiedNotice={Boolean(options.verifiedNotice)}
        onClose={onClose}
        onSwitchToRegister={() => onOpen("register")}
        onForgotPassword={() => onOpen("forgot")}
      />
      <RegisterModal open={modal === "register"} onClose={onClose} onSwitchToLogin={() => onOpen("login")} />
      <ForgotPasswordModal open={modal === "forgot"} onClose={onClose} />
      <ResetPasswordModal open={modal === "reset"} token={options.resetToken ?? ""} onClose={onClose} />
    </>
  );
}
