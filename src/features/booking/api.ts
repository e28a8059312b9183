import { QueryClient } from "@tanstack/react-query";
import { hc, type InferRequestType } from "hono/client";
import type { Language } from "../../../contract/languages.ts";
import type { App } from "../../../worker/app.ts";
import { ApiRequestError, read } from "../../lib/api-answer.ts";

/** A refusal is the answer (no such page, a time taken): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2;

/** The booking page's cache, its own. */
export const bookingQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, staleTime: 60_000 } } });

/**
 * `/api/book/:slug`, typed by the Worker's routes like the site's client (lib/api-client.ts),
 * without its session: the page is for anyone. Answers and refusals come in the page's language.
 */
const bookingPage = (language: Language) =>
  hc<App>("/", { headers: { Accept: "application/json", "Accept-Language": language } }).api.book[":slug"];

/** What the page asks for free times: the services chosen, one stylist or anyone, from a day on. */
export interface TimesQuery {
  services: string[];
  stylist: string | null;
  from: string;
  days: number;
}

export const loadPage = (slug: string, language: Language, signal?: AbortSignal) =>
  read(bookingPage(language).$get({ param: { slug } }, { init: { signal } }));

export const loadTimes = (slug: string, language: Language, { services, stylist, from, days }: TimesQuery, signal?: AbortSignal) =>
  read(
    bookingPage(language).times.$get(
      { param: { slug }, query: { services: services.join(","), from, days: String(days), ...(stylist ? { stylist } : {}) } },
      { init: { signal } },
    ),
  );

/** A booking as the route takes it. */
export type BookingBody = InferRequestType<ReturnType<typeof bookingPage>["bookings"]["$post"]>["json"];

export const sendBooking = (slug: string, language: Language, json: BookingBody) => read(bookingPage(language).bookings.$post({ param: { slug }, json }));

/** A wish for the waitlist as the route takes it. */
export type WaitlistBody = InferRequestType<ReturnType<typeof bookingPage>["waitlist"]["$post"]>["json"];

export const joinWaitlist = (slug: string, language: Language, json: WaitlistBody) => read(bookingPage(language).waitlist.$post({ param: { slug }, json }));
