import type { RequestContext } from "../../env.ts";
import { ApiError } from "./errors.ts";

/**
 * Whether the server may send to an address a salon gave (a calendar to read, a webhook to
 * call): https, to a public host. Plain http, loopback and private hosts only where the
 * environment names the host in `plainHosts`, a comma list (a test's or a developer's loopback
 * server), since such an address either carries a secret in the clear or points into the
 * network the server runs in.
 */
export type AddressVerdict = "ok" | "invalid" | "insecure" | "private";

export function outboundAddress(url: string, plainHosts: string | undefined): AddressVerdict {
  if (!URL.canParse(url)) return "invalid";
  const { protocol, hostname } = new URL(url);
  if (protocol !== "https:" && protocol !== "http:") return "invalid";
  const allowed = (plainHosts ?? "").split(",").map((host) => host.trim()).filter(Boolean);
  if (allowed.includes(hostname)) return "ok";
  if (protocol === "http:") return "insecure";
  return isPrivateHost(hostname) ? "private" : "ok";
}

/** localhost and the IP literals of loopback, private, link-local and unspecified addresses. */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)?.slice(1).map(Number);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (!host.includes(":")) return false;
  // IPv6: unspecified, loopback, unique local (fc00::/7), link-local (fe80::/10), and IPv4 mapped into it.
  if (host === "::" || host === "::1") return true;
  if (/^f[cd]/.test(host) || /^fe[89ab]/.test(host)) return true;
  const mapped = /^::ffff:(.+)$/.exec(host)?.[1];
  return mapped !== undefined && (mapped.includes(".") ? isPrivateHost(mapped) : true);
}

/**
 * Refuses, at the request's `url` field and in its language, an address the server must not
 * send to; `messages` names why for each verdict in the words of the feature asking.
 */
export function requireOutboundAddress(c: Pick<RequestContext, "var">, url: string, plainHosts: string | undefined, messages: Record<Exclude<AddressVerdict, "ok">, string>): void {
  const verdict = outboundAddress(url, plainHosts);
  if (verdict === "ok") return;
  const detail = c.var.t(messages[verdict]);
  throw new ApiError(422, { detail, code: "validation_error", fields: { url: detail } });
}
