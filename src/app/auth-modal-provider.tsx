import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../lib/auth/session.ts";
import { AuthModalContext, type AuthModal, type AuthModalOptions } from "../components/auth/auth-modal-context.ts";

// The account dialogs load on first use, keeping them out of the home page's first download.
// The provider lives with the app, which composes features; shared components only open dialogs
// through AuthModalContext.
const AuthModals = lazy(() => import("../features/auth/components/auth-modals.tsx").then((module) => ({ default: module.AuthModals })));

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal | null>(null);
  const [options, setOptions] = useState<AuthModalOptions>({});
  const [used, setUsed] = useState(false);
  const returnTo = useRef<string | undefined>(undefined);
  const open = useCallback((next: AuthModal, nextOptions: AuthModalOptions = {}) => {
    setUsed(true);
    setOptions(nextOptions);
    setModal(next);
    returnTo.current = nextOptions.next;
  }, []);

  // Logged in after being sent to /login from a signed-in page: go back there. Only paths
  // of this site count ("//host" would leave it).
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    const path = returnTo.current;
    if (!isAuthenticated || !path?.startsWith("/") || path.startsWith("//")) return;
    returnTo.current = undefined;
    navigate(path);
  }, [isAuthenticated, navigate]);

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
