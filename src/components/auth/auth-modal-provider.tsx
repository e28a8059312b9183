import { Suspense, lazy, useCallback, useState, type ReactNode } from "react";
import { AuthModalContext, type AuthModal, type AuthModalOptions } from "./auth-modal-context.ts";

// The account dialogs load on first use, keeping them out of the home page's first download.
const AuthModals = lazy(() => import("../../features/auth/components/auth-modals.tsx").then((module) => ({ default: module.AuthModals })));

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal | null>(null);
  const [options, setOptions] = useState<AuthModalOptions>({});
  const [used, setUsed] = useState(false);
  const open = useCallback((next: AuthModal, nextOptions: AuthModalOptions = {}) => {
    setUsed(true);
    setOptions(nextOptions);
    setModal(next);
  }, []);

  return (
    <AuthModalContext value={open}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AuthModals modal={modal} options={options} onOpen={open} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </AuthModalContext>
  );
}
