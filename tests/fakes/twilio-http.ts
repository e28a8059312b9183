import { randomBytes } from "node:crypto";
import twilio from "twilio";
import type { SignedWebhook } from "./messaging-controls.ts";

/** What the fakes of Twilio share: its error body, sids, dates and the signed webhooks it posts. */

export const API_VERSION = "2010-04-01";
const WEBHOOK_TIMEOUT_MS = 5_000;

export const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export const sid = (prefix: string) => prefix + randomBytes(16).toString("hex");

/** RFC 2822 with a numeric zone, as Twilio writes the dates of a Message: "Thu, 26 Nov 2026 08:15:02 +0000". */
export const twilioDate = (date: Date) => date.toUTCString().replace("GMT", "+0000");

/** Signs a form as Twilio does, without posting it. */
export const signedWebhook = (authToken: string, url: string, params: Record<string, string>): SignedWebhook => ({
  url,
  params,
  signature: twilio.getExpectedTwilioSignature(authToken, url, params),
  answered: null,
  answer: null,
});

/**
 * Posts a form the way Twilio posts its webhooks and status callbacks. A URL that does not
 * answer is no failure: Twilio shrugs it off, and so does the fake. Stopping the fake aborts it.
 */
export async function postSigned(authToken: string, url: string, params: Record<string, string>, stopping: AbortSignal): Promise<SignedWebhook> {
  const webhook = signedWebhook(authToken, url, params);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": webhook.signature },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.any([stopping, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
    });
    return { ...webhook, answered: response.status, answer: await response.text() };
  } catch (error) {
    if (stopping.aborted) throw error;
    return webhook;
  }
}

/** A list answer's paging fields, as Twilio sends them next to the records of page `number`. */
export function page(path: string, query: URLSearchParams, pageSize: number, count: number, number = 0, more = false) {
  const uri = `${path}?${query.toString()}`;
  const numbered = (wanted: number) => {
    const paged = new URLSearchParams(query);
    paged.set("Page", String(wanted));
    return `${path}?${paged.toString()}`;
  };
  const start = number * pageSize;
  return {
    uri,
    first_page_uri: number === 0 ? uri : numbered(0),
    next_page_uri: more ? numbered(number + 1) : null,
    previous_page_uri: number > 0 ? numbered(number - 1) : null,
    page: number,
    page_size: pageSize,
    start,
    end: start + Math.max(count - 1, 0),
  };
}
