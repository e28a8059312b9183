import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
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

/** /{lang}/reset-password?token=… is the home page with the new-password dialog open. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const openAuth = useAuthModals();
  const token = params.get("token") ?? "";
  useEffect(() => openAuth("reset", { resetToken: token }), [openAuth, token]);
  return <HomePage />;
}
