import { createContext, useContext } from "react";

export type AuthModal = "login" | "register" | "forgot" | "reset";

export interface AuthModalOptions {
  /** The token of a password-reset link (reset modal). */
  resetToken?: string;
  /** Show "Email verified successfully! Please log in." (login modal). */
  verifiedNotice?: boolean;
  /** A path of this site to open once logged in (login modal). */
  next?: string;
}

export const AuthModalContext = createContext<((modal: AuthModal, options?: AuthModalOptions) => void) | null>(null);

export function useAuthModals() {
  const open = useContext(AuthModalContext);
  if (!open) throw new Error("useAuthModals needs an AuthModalProvider");
  return open;
}
