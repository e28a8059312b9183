import { Navigate, useLocation } from "react-router";
import { initialLanguage, localizePath } from "../i18n/language.ts";

/** Old unprefixed addresses move to the same page in the visitor's language, query kept. */
export function LegacyRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate replace to={localizePath(pathname, initialLanguage(pathname)) + search + hash} />;
}

/** A page of the visitor's language, optionally with a query that opens a modal there; the
 * incoming query is kept (e.g. /login?next=… keeps where to go after logging in). */
export function LocalizedRedirect({ to, query = "" }: { to: string; query?: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
  const target = localizePath(to, initialLanguage(pathname));
  return <Navigate replace to={params.size ? `${target}?${params}` : target} />;
}
