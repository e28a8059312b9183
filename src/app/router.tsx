import { Navigate, Outlet, type RouteObject } from "react-router";
import { LANGUAGES, type Language } from "../../contract/languages.ts";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { ToastProvider } from "../components/toast/toast-provider.tsx";
import type { CatalogPart } from "../i18n/catalog-parts.ts";
import { requireCatalogPart } from "../i18n/catalog-store.ts";
import { LanguageProvider } from "../i18n/language-provider.tsx";
import { RequireAuth, ResetPasswordRoute } from "./auth-routes.tsx";
import { HomePage } from "./home-page.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { LegacyRedirect, LocalizedRedirect } from "./redirects.tsx";
import { ScrollManager } from "./scroll-manager.tsx";

/** A lazy route whose code and catalog part load together, so it never renders without its texts. */
function withTexts<T>(part: CatalogPart, load: () => Promise<T>) {
  return async () => (await Promise.all([load(), requireCatalogPart(part)]))[0];
}

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
        lazy: withTexts("blog", async () => ({ Component: (await import("../features/blog/components/blog-index-page.tsx")).BlogIndexPage })),
      },
      {
        path: "blog/hairdresser-pitch",
        id: `hairdresser-pitch-${lang}`,
        lazy: withTexts("blog", async () => ({
          Component: (await import("../features/blog/components/hairdresser-pitch-page.tsx")).HairdresserPitchPage,
        })),
      },
      {
        path: "pricing",
        id: `pricing-${lang}`,
        lazy: async () => ({ Component: (await import("../features/pricing/components/pricing-page.tsx")).PricingPage }),
      },
      {
        path: "verify-email",
        id: `verify-email-${lang}`,
        lazy: async () => ({ Component: (await import("../features/auth/components/verify-email-page.tsx")).VerifyEmailPage }),
      },
      { path: "reset-password", id: `reset-password-${lang}`, Component: ResetPasswordRoute },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import("./signed-in-shell.tsx")).SignedInShell }),
            children: [
              {
                path: "salon-settings",
                id: `salon-settings-${lang}`,
                lazy: withTexts("dashboard", async () => ({
                  Component: (await import("../features/salon-settings/components/salon-settings-page.tsx")).SalonSettingsPage,
                })),
              },
              {
                path: "dashboard",
                id: `dashboard-${lang}`,
                lazy: withTexts("dashboard", async () => ({
                  Component: (await import("../features/dashboard/components/dashboard-layout.tsx")).DashboardLayout,
                })),
                children: [
                  { index: true, element: <Navigate replace to="assistant" /> },
                  {
                    path: "assistant",
                    id: `dashboard-assistant-${lang}`,
                    lazy: withTexts("dashboard", async () => ({
                      Component: (await import("../features/assistants/components/assistants-page.tsx")).AssistantsPage,
                    })),
                  },
                  {
                    path: "phone-numbers",
                    id: `dashboard-phone-numbers-${lang}`,
                    lazy: withTexts("dashboard", async () => ({
                      Component: (await import("../features/phone-numbers/components/phone-numbers-page.tsx")).PhoneNumbersPage,
                    })),
                  },
                  {
                    path: "calls",
                    id: `dashboard-calls-${lang}`,
                    lazy: withTexts("dashboard", async () => ({
                      Component: (await import("../features/calls/components/calls-page.tsx")).CallsPage,
                    })),
                  },
                  {
                    path: "calendar",
                    id: `dashboard-calendar-${lang}`,
                    lazy: withTexts("dashboard", async () => ({
                      Component: (await import("../features/calendar/components/calendar-page.tsx")).CalendarPage,
                    })),
                  },
                ],
              },
            ],
          },
        ],
      },
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
