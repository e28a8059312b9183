import { Suspense, lazy, useCallback, useState, type ReactNode } from "react";
import { AuthModalContext, type AuthModal } from "./auth-modal-context.ts";

// Loaded on first use, like the contact modal.
const AuthModals = lazy(() => import("./auth-modals.tsx").then((module) => ({ default: module.AuthModals })));

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal | null>(null);
  const [shown, setShown] = useState<AuthModal | null>(null);
  const open = useCallback((next: AuthModal) => {
    setShown(next);
    setModal(next);
  }, []);

  return (
    <AuthModalContext value={open}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <AuthModals modal={modal} shown={shown} onOpen={open} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </AuthModalContext>
  );
}
