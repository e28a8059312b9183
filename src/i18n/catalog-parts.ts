/**
 * The flat catalogs are shipped in parts, so the first page downloads only the texts it
 * can show: the blog's articles and the signed-in screens load with their routes.
 * A message belongs to the first part whose prefix it starts with, else to "core".
 */
export const CATALOG_PARTS = {
  blog: ["blog."],
  dashboard: ["dashboard.", "salonSettings.", "stylists.", "services.", "calendar.", "appointments.", "assistants.", "phoneNumbers.", "calls.", "clients.", "clientMessages.", "waitlist.screen.", "outreach.", "team."],
  /** The pages a salon's clients open from their messages. */
  visit: ["visit."],
  /** The salon's public booking page, which loads this part alone. */
  booking: ["booking."],
} as const;

export type CatalogPart = "core" | keyof typeof CATALOG_PARTS;

export function partOf(id: string): CatalogPart {
  for (const [part, prefixes] of Object.entries(CATALOG_PARTS)) {
    if (prefixes.some((prefix) => id.startsWith(prefix))) return part as CatalogPart;
  }
  return "core";
}
