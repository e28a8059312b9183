import { Navigate, Outlet, type RouteObject } from "react-router";
import { LANGUAGES, type Language } from "../../contract/languages.ts";
import { ToastProvider } from "../components/toast/toast-provider.tsx";
import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { LanguageProvider } from "../i18n/language-provider.tsx";
import { HomePage } from "./home-page.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { LegacyRedirect, LocalizedRedirect } from "./redirects.tsx";
import { ScrollManager } from "./scroll-manager.tsx";

function Root() {
  return (
    <LanguageProvider>
      <ToastProvider>
        <ScrollManager />
        <Outlet />
      </ToastProvider>
    </LanguageProvider>
  );
}

const LEGACY_PATHS = ["/", "/blog", "/blog/hairdresser-pitch", "/dashboard", "/verify-email", "/reset-password", "/salon-settings"];

/** Every page once per language; route ids carry the language suffix (home-en, blog-de, ...). */
function languageRoutes(lang: Language): RouteObject {
  return {
    path: `/${lang}`,
    element: <PublicLayout />,
    children: [
      { index: true, id: `home-${lang}`, Component: HomePage },
      {
        path: "blog",
        id: `blog-${lang}`,
        lazy: async () => ({ Component: (await import("../features/blog/components/blog-index-page.tsx")).BlogIndexPage }),
      },
      {
        path: "blog/hairdresser-pitch",
        id: `hairdresser-pitch-${lang}`,
        lazy: async () => ({ Component: (await import("../features/blog/components/hairdresser-pitch-page.tsx")).HairdresserPitchPage }),
      },
      {
        path: "pricing",
        id: `pricing-${lang}`,
        lazy: async () => ({ Component: (await import("../features/pricing/components/pricing-page.tsx")).PricingPage }),
      },
      // Signed-in areas: until accounts exist every visitor is signed out and goes to /login.
      { path: "dashboard/*", id: `dashboard-${lang}`, element: <Navigate replace to="/login" /> },
      { path: "salon-settings", id: `salon-settings-${lang}`, element: <Navigate replace to="/login" /> },
      { path: "*", Component: NotFoundPage },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...LANGUAGES.map(languageRoutes),
      ...LEGACY_PATHS.map((path) => ({ path, Component: LegacyRedirect })),
      { path: "/login", element: <LocalizedRedirect to="/" query="auth=login" /> },
      { path: "/subscription", element: <LocalizedRedirect to="/pricing" /> },
      { path: "/helpdesk", element: <LocalizedRedirect to="/" query="contact=support" /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: "/dev/mailbox",
            lazy: async () => ({ Component: (await import("../features/dev-mailbox/mailbox-page.tsx")).MailboxPage }),
          },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];
