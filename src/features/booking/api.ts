import { QueryClient } from "@tanstack/react-query";
import type { BookingConfirmation, BookingPageView, BookingRequestInput, BookingTimes } from "../../../contract/booking-page.ts";
import type { ErrorBody } from "../../../contract/errors.ts";
import type { Language } from "../../../contract/languages.ts";
import { ApiRequestError } from "../../lib/api-answer.ts";

/** A refusal is the answer (no such page, a time taken): asking again changes nothing. */
const retryUnlessRefused = (failures: number, error: unknown) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2;

/** The booking page's cache, its own. */
export const bookingQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, staleTime: 60_000 } } });

/** What the page asks for free times: the services chosen, one stylist or anyone, from a day on. */
export interface TimesQuery {
  services: string[];
  stylist: string | null;
  from: string;
  days: number;
}

async function call<T>(path: string, language: Language, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  headers.set("Accept-Language", language);
  const response = await fetch(`/api/book/${path}`, { ...init, headers });
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiRequestError(response.status, error.detail, error.fields, error.code);
  }
  return data as T;
}

export const loadPage = (slug: string, language: Language, signal?: AbortSignal) =>
  call<BookingPageView>(encodeURIComponent(slug), language, { signal });

export function loadTimes(slug: string, language: Language, { services, stylist, from, days }: TimesQuery, signal?: AbortSignal) {
  const query = new URLSearchParams({ services: services.join(","), from, days: String(days) });
  if (stylist) query.set("stylist", stylist);
  return call<BookingTimes>(`${encodeURIComponent(slug)}/times?${query}`, language, { signal });
}

export const sendBooking = (slug: string, language: Language, body: BookingRequestInput) =>
  call<BookingConfirmation>(`${encodeURIComponent(slug)}/bookings`, language, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
