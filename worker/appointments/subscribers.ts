import { confirmations } from "../clients/messaging/confirmations.ts";
import { freedTimeOffers } from "../clients/outreach/engine.ts";
import { webhookEvents } from "../salon/webhooks/appointment-events.ts";
import type { ChangeSubscriber } from "./change-events.ts";

/**
 * Everything that follows from a booking, a move or a cancellation, in the order it is
 * written: the salon's webhooks hear of it, the client is told, and the time it freed is
 * offered to those waiting (its offers go out with the confirmation).
 */
export const CHANGE_SUBSCRIBERS: readonly ChangeSubscriber[] = [webhookEvents, confirmations, freedTimeOffers];
