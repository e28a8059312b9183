import { useSyncExternalStore } from "react";
import type { AuthUser } from "../../../contract/auth.ts";

// The spec's storage: the access token for this tab only, the user across visits.
const TOKEN_KEY = "accessToken";
const USER_KEY = "user";

export interface SessionUser {
  email: string;
  isActive: boolean;
}

export interface Session {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isEmailVerified: boolean;
}

// One object for "nobody": a signed-out visitor's store then equals the prerendered page's and
// hydration needs no second, synchronous pass.
const SIGNED_OUT: Session = { user: null, isAuthenticated: false, isEmailVerified: false };

const listeners = new Set<() => void>();
const forgetters = new Set<() => void>();
let snapshot: Session = read();

function read(): Session {
  let user: SessionUser | null = null;
  try {
    const stored = JSON.parse(localStorage.getItem(USER_KEY) ?? "null") as SessionUser | null;
    if (stored && typeof stored.email === "string") user = { email: stored.email.toLowerCase(), isActive: stored.isActive !== false };
  } catch {
    /* a damaged entry counts as signed out */
  }
  // The user stays known across visits; the refresh cookie renews the tab's token on demand.
  return user ? { user, isAuthenticated: true, isEmailVerified: true } : SIGNED_OUT;
}

function publish() {
  const before = snapshot.user?.email;
  snapshot = read();
  if (snapshot.user?.email !== before) for (const forget of forgetters) forget();
  for (const listener of listeners) listener();
}

/**
 * Runs `forget` whenever the person signed in changes: sign-out, a failed refresh, sign-out
 * in another tab, someone else signing in. What was loaded for one owner is never shown
 * to the next.
 */
export function forgetOnSignOut(forget: () => void) {
  forgetters.add(forget);
}

export const getAccessToken = () => sessionStorage.getItem(TOKEN_KEY);

export function startSession(accessToken: string, user: AuthUser) {
  sessionStorage.setItem(TOKEN_KEY, accessToken);
  localStorage.setItem(USER_KEY, JSON.stringify({ email: user.email.toLowerCase(), isActive: user.is_active }));
  publish();
}

export function renewAccessToken(accessToken: string) {
  sessionStorage.setItem(TOKEN_KEY, accessToken);
}

export function endSession() {
  sessionStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  publish();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Signing out in another tab signs out this one too.
  const onStorage = (event: StorageEvent) => event.key === USER_KEY && publish();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Prerendered pages are the signed-out ones; a stored session takes over right after hydration. */
export const useSession = (): Session => useSyncExternalStore(subscribe, () => snapshot, () => SIGNED_OUT);

/**
 * A new tab knows the user but has no access token yet: renew it from the refresh cookie
 * once at start, and sign out when that cookie is gone or revoked.
 */
export async function resumeSession(refresh: () => Promise<boolean>) {
  if (!snapshot.user || getAccessToken()) return;
  if (!(await refresh())) endSession();
}
