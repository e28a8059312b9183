import { Navigate, useLocation } from "react-router";
import { initialLanguage, localizePath } from "../i18n/language.ts";

/** Old unprefixed addresses move to the same page in the visitor's language, query kept. */
export function LegacyRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate replace to={localizePath(pathname, initialLanguage(pathname)) + search + hash} />;
}

/** A page of the visitor's language, optionally with a query that opens a modal there. */
export function LocalizedRedirect({ to, query }: { to: string; query?: string }) {
  const { pathname } = useLocation();
  const target = localizePath(to, initialLanguage(pathname));
  return <Navigate replace to={query ? `${target}?${query}` : target} />;
}
