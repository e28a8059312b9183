import { CALENDAR_IMPORT_LIMITS, type CalendarError } from "../../../contract/stylist-calendars.ts";

/** What reading a calendar's address came to. */
export type CalendarRead =
  | { kind: "unchanged" }
  | { kind: "read"; text: string; etag: string | null; lastModified: string | null }
  | { kind: "failed"; error: CalendarError; status?: number };

/**
 * Reads a calendar's address as calendar apps do: asking back with the copy's ETag and date
 * so an unchanged calendar is not sent again, following redirects, and giving up on an
 * answer that takes too long or is larger than a calendar of busy times can be.
 */
export async function readCalendar(url: string, known: { etag: string | null; lastModified: string | null }): Promise<CalendarRead> {
  const headers = new Headers({ Accept: "text/calendar, */*;q=0.5", "User-Agent": "Recepta calendar sync" });
  if (known.etag) headers.set("If-None-Match", known.etag);
  if (known.lastModified) headers.set("If-Modified-Since", known.lastModified);
  let response: Response;
  try {
    response = await fetch(url, { headers, redirect: "follow", signal: AbortSignal.timeout(CALENDAR_IMPORT_LIMITS.timeoutMs) });
  } catch (error) {
    return { kind: "failed", error: error instanceof DOMException && error.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  if (response.status === 304) return { kind: "unchanged" };
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return { kind: "failed", error: "http", status: response.status };
  }
  if (Number(response.headers.get("Content-Length") ?? 0) > CALENDAR_IMPORT_LIMITS.bytes) {
    await response.body.cancel();
    return { kind: "failed", error: "too_large" };
  }
  // Read in pieces, so an answer without a length stops at the limit rather than filling memory.
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > CALENDAR_IMPORT_LIMITS.bytes) {
        await reader.cancel();
        return { kind: "failed", error: "too_large" };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { kind: "failed", error: error instanceof DOMException && error.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) return { kind: "failed", error: "not_calendar" };
  return { kind: "read", text, etag: response.headers.get("ETag"), lastModified: response.headers.get("Last-Modified") };
}
