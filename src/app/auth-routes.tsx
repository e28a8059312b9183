import { useEffect } from "react";
import { Navigate, Outlet, useSearchParams } from "react-router";
import { useAuthModals } from "../components/auth/auth-modal-context.ts";
import { useSession } from "../lib/auth/session.ts";
import { HomePage } from "./home-page.tsx";

/** Signed-in areas: visitors without a session go to /login. */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Outlet /> : <Navigate replace to="/login" />;
}

/** /{lang}/reset-password?token=… is the home page with the new-password dialog open. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const openAuth = useAuthModals();
  const token = params.get("token") ?? "";
  useEffect(() => openAuth("reset", { resetToken: token }), [openAuth, token]);
  return <HomePage />;
}
