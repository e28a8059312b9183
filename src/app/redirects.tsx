import { Navigate, useLocation } from "react-router";
import { useLanguage } from "../i18n/language-context.ts";

/** Old unprefixed addresses move to the same page in the current language, query kept. */
export function LegacyRedirect() {
  const { pathname, search, hash } = useLocation();
  const { localPath } = useLanguage();
  return <Navigate replace to={localPath(pathname) + search + hash} />;
}

/** A page of the current language, optionally with a query that opens a modal there; the
 * incoming query is kept (e.g. /login?next=… keeps where to go after logging in). */
export function LocalizedRedirect({ to, query = "" }: { to: string; query?: string }) {
  const { search } = useLocation();
  const { localPath } = useLanguage();
  const params = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
  const target = localPath(to);
  return <Navigate replace to={params.size ? `${target}?${params}` : target} />;
}
