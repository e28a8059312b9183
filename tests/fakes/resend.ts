import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProviderFailure, ReceivedMail } from "./messaging-controls.ts";

export type { ReceivedMail } from "./messaging-controls.ts";

/** How long Resend answers an idempotency key with its first answer. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const resendError = (statusCode: number, name: string, message: string) => ({ statusCode, name, message });

const SERVER_ERRORS: Record<ProviderFailure["status"], ReturnType<typeof resendError>> = {
  429: resendError(429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second. See rate limit response headers for more information."),
  500: resendError(500, "internal_server_error", "An unexpected error occurred."),
  503: resendError(503, "application_error", "An unexpected error occurred."),
};

/** JSON with its keys sorted, so the same payload compares equal however its keys were ordered. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );

const addresses = (to: string | string[]) => (Array.isArray(to) ? to : [to]);

/**
 * A stand-in for Resend's HTTP API (POST /emails) on loopback. Mail to an address that
 * contains "bounce" is refused the way Resend refuses it (422). An Idempotency-Key is
 * honoured as Resend does: within 24 hours the same key with the same payload answers the
 * first answer again and sends nothing; with another payload, 409 invalid_idempotent_request.
 * Only an accepted mail takes up its key, so a refused one can be retried under it.
 *
 * For tests in another process: GET /__received lists the mail accepted (with the payload's
 * `headers`); POST /__failures ({status: 429 | 500 | 503, times, to?}) fails the next `times`
 * sends (to `to` only, when given) with Resend's error body.
 */
export async function startFakeResend(): Promise<{ url: string; server: Server; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const answered = new Map<string, { payload: string; status: number; answer: unknown; at: number }>();
  let failures: ProviderFailure[] = [];

  const takeFailure = (to: string[]) => {
    const failure = failures.find((candidate) => !candidate.to || to.includes(candidate.to));
    if (!failure) return undefined;
    failure.times -= 1;
    failures = failures.filter((candidate) => candidate.times > 0);
    return failure;
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/__received") return send(200, received);
    if (req.method === "POST" && req.url === "/__failures") {
      const { status, times, to } = JSON.parse(text || "{}") as Partial<ProviderFailure>;
      if (!(status === 429 || status === 500 || status === 503) || typeof times !== "number" || times < 1 || (to !== undefined && typeof to !== "string")) {
        return send(400, { error: "status is 429, 500 or 503; times a positive number; to, if given, an address" });
      }
      failures.push({ status, times, ...(to === undefined ? {} : { to }) });
      return send(200, { status, times, to: to ?? null });
    }
    if (req.method !== "POST" || req.url !== "/emails") return send(404, resendError(404, "not_found", "The requested endpoint does not exist."));
    if (!req.headers.authorization?.startsWith("Bearer re_")) {
      return send(401, resendError(401, "missing_api_key", "Missing API key in the authorization header."));
    }
    const body = JSON.parse(text) as ReceivedMail["body"];
    const failure = takeFailure(addresses(body.to));
    if (failure) return send(failure.status, SERVER_ERRORS[failure.status]);

    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    if (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > 256)) {
      return send(400, resendError(400, "invalid_idempotency_key", "The key must be between 1-256 chars."));
    }
    const payload = canonical(body);
    const earlier = idempotencyKey === undefined ? undefined : answered.get(idempotencyKey);
    if (earlier && Date.now() - earlier.at < IDEMPOTENCY_WINDOW_MS) {
      if (earlier.payload !== payload) {
        return send(409, resendError(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload. Change your idempotency key or payload."));
      }
      return send(earlier.status, earlier.answer);
    }

    if (addresses(body.to).some((address) => address.includes("bounce"))) {
      return send(422, resendError(422, "validation_error", "Invalid `to` field."));
    }
    received.push({ authorization: req.headers.authorization, idempotencyKey, body });
    const answer = { id: `fake-${received.length}` };
    if (idempotencyKey !== undefined) answered.set(idempotencyKey, { payload, status: 200, answer, at: Date.now() });
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, received };
}
