import { Suspense } from "react";
import { Outlet, useParams, type RouteObject } from "react-router";
import { isLanguage } from "../../contract/languages.ts";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { ToastProvider } from "../components/toast/toast-provider.tsx";
import { LanguageProvider } from "../i18n/language-provider.tsx";
import { RequireAuth, ResetPasswordRoute } from "./auth-routes.tsx";
import { HomePage } from "./home-page.tsx";
import { lazyPage, type LazyPage } from "./lazy-page.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { LegacyRedirect, LocalizedRedirect } from "./redirects.tsx";
import { ScrollManager } from "./scroll-manager.tsx";

/** What a route needs loaded before it renders without suspending (`preloadRoutes` in app.tsx, for the browser and the prerender). */
export interface RouteHandle {
  preload: LazyPage["preload"];
}

function Root() {
  return (
    <LanguageProvider>
      <ToastProvider>
        <ScrollManager />
        <Suspense>
          <Outlet />
        </Suspense>
      </ToastProvider>
    </LanguageProvider>
  );
}

// Each page's code loads with its first visit, the signed-in screens with their catalogue part.
const BlogIndexPage = lazyPage(async () => (await import("../features/blog/components/blog-index-page.tsx")).BlogIndexPage, "blog");
const HairdresserPitchPage = lazyPage(
  async () => (await import("../features/blog/components/hairdresser-pitch-page.tsx")).HairdresserPitchPage,
  "blog",
);
const PricingPage = lazyPage(async () => (await import("../features/pricing/components/pricing-page.tsx")).PricingPage);
// Opened from an invitation's mail, signed in or not; it leads into the dashboard, whose texts it shares.
const InvitationPage = lazyPage(async () => (await import("../features/auth/components/invitation-page.tsx")).InvitationPage, "dashboard");
const VerifyEmailPage = lazyPage(async () => (await import("../features/auth/components/verify-email-page.tsx")).VerifyEmailPage);
const SignedInShell = lazyPage(async () => (await import("./signed-in-shell.tsx")).SignedInShell, "dashboard");
const SalonSettingsPage = lazyPage(
  async () => (await import("../features/salon-settings/components/salon-settings-page.tsx")).SalonSettingsPage,
  "dashboard",
);
// A stylist's own hours, edited with the same parts as a stylist's in Salon Settings.
const MyHoursPage = lazyPage(async () => (await import("../features/salon-settings/my-hours/my-hours-page.tsx")).MyHoursPage, "dashboard");
const DashboardLayout = lazyPage(
  async () => (await import("../features/dashboard/components/dashboard-layout.tsx")).DashboardLayout,
  "dashboard",
);
// The Assistants screen ends with the questions callers asked and the FAQ, a feature of its own.
const AssistantsPage = lazyPage(async () => {
  const [{ AssistantsPage: Assistants }, { QuestionsSection }] = await Promise.all([
    import("../features/assistants/components/assistants-page.tsx"),
    import("../features/questions/components/questions-section.tsx"),
  ]);
  return () => (
    <>
      <Assistants />
      <QuestionsSection />
    </>
  );
}, "dashboard");
const PhoneNumbersPage = lazyPage(
  async () => (await import("../features/phone-numbers/components/phone-numbers-page.tsx")).PhoneNumbersPage,
  "dashboard",
);
const CallsPage = lazyPage(async () => (await import("../features/calls/components/calls-page.tsx")).CallsPage, "dashboard");
const ClientsPage = lazyPage(async () => (await import("../features/clients/components/clients-page.tsx")).ClientsPage, "dashboard");
const WaitlistPage = lazyPage(async () => (await import("../features/outreach/components/waitlist-page.tsx")).WaitlistPage, "dashboard");
const CalendarPage = lazyPage(async () => (await import("../features/calendar/components/calendar-page.tsx")).CalendarPage, "dashboard");
// The mailbox shows clients' messages with the dashboard's words for their states.
const MailboxPage = lazyPage(async () => (await import("../features/dev-mailbox/mailbox-page.tsx")).MailboxPage, "dashboard");
const VisitPage = lazyPage(async () => (await import("../features/visit/components/visit-page.tsx")).VisitPage, "visit");
const UnsubscribePage = lazyPage(async () => (await import("../features/visit/components/unsubscribe-page.tsx")).UnsubscribePage, "visit");

function page(path: string | undefined, Page: LazyPage, children?: RouteObject[]): RouteObject {
  const handle: RouteHandle = { preload: Page.preload };
  return { path, element: <Page />, handle, children };
}

const LEGACY_PATHS = ["/", "/blog", "/blog/hairdresser-pitch", "/dashboard", "/verify-email", "/reset-password", "/salon-settings"];

/** A path's first segment names the page's language; any other first segment finds no page. */
function LanguageLayout() {
  const { lang } = useParams();
  return isLanguage(lang) ? <PublicLayout /> : <PublicLayout><NotFoundPage /></PublicLayout>;
}

/**
 * Every page under its language's prefix. One parametrised branch rather than one per language:
 * the router ranks its routes on every render, and the first render is on the page's critical path.
 */
function languageRoutes(): RouteObject {
  return {
    path: "/:lang",
    element: <LanguageLayout />,
    children: [
      { index: true, element: <HomePage /> },
      page("blog", BlogIndexPage),
      page("blog/hairdresser-pitch", HairdresserPitchPage),
      page("pricing", PricingPage),
      page("verify-email", VerifyEmailPage),
      page("invitation/:token", InvitationPage),
      { path: "reset-password", element: <ResetPasswordRoute /> },
      {
        element: <RequireAuth />,
        children: [
          page(undefined, SignedInShell, [
            page("salon-settings", SalonSettingsPage),
            // The layout opens the first screen the person's role has.
            page("dashboard", DashboardLayout, [
              page("assistant", AssistantsPage),
              page("phone-numbers", PhoneNumbersPage),
              page("calls", CallsPage),
              page("calendar", CalendarPage),
              page("clients", ClientsPage),
              page("waitlist", WaitlistPage),
              page("my-hours", MyHoursPage),
            ]),
          ]),
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      languageRoutes(),
      // A salon's clients open these from their messages: the page alone, without the site around it.
      page("/:lang/visit/:token", VisitPage),
      page("/:lang/unsubscribe/:token", UnsubscribePage),
      ...LEGACY_PATHS.map((path) => ({ path, element: <LegacyRedirect /> })),
      { path: "/login", element: <LocalizedRedirect to="/" query="auth=login" /> },
      { path: "/subscription", element: <LocalizedRedirect to="/pricing" /> },
      { path: "/helpdesk", element: <LocalizedRedirect to="/" query="contact=support" /> },
      {
        element: <PublicLayout />,
        children: [page("/dev/mailbox", MailboxPage), { path: "*", element: <NotFoundPage /> }],
      },
    ],
  },
];
