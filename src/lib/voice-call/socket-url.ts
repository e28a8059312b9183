/** The call socket's address on this page's host, ws: or wss: following the page, with a test call's ticket. */
export function callSocketUrl(assistantId: string, ticket?: string, page: Pick<Location, "protocol" | "host"> = window.location): string {
  const query = ticket === undefined ? "" : `?ticket=${encodeURIComponent(ticket)}`;
  return `${page.protocol === "https:" ? "wss:" : "ws:"}//${page.host}/api/browser-ai/${encodeURIComponent(assistantId)}${query}`;
}
