import type { Context } from "hono";
import { NUMBER_LIMITS, type AvailableNumber, type AvailableNumbersQuery, type NumberType, type PurchaseBody } from "../../../contract/phone-numbers.ts";
import { callAssistant } from "../../data/assistants.ts";
import { DataError } from "../../data/errors.ts";
import { ensureRoomToBuy, recordPurchase } from "../../data/phone-numbers.ts";
import { ApiError } from "../../platform/http/errors.ts";
import { enforce } from "../../platform/http/rate-limit.ts";
import { inSalon, type SalonEnv } from "../../platform/http/tenant.ts";
import { buyNumber, monthlyPrices, purchaseRefusal, releaseNumber, searchAvailableNumbers } from "../telephony/twilio-numbers.ts";
import { numberWebhooks, publicOrigin } from "../telephony/webhook-urls.ts";
import { countryName, numberRequirements, requireTwilio, twilioUnavailable } from "./twilio-account.ts";
import { droppedClaimMail } from "./verification.ts";

/** Numbers offered per search. */
const OFFERED = 12;

/** Numbers Twilio offers in a country (with digits they contain), each with its monthly price. */
export async function availableNumbers(c: Context<SalonEnv>, { country, contains }: AvailableNumbersQuery): Promise<AvailableNumber[]> {
  const rest = requireTwilio(c);
  await enforce(c, { bucket: `number-search:salon:${c.var.salon.salonId}`, max: NUMBER_LIMITS.searchesPerHour, windowSeconds: 3600 });
  try {
    const [offered, prices] = await Promise.all([
      searchAvailableNumbers(rest, { country, contains: contains ?? undefined, limit: OFFERED }),
      // A number without its price is still worth showing.
      monthlyPrices(rest, country).catch((error: unknown) => {
        console.warn(`number prices of ${country} could not be read`, error);
        return undefined;
      }),
    ]);
    return offered.map((number) => ({
      phone_number: number.phoneNumber,
      type: number.type,
      locality: number.locality,
      region: number.region,
      monthly_price: prices?.prices[number.type as NumberType] ?? null,
      price_unit: prices?.unit ?? null,
    }));
  } catch (error) {
    console.warn(`available numbers of ${country} could not be read`, error);
    throw twilioUnavailable(c);
  }
}

const REFUSALS = {
  address: { status: 422, message: "phoneNumber.purchase.needsAddress", code: "address_required" },
  bundle: { status: 422, message: "phoneNumber.purchase.needsBundle", code: "bundle_required" },
  unavailable: { status: 409, message: "phoneNumber.purchase.unavailable", code: "number_unavailable" },
  not_permitted: { status: 422, message: "phoneNumber.purchase.notPermitted", code: "not_permitted" },
} as const;

/**
 * Buys one of the numbers just offered, with this deployment's webhooks, and records it as the
 * salon's. Everything that can be checked is checked before Twilio is paid; when recording
 * fails after all, the number is released again, so no number is bought without its row.
 */
export async function purchaseNumber(c: Context<SalonEnv>, body: PurchaseBody) {
  const rest = requireTwilio(c);
  await enforce(c, { bucket: `number-purchase:salon:${c.var.salon.salonId}`, max: NUMBER_LIMITS.purchasesPerDay, windowSeconds: 24 * 3600 });
  await inSalon(c, async (scope) => {
    await ensureRoomToBuy(scope, NUMBER_LIMITS.boughtPerSalon);
    if (body.assistant_config_id && !(await callAssistant(scope, body.assistant_config_id))) {
      throw new DataError("invalid", "validation.phoneNumber.assistant", { field: "assistant_config_id" });
    }
  });

  const requirements = numberRequirements(c, body.country);
  let bought;
  try {
    bought = await buyNumber(rest, {
      phoneNumber: body.phone_number,
      ...numberWebhooks(publicOrigin(c)),
      friendlyName: body.phone_name ?? `Recepta ${c.var.salon.salonId}`,
      addressSid: requirements.address_sid,
      bundleSid: requirements.bundle_sid,
    });
  } catch (error) {
    const refusal = purchaseRefusal(error);
    if (!refusal) {
      console.warn(`buying ${body.phone_number} failed`, error);
      throw twilioUnavailable(c);
    }
    const { status, message, code } = REFUSALS[refusal];
    throw new ApiError(status, { detail: c.var.t(message, { country: countryName(c, body.country) }), code });
  }

  try {
    const row = { phone_number: bought.phoneNumber, phone_name: body.phone_name, assistant_config_id: body.assistant_config_id, twilio_sid: bought.sid };
    return await inSalon(c, (scope) => recordPurchase(scope, row, NUMBER_LIMITS.boughtPerSalon, droppedClaimMail(c)));
  } catch (error) {
    await releaseNumber(rest, bought.sid).catch((releaseError: unknown) =>
      console.error(`number ${bought.sid} was bought but neither recorded nor released: release it in Twilio`, releaseError),
    );
    throw error;
  }
}
