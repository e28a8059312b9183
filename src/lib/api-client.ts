import { hc } from "hono/client";
import type { SALON_HEADER } from "../../contract/team.ts";
import type { App } from "../../worker/app.ts";
import { requestLanguage } from "../i18n/request-language.ts";
import { currentSalonId, salonLost } from "./auth/current-salon.ts";
import { endSession, getAccessToken, renewAccessToken } from "./auth/session.ts";
import { read } from "./api-answer.ts";

// Reading answers is shared with the pages that need no session (the booking page).
export { ApiRequestError, errorDetail, read, refusedFields } from "./api-answer.ts";

// The contract's name, checked by its type: importing the module itself would bring zod into every public page.
const SALON: typeof SALON_HEADER = "X-Salon-Id";

function send(url: RequestInfo | URL, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  headers.set("Accept-Language", requestLanguage());
  // A salon made on first use takes the owner's time zone.
  headers.set("X-Time-Zone", Intl.DateTimeFormat().resolvedOptions().timeZone);
  // Read on every request, so a retry after a refresh carries the renewed token.
  const token = getAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const salonId = currentSalonId();
  if (salonId) headers.set(SALON, salonId);
  return fetch(url, { ...init, headers, credentials: "same-origin" });
}

/** A refusal because the person no longer belongs to the salon the request named. */
async function leftSalon(response: Response) {
  if (response.status !== 403 || !currentSalonId()) return false;
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  return body?.code === "not_member";
}

/**
 * Sends a request in the interface language, with the access token and the current salon. A
 * 401 triggers one silent refresh and one retry; when the refresh fails the user is signed
 * out. A salon the person was removed from is given up for another. Network failures reject
 * with a TypeError.
 */
async function sendSignedIn(url: RequestInfo | URL, init?: RequestInit) {
  const response = await send(url, init);
  if (await leftSalon(response)) salonLost();
  if (response.status !== 401 || String(url).startsWith("/api/auth/")) return response;
  if (!(await refreshAccessToken())) {
    endSession();
    return response;
  }
  return send(url, init);
}

/**
 * The product's API under /api, typed by the Worker's routes, so a renamed route or field
 * fails the type check where the SPA uses it. Answers are read with `read`.
 */
export const api = hc<App>("/", { fetch: sendSignedIn }).api;

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the access token with the refresh cookie. Concurrent 401s share one refresh, so a
 * rotated cookie is never presented twice (which the server treats as theft).
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= read(api.auth.refresh.$post())
    .then(({ access_token }) => {
      renewAccessToken(access_token);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
