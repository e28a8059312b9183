import type { MiddlewareHandler } from "hono";
import { isBookingPage } from "../site/booking-page.ts";

/**
 * The browser's rules for everything this Worker answers, pages and assets included: code
 * only from this origin, connections only back to it (the calls' sockets too), never inside
 * another site's frame, and the microphone for this origin alone. A salon's booking page is
 * the one exception to the frame rule: salons embed it in their own sites.
 */
function securityHeaders(url: URL): [string, string][] {
  const embeddable = isBookingPage(url.pathname);
  const socketOrigin = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    // React and the calendar set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${embeddable ? "*" : "'none'"}`,
  ];
  return [
    ["Content-Security-Policy", policy.join("; ")],
    ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
    ["X-Content-Type-Options", "nosniff"],
    ...(embeddable ? [] : [["X-Frame-Options", "DENY"] as [string, string]]),
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "microphone=(self), camera=(), geolocation=(), payment=(), usb=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
}

/** Sets the security headers on every answer but a socket's upgrade. */
export const secured: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  // Answers fetched from the assets or a Durable Object have read-only headers.
  const response = new Response(c.res.body, c.res);
  for (const [name, value] of securityHeaders(new URL(c.req.url))) response.headers.set(name, value);
  c.res = response;
};
