import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What one address of the server answers. */
export interface ServedCalendar {
  body: string;
  status?: number;
  contentType?: string;
  /** Answer without a Content-Length, in pieces, as a server streaming a large file does. */
  chunked?: boolean;
}

/**
 * A server of calendar files on loopback, as Google, Apple and Outlook serve secret iCal
 * addresses: GET /<name>.ics answers the file set for it with an ETag and a Last-Modified,
 * and 304 when asked back with the ETag it has.
 *
 * For tests in another process: PUT /__calendars/<name> with a ServedCalendar (JSON) sets what
 * an address answers; GET /__requests/<name> lists the conditional headers of each request it had.
 */
export async function startCalendarFiles(): Promise<{ url: string; close: () => Promise<void> }> {
  const served = new Map<string, ServedCalendar & { etag: string; modified: string }>();
  const requests = new Map<string, { ifNoneMatch: string | null; ifModifiedSince: string | null }[]>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const control = /^\/__calendars\/([\w-]+)$/.exec(path);
    if (req.method === "PUT" && control) {
      const calendar = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ServedCalendar;
      served.set(control[1]!, { ...calendar, etag: `"${createHash("sha1").update(calendar.body).digest("hex")}"`, modified: new Date().toUTCString() });
      return res.writeHead(204).end();
    }
    const asked = /^\/__requests\/([\w-]+)$/.exec(path);
    if (req.method === "GET" && asked) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(requests.get(asked[1]!) ?? []));
    }
    const file = /^\/([\w-]+)\.ics$/.exec(path);
    const calendar = file && served.get(file[1]!);
    if (req.method !== "GET" || !file || !calendar) return res.writeHead(404).end("Not found");
    const ifNoneMatch = req.headers["if-none-match"] ?? null;
    requests.set(file[1]!, [...(requests.get(file[1]!) ?? []), { ifNoneMatch, ifModifiedSince: req.headers["if-modified-since"] ?? null }]);
    if (ifNoneMatch === calendar.etag) return res.writeHead(304, { etag: calendar.etag }).end();
    const headers = { "content-type": calendar.contentType ?? "text/calendar; charset=utf-8", etag: calendar.etag, "last-modified": calendar.modified };
    if (!calendar.chunked) {
      res.writeHead(calendar.status ?? 200, { ...headers, "content-length": Buffer.byteLength(calendar.body) });
      return res.end(calendar.body);
    }
    res.writeHead(calendar.status ?? 200, headers);
    for (let at = 0; at < calendar.body.length; at += 64_000) res.write(calendar.body.slice(at, at + 64_000));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
