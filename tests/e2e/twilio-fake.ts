import { inject } from "vitest";
import type { CallOutcome, FakeNumber, InventoryNumber, PlacedCall } from "../fakes/twilio-rest.ts";

/**
 * The fake Twilio the server under test talks to, through its control endpoints: what it was
 * asked to do (numbers bought, calls placed), and what it should offer or how calls should end.
 */
const rest = () => inject("twilioRestUrl");

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${rest()}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Numbers bought through the fake and not released, with the webhooks they were bought with. */
export const boughtNumbers = () => control<FakeNumber[]>("/__numbers");

/** Puts a number up for sale. */
export const offerNumber = (number: { country: string; type: InventoryNumber["type"]; phone_number: string; locality?: string; region?: string; requirement?: "bundle" | "address" }) =>
  control<InventoryNumber>("/__inventory", number);

/** How calls placed to `to` end from now on. */
export const setCallOutcome = (to: string, outcome: CallOutcome) => control("/__call-outcome", { to, outcome });

/** The code the newest verification call to `to` spoke: its TwiML says it digit by digit ("4, 8, 2, 9, 1, 3"). */
export async function spokenCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const call = (await control<PlacedCall[]>("/__placed-calls")).filter((placed) => placed.to === to).at(-1);
    const digits = call?.twiml && /\d(?:, \d){5}/.exec(call.twiml);
    if (digits) return digits[0].replaceAll(", ", "");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification call to ${to} was placed`);
}

/** A number of the Czech plan nobody else uses in this run: +420 77x xxx xxx (mobile) or +420 2xx xxx xxx (Prague). */
export const uniqueCzechNumber = (prefix: "77" | "2") => `+420${prefix}${String(Math.floor(Math.random() * 10 ** (9 - prefix.length))).padStart(9 - prefix.length, "0")}`;
