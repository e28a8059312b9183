import { useEffect } from "react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { AuthModalProvider } from "../components/auth/auth-modal-provider.tsx";
import { useAuthModals, type AuthModal } from "../components/auth/auth-modal-context.ts";
import { ContactProvider } from "../components/contact/contact-provider.tsx";
import { useContactModal } from "../components/contact/contact-context.ts";
import { Footer } from "../components/footer.tsx";
import { Navbar } from "../components/navbar/navbar.tsx";

/**
 * Links from outside the page arrive as a query that opens a modal once: /login as
 * ?auth=login, /helpdesk as ?contact=support, a verified address as ?verified=success.
 */
function ModalFromQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openAuth = useAuthModals();
  const openContact = useContactModal();
  const auth = params.get("auth");
  const contact = params.get("contact");
  const verified = params.get("verified") === "success";
  const next = params.get("next") ?? undefined;

  useEffect(() => {
    if (auth !== "login" && auth !== "register" && contact !== "support" && !verified) return;
    if (verified) openAuth("login", { verifiedNotice: true });
    else if (auth) openAuth(auth as AuthModal, { next });
    else openContact({ mode: "support" });
    const rest = new URLSearchParams(params);
    for (const key of ["auth", "contact", "verified", "next"]) rest.delete(key);
    const query = rest.toString();
    navigate({ search: query ? `?${query}` : "" }, { replace: true, preventScrollReset: true });
  }, [auth, contact, verified, next, params, navigate, openAuth, openContact]);
  return null;
}

export function PublicLayout() {
  return (
    <ContactProvider>
      <AuthModalProvider>
        <ModalFromQuery />
        <div className="flex min-h-dvh flex-col">
          <Navbar />
          <main className="flex-1">
            <Outlet />
          </main>
          <Footer />
        </div>
      </AuthModalProvider>
    </ContactProvider>
  );
}
