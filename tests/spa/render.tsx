import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { InferResponseType } from "hono/client";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router";
import type { ErrorBody } from "../../contract/errors.ts";
import type { Language } from "../../contract/languages.ts";
import type { SalonMembership } from "../../contract/team.ts";
import { sharedMessages } from "../../contract/messages/index.ts";
import { ToastProvider } from "../../src/components/toast/toast-provider.tsx";
import { LanguageContext } from "../../src/i18n/language-context.ts";
import { localizePath } from "../../src/i18n/language.ts";
import { MembershipContext } from "../../src/lib/auth/membership.ts";
import cs from "../../src/i18n/messages/cs.json";
import de from "../../src/i18n/messages/de.json";
import en from "../../src/i18n/messages/en.json";

const catalogs = { en, de, cs };

export const messagesFor = (language: Language) => ({ ...sharedMessages[language], ...catalogs[language] });

/** The salon the signed-in screens work in: its owner's, unless a test signs in as someone else. */
export const OWNER: SalonMembership = { salon_id: "5a1a0000-0000-4000-8000-000000000001", salon_name: "Studio Vlasy", role: "owner", stylist_id: null };

/** Renders UI as the app does: texts in `language`, toasts, a router at `path`, signed in to a salon as `membership`. */
export function renderWithApp(
  ui: ReactNode,
  { language = "en", path, membership = OWNER }: { language?: Language; path?: string; membership?: SalonMembership } = {},
) {
  const languageApi = {
    language,
    switchLanguage: () => {},
    localPath: (p: string) => localizePath(p, language),
  };
  return render(
    <MemoryRouter initialEntries={[path ?? `/${language}`]}>
      <LanguageContext value={languageApi}>
        <IntlProvider locale={language} messages={messagesFor(language)}>
          <ToastProvider>
            <MembershipContext value={membership}>{ui}</MembershipContext>
          </ToastProvider>
        </IntlProvider>
      </LanguageContext>
    </MemoryRouter>,
  );
}

/** As renderWithApp, inside a fresh query cache that does not retry, as the dashboard's screens need. */
export function renderWithQueries(ui: ReactNode, options: Parameters<typeof renderWithApp>[1] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithApp(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, options);
}

/** A fetch that answers like the API; returns the mock to inspect calls. */
export function mockFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; body: unknown; headers: Headers }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) });
    return respond(url, init);
  }) as typeof fetch;
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Any part of an answer: a fake gives what the screen reads, and a field it names must be the route's. */
type Part<T> = T extends readonly (infer U)[] ? Part<U>[] : T extends object ? { [K in keyof T]?: Part<T[K]> } : T;

/**
 * A fake's answer of a route, typed by what the route answers (`route` is the typed client's
 * method, e.g. `api.dashboard.salon.$get`): renaming a field of the contract fails the fakes
 * that name it.
 */
export const reply = <Route extends (...args: never[]) => Promise<Response>>(_route: Route, body: Part<InferResponseType<Route>>, status = 200) =>
  json(status, body);

/** A fake's refusal, shaped as every refusal of the API. */
export const refusal = (status: number, body: ErrorBody) => json(status, body);
