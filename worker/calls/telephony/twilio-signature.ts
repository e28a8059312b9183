/**
 * Twilio's request signature, `X-Twilio-Signature`: base64 of HMAC-SHA1, keyed with the
 * account's auth token, over the full URL Twilio requested followed, for form posts, by every
 * POST parameter sorted by name, each as name + value. It is checked the way Twilio's own
 * library checks it (`validateRequest` of the `twilio` npm package): the URL as received with
 * and without its default port, then as `new URL()` normalises it, then with its query string
 * re-encoded as Node's legacy `querystring` did. WebCrypto only, so it runs in workerd and Node.
 */

/** Form parameters: a name given more than once carries all its values. */
export type TwilioParams = Readonly<Record<string, string | readonly string[]>>;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(authToken: string): Promise<CryptoKey> {
  let key = keys.get(authToken);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
    if (keys.size > 8) keys.clear();
    keys.set(authToken, key);
  }
  return key;
}

/** The string Twilio signs: the URL, then each parameter's name and value in name order. */
function signedText(url: string, params: TwilioParams): string {
  let text = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    if (typeof value === "string") text += name + value;
    // Repeated names: each distinct value once, in order, as Twilio's library does.
    else for (const one of [...new Set(value)].sort()) text += name + one;
  }
  return text;
}

/** The signature Twilio would send for this URL and these parameters. */
export async function twilioSignature(authToken: string, url: string, params: TwilioParams = {}): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(authToken), encoder.encode(signedText(url, params)));
  let binary = "";
  for (const byte of new Uint8Array(mac)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares in time that depends only on the lengths, never on where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Whether `signature` (the X-Twilio-Signature header) is Twilio's for a request to `url`
 * with these form parameters (none for a GET or a WebSocket handshake).
 */
export async function isValidTwilioSignature(
  authToken: string,
  signature: string | null | undefined,
  url: string,
  params: TwilioParams = {},
): Promise<boolean> {
  if (!authToken || !signature) return false;
  for (const candidate of candidateUrls(url)) {
    if (sameText(signature, await twilioSignature(authToken, candidate, params))) return true;
  }
  return false;
}

/** A form body's parameters, with every value of a name given more than once. */
export function formParams(form: URLSearchParams): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    params[name] = values.length === 1 ? values[0]! : values;
  }
  return params;
}

// ---------------------------------------------------------------------------------------
// The URL forms Twilio's library tries, in its order

function candidateUrls(url: string): string[] {
  const candidates = [removePort(url), addPort(url)];
  let normalized: string;
  try {
    normalized = new URL(url).toString();
  } catch {
    return candidates;
  }
  const withoutPort = removePort(normalized);
  const withPort = addPort(normalized);
  candidates.push(withoutPort, withPort);
  for (const form of [withoutPort, withPort]) {
    const legacy = withLegacyQuerystring(form);
    if (legacy !== undefined) candidates.push(legacy);
  }
  return [...new Set(candidates)];
}

/** The URL's parts, without normalising anything (so the characters Twilio signed stay). */
function splitUrl(url: string) {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(url);
  if (!match) return undefined;
  const [prefix, scheme, authority] = match as unknown as [string, string, string];
  const userInfoEnd = authority.lastIndexOf("@");
  const hostAndPort = authority.slice(userInfoEnd + 1);
  // In an IPv6 literal the port's colon comes after the closing bracket.
  const portStart = hostAndPort.indexOf(":", hostAndPort.lastIndexOf("]") + 1);
  return {
    scheme,
    userInfo: authority.slice(0, userInfoEnd + 1),
    host: portStart === -1 ? hostAndPort : hostAndPort.slice(0, portStart),
    port: portStart === -1 ? "" : hostAndPort.slice(portStart),
    rest: url.slice(prefix.length),
  };
}

/** The URL with its scheme's default port written out, unless it names a port already. */
export function addPort(url: string): string {
  const parts = splitUrl(url);
  if (!parts || parts.port) return url;
  const port = parts.scheme.toLowerCase() === "https://" ? ":443" : ":80";
  return parts.scheme + parts.userInfo + parts.host + port + parts.rest;
}

/** The URL without any port. */
export function removePort(url: string): string {
  const parts = splitUrl(url);
  return parts ? parts.scheme + parts.userInfo + parts.host + parts.rest : url;
}

/**
 * The query string parsed and written again the way Node's `querystring` module does
 * (parse, then stringify), for servers that signed that form; undefined when it cannot be.
 */
function withLegacyQuerystring(url: string): string | undefined {
  const start = url.indexOf("?");
  if (start === -1 || start === url.length - 1) return url;
  try {
    // A prototype-free object orders its keys exactly as querystring.parse's result does.
    const parsed: Record<string, string | string[]> = Object.create(null);
    for (const piece of url.slice(start + 1).split("&")) {
      if (piece === "") continue;
      const equals = piece.indexOf("=");
      const name = unescapeQuery(equals === -1 ? piece : piece.slice(0, equals));
      const value = equals === -1 ? "" : unescapeQuery(piece.slice(equals + 1));
      if (name === "" && value === "") continue;
      const existing = parsed[name];
      if (existing === undefined) parsed[name] = value;
      else if (typeof existing === "string") parsed[name] = [existing, value];
      else existing.push(value);
    }
    const pairs: string[] = [];
    for (const name of Object.keys(parsed)) {
      const value = parsed[name]!;
      const prefix = encodeURIComponent(name) + "=";
      for (const one of typeof value === "string" ? [value] : value) pairs.push(prefix + encodeURIComponent(one));
    }
    return url.slice(0, start) + "?" + pairs.join("&");
  } catch {
    return undefined; // a lone surrogate cannot be encoded
  }
}

/** querystring.unescape: '+' is a space; a malformed escape is kept as it stands. */
function unescapeQuery(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < spaced.length; i++) {
      if (spaced[i] === "%" && /^[0-9a-f]{2}$/i.test(spaced.slice(i + 1, i + 3))) {
        bytes.push(parseInt(spaced.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        const code = spaced.codePointAt(i)!;
        if (code > 0xffff) i++;
        bytes.push(...encoder.encode(String.fromCodePoint(code)));
      }
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}
