import { useEffect } from "react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { AuthModalProvider } from "../components/auth/auth-modal-provider.tsx";
import { useAuthModals, type AuthModal } from "../components/auth/auth-modal-context.ts";
import { ContactProvider } from "../components/contact/contact-provider.tsx";
import { useContactModal } from "../components/contact/contact-context.ts";
import { Footer } from "../components/footer.tsx";
import { Navbar } from "../components/navbar/navbar.tsx";

/**
 * Links from outside the page (/login, /helpdesk) arrive as ?auth=login or
 * ?contact=support and open the matching modal once.
 */
function ModalFromQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openAuth = useAuthModals();
  const openContact = useContactModal();
  const auth = params.get("auth");
  const contact = params.get("contact");

  useEffect(() => {
    if (auth !== "login" && auth !== "register" && contact !== "support") return;
    if (auth) openAuth(auth as AuthModal);
    else openContact({ mode: "support" });
    const rest = new URLSearchParams(params);
    rest.delete("auth");
    rest.delete("contact");
    const query = rest.toString();
    navigate({ search: query ? `?${query}` : "" }, { replace: true, preventScrollReset: true });
  }, [auth, contact, params, navigate, openAuth, openContact]);
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
