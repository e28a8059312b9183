import { useEffect, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { AuthModalProvider } from "./auth-modal-provider.tsx";
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

const MAIN_ID = "main-content";

/**
 * The first stop of the keyboard: jumps past the navigation. It moves focus itself rather
 * than following the hash, which would become a navigation of the router.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="fixed top-3 left-3 z-50 -translate-y-24 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg ring-2 ring-brand-600 focus:translate-y-0"
    >
      <FormattedMessage id="nav.skipToContent" />
    </a>
  );
}

/** The public frame around a page: the route's own, or `children` when given. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <ContactProvider>
      <AuthModalProvider>
        <ModalFromQuery />
        <div className="flex min-h-dvh flex-col">
          <SkipLink />
          <Navbar />
          <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
            {children ?? <Outlet />}
          </main>
          <Footer />
        </div>
      </AuthModalProvider>
    </ContactProvider>
  );
}
