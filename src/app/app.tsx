import { matchRoutes, useRoutes } from "react-router";
import { routes, type RouteHandle } from "./router.tsx";

export function App() {
  return useRoutes(routes);
}

/** Loads the code and texts of every page a path shows, so its first render does not suspend. */
export async function preloadRoutes(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload()));
}
