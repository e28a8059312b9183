import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuthModals } from "../components/auth/auth-modal-context.ts";
import { useSession } from "../lib/auth/session.ts";
import { HomePage } from "./home-page.tsx";

/** Signed-in areas: visitors without a session go to /login, and come back after it. */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const { pathname, search } = useLocation();
  if (isAuthenticated) return <Outlet />;
  return <Navigate replace to={`/login?${new URLSearchParams({ next: pathname + search })}`} />;
}

/**
 * /{lang}/reset-password?token=… is the home page with the new-password dialog open. The
 * token leaves the address at once (replaced, not a new history entry), so a reload or a
 * shared address does not bring the dialog back.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openAuth = useAuthModals();
  const token = params.get("token");
  useEffect(() => {
    if (token === null) return;
    openAuth("reset", { resetToken: token });
    const rest = new URLSearchParams(params);
    rest.delete("token");
    const query = rest.toString();
    navigate({ search: query ? `?${query}` : "" }, { replace: true, preventScrollReset: true });
  }, [openAuth, token, params, navigate]);
  return <HomePage />;
}
