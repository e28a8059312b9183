/** The public navigation, shared by the desktop bar and the mobile menu. */
export type NavItem =
  | { kind: "route"; id: string; path: string; match: (localPath: string) => boolean }
  | { kind: "section"; id: string; section: string };

export const NAV_ITEMS: NavItem[] = [
  { kind: "route", id: "home", path: "/", match: (p) => p === "/" },
  { kind: "section", id: "useCases", section: "use-cases" },
  { kind: "section", id: "features", section: "features" },
  { kind: "section", id: "pricing", section: "pricing" },
  { kind: "section", id: "integrations", section: "integrations" },
  { kind: "route", id: "blog", path: "/blog", match: (p) => p.startsWith("/blog") },
  { kind: "route", id: "dashboard", path: "/dashboard", match: (p) => p.startsWith("/dashboard") },
];
