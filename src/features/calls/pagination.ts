/** A numbered page button, or a gap of hidden pages. */
export type PageItem = number | "gap-before" | "gap-after";

/** Up to this many pages, every page gets a button. */
const ALL_PAGES_UP_TO = 7;
/** Pages shown either side of the current one when some are hidden. */
const WINDOW = 2;

/**
 * The numbered buttons of the pager: every page up to 7 pages; beyond that the first, the
 * last and the pages within 2 of the current one, with a gap where pages are left out
 * (a gap of a single page shows that page instead).
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= ALL_PAGES_UP_TO) return Array.from({ length: count }, (_, index) => index + 1);
  let from = Math.max(2, current - WINDOW);
  let to = Math.min(count - 1, current + WINDOW);
  if (from === 3) from = 2;
  if (to === count - 2) to = count - 1;
  const items: PageItem[] = [1];
  if (from > 2) items.push("gap-before");
  for (let page = from; page <= to; page++) items.push(page);
  if (to < count - 1) items.push("gap-after");
  items.push(count);
  return items;
}
