import { canUse, type Area, type SalonMembership } from "../../../contract/team.ts";

/** The dashboard's screens in the sidebar's order, each with the part of the dashboard it belongs to. */
const SECTIONS = [
  { path: "assistant", area: "assistants" },
  { path: "phone-numbers", area: "numbers" },
  { path: "calls", area: "calls" },
  { path: "calendar", area: "calendar" },
  { path: "clients", area: "clients" },
  { path: "waitlist", area: "waitlist" },
  // A person's own hours: only someone who is one of the salon's stylists has them.
  { path: "my-hours", area: "schedule" },
] as const satisfies readonly { path: string; area: Area }[];

export type Section = (typeof SECTIONS)[number]["path"];

const allowed = (membership: SalonMembership, section: (typeof SECTIONS)[number]) =>
  canUse(membership.role, section.area) && (section.path !== "my-hours" || membership.stylist_id !== null);

/** The screens the person's role has, in the sidebar's order. */
export const sectionsFor = (membership: SalonMembership): Section[] =>
  SECTIONS.filter((section) => allowed(membership, section)).map((section) => section.path);

/**
 * Where the dashboard opens: the sidebar's first screen for those who set the salon up (the
 * assistant), the calendar for the people who work from it.
 */
export function landingFor(membership: SalonMembership): Section | undefined {
  const sections = sectionsFor(membership);
  return canUse(membership.role, "settings") ? sections[0] : (sections.find((section) => section === "calendar") ?? sections[0]);
}

/** Whether a screen of the dashboard is closed to the person's role; an address naming no screen is the not-found page's business. */
export const closedSection = (membership: SalonMembership, path: string) =>
  SECTIONS.some((section) => section.path === path && !allowed(membership, section));
