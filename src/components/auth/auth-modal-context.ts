import { createContext, useContext } from "react";

export type AuthModal = "login" | "register";

export const AuthModalContext = createContext<((modal: AuthModal) => void) | null>(null);

export function useAuthModals() {
  const open = useContext(AuthModalContext);
  if (!open) throw new Error("useAuthModals needs an AuthModalProvider");
  return open;
}
