import max from "libphonenumber-js/max/metadata";
import { salonFacts, type VisitFacts } from "../../../contract/client-message-texts.ts";
import { parsePhone, salonCountry } from "../../../contract/phone.ts";
import type { AttemptSkipReason, FillGapsResult, OutreachHold } from "../../../contract/outreach.ts";
import { offerText } from "../../../contract/outreach-texts.ts";
import { addDays, dayOf, dayStart, minutesOf, wallTime, weekdayIndex } from "../../../contract/time-zone.ts";
import { freeSlots, type Slot } from "../../appointments/availability/free-slots.ts";
import { afterQuietHours, clientMessaging, TEXTABLE, type ClientMessaging } from "../messaging/compose.ts";
import type { ChangeSubscriber } from "../../appointments/change-events.ts";
import { availabilityInput } from "../../data/availability.ts";
import { optedOut, queueMessages } from "../../data/client-messages.ts";
import { database, type Database } from "../../data/db.ts";
import {
  closeSlot,
  contactedSince,
  dropSlot,
  dueSlots,
  expireEntries,
  expireTexts,
  insertAttempt,
  liveOffers,
  lockSlot,
  offeredStart,
  offeredStarts,
  offersSince,
  openSlot,
  outreachRules,
  regularsDue,
  scheduleSlot,
  textedBefore,
  waitingFor,
  type Candidate,
  type FreedTime,
  type OutreachRules,
  type SlotRow,
} from "../../data/outreach.ts";
import { beforeTenant, withTenant, type Tenant, type TenantScope } from "../../data/tenant.ts";
import type { Bindings } from "../../env.ts";

/**
 * Fills freed time. A cancellation, a move or the owner's "Fill gaps" opens a slot: a stylist's
 * stretch of time. Each step of a slot (at once, then by the cron) offers it to the best
 * candidates not yet asked: clients on the waitlist who want this stylist or anyone on that
 * day and hours, in the order they joined, then (with the switch on) regulars due for their
 * usual service. A round of texts goes out first; with calls on, once a round's time to answer
 * has passed, the assistant calls the next candidate, one call at a time. The first YES books
 * the time through the same guarded storage as every booking; the slot closes when it is
 * filled, booked by anyone else, too close to offer or out of candidates.
 */

/** No offer of a time starting sooner than this: the client needs time to answer and come. */
export const LEAD_MINUTES = 60;
/** An offer's call is given this long to end before the engine stops waiting for its report. */
const CALL_WAIT_MINUTES = 15;
const MINUTE = 60_000;

/** What a step leaves to do once its transaction has committed: texts to send, calls to place. */
export interface StepWork {
  queued: string[];
  calls: string[];
  /** Clients offered the slot in this step, by text or call, sent or skipped with a reason. */
  asked: number;
  /** Clients the slot would suit who were offered this stylist at that start before, in this slot or an earlier one: not asked again. */
  offeredBefore: number;
  /** Why and until when the slot waits before anyone is asked: the salon's quiet hours or its daily cap. */
  held: { by: OutreachHold; until: Date } | null;
}
const NOTHING: StepWork = { queued: [], calls: [], asked: 0, offeredBefore: 0, held: null };

/** Where a candidate fits into the slot's free time: the first start on their days and hours. */
function fitFor(candidate: Candidate, free: Slot[], slot: SlotRow, timeZone: string): Slot | null {
  for (const option of free) {
    if (option.end > slot.end_at.getTime()) continue;
    const start = wallTime(new Date(option.start), timeZone);
    const end = wallTime(new Date(option.end), timeZone);
    const weekday = weekdayIndex(start.year, start.month, start.day) + 1;
    if (!candidate.weekdays.includes(weekday)) continue;
    const startMinute = start.hour * 60 + start.minute;
    const endMinute = end.day === start.day ? end.hour * 60 + end.minute : 24 * 60;
    if (startMinute < minutesOf(candidate.from_time) || endMinute > minutesOf(candidate.until_time)) continue;
    return option;
  }
  return null;
}

/** The free start times of the slot's stylist within it, for each duration asked. */
async function freeWithin(scope: TenantScope, slot: SlotRow, durations: number[], notBefore: Date) {
  const longest = Math.max(...durations, 5);
  const input = await availabilityInput(scope, { from: slot.start_at, to: slot.end_at, duration: longest, stylistId: slot.stylist_id, notBefore });
  return (duration: number) => (input ? freeSlots({ ...input, duration }) : []);
}

/** Why a text offer to this number cannot go, or null. */
function textBlock(phone: string, rules: OutreachRules, opted: Set<string>): { number: string; skip: AttemptSkipReason | null } {
  const parsed = parsePhone(phone, salonCountry({ country: rules.country, phone: rules.salon.phone }, max), max);
  if (!parsed?.isValid()) return { number: phone, skip: "invalid_number" };
  const number = parsed.number;
  if (!TEXTABLE.has(parsed.getType())) return { number, skip: "not_mobile" };
  if (!rules.sms_enabled) return { number, skip: "channel_off" };
  if (opted.has(number)) return { number, skip: "opted_out" };
  // A YES must reach the salon: an offer goes from one of its own numbers, never a sender name.
  if (!rules.numbers[0]) return { number, skip: "no_sender" };
  return { number, skip: null };
}

export const factsOf = (rules: OutreachRules, offer: { start: Date; stylist: string; services: string[] }): VisitFacts => ({
  ...salonFacts({ ...rules.salon, time_zone: rules.time_zone }),
  services: offer.services,
  stylist: offer.stylist,
  start: offer.start.toISOString(),
  clientName: null,
});

/**
 * One step of a slot, in the caller's transaction: close it when its time went or came too
 * near; wait while offers are out or the salon's night is quiet; else offer it to the next
 * candidates. `mayCall`: only the cron places calls (a change's request does not wait on them).
 */
export async function stepSlot(scope: TenantScope, messaging: ClientMessaging | null, slotId: string, mayCall: boolean, now = new Date()): Promise<StepWork> {
  const slot = await lockSlot(scope, slotId);
  if (!slot || slot.status !== "open") return NOTHING;
  const rules = await outreachRules(scope);
  if (!rules.settings.enabled || !messaging) {
    await closeSlot(scope, slot.id, "stopped");
    return NOTHING;
  }
  const notBefore = new Date(now.getTime() + LEAD_MINUTES * MINUTE);
  if (slot.end_at <= notBefore) {
    await closeSlot(scope, slot.id, "expired");
    return NOTHING;
  }
  await expireTexts(scope, slot.id, now);

  const day = dayOf(slot.start_at, rules.time_zone);
  const waiting = await waitingFor(scope, slot.id, slot.stylist_id, day);
  const regulars = rules.settings.include_regulars ? await regularsDue(scope, slot.id, slot.stylist_id, slot.start_at) : [];
  const everyone = [...waiting, ...regulars];
  const free = await freeWithin(scope, slot, [...everyone.map((c) => c.duration), 15], notBefore);
  // Nothing of the stretch is free any more, even for a short service: someone booked it.
  if (free(15).every((option) => option.end > slot.end_at.getTime())) {
    await closeSlot(scope, slot.id, "taken");
    return NOTHING;
  }

  const live = await liveOffers(scope, slot.id);
  if (live.length > 0) {
    const soonest = Math.min(...live.map((o) => o.expires_at.getTime()));
    await scheduleSlot(scope, slot.id, new Date(Math.max(soonest, now.getTime() + MINUTE)));
    return NOTHING;
  }
  const quietEnds = afterQuietHours(now, rules.time_zone, rules);
  if (quietEnds > now) {
    await scheduleSlot(scope, slot.id, quietEnds);
    return { ...NOTHING, held: { by: "quiet_hours", until: quietEnds } };
  }
  const today = dayStart(dayOf(now, rules.time_zone), rules.time_zone);
  const used = await offersSince(scope, today);
  if (used >= rules.settings.daily_cap) {
    const tomorrow = afterQuietHours(dayStart(addDays(dayOf(now, rules.time_zone), 1), rules.time_zone), rules.time_zone, rules);
    await scheduleSlot(scope, slot.id, tomorrow);
    return { ...NOTHING, held: { by: "daily_cap", until: tomorrow } };
  }

  const byCall = rules.settings.calls_enabled && (await textedBefore(scope, slot.id));
  if (byCall && !mayCall) {
    await scheduleSlot(scope, slot.id, now);
    return NOTHING;
  }
  const contacted = await contactedSince(scope, today);
  const opted = await optedOut(scope, "sms", everyone.map((c) => c.phone));
  const wanted = Math.min(byCall ? 1 : rules.settings.sms_round, rules.settings.daily_cap - used);
  const before = await offeredStarts(scope, slot.stylist_id, slot.start_at, slot.end_at);
  const work: StepWork = { queued: [], calls: [], asked: 0, offeredBefore: 0, held: null };
  let offered = 0;
  const stylistName = slot.stylist_name;
  for (const candidate of everyone) {
    if (offered >= wanted) break;
    if (contacted.has(candidate.phone) || candidate.service_ids.length === 0) continue;
    const fit = fitFor(candidate, free(candidate.duration), slot, rules.time_zone);
    if (!fit) continue;
    // A time that ended unbooked and came up again (Fill gaps pressed once more) is news to nobody it went to.
    if (before.has(offeredStart(candidate.phone, new Date(fit.start)))) {
      work.offeredBefore++;
      continue;
    }
    contacted.add(candidate.phone);
    work.asked++;
    const id = crypto.randomUUID();
    const start = new Date(fit.start);
    const end = new Date(fit.end);
    if (byCall) {
      await insertAttempt(scope, { id, slotId: slot.id, candidate, phone: candidate.phone, channel: "call", start, end, expiresAt: new Date(now.getTime() + CALL_WAIT_MINUTES * MINUTE), skip: null });
      work.calls.push(id);
      offered++;
      continue;
    }
    const { number, skip } = textBlock(candidate.phone, rules, opted);
    const expiresAt = new Date(Math.min(now.getTime() + rules.settings.answer_minutes * MINUTE, start.getTime() - LEAD_MINUTES * MINUTE));
    await insertAttempt(scope, { id, slotId: slot.id, candidate, phone: number, channel: "sms", start, end, expiresAt, skip });
    if (skip) continue;
    const services = await serviceNames(scope, candidate.service_ids);
    const queued = await queueMessages(scope, [
      {
        id: crypto.randomUUID(),
        appointmentId: null,
        attemptId: id,
        clientId: candidate.client_id,
        kind: "offer",
        channel: "sms",
        dedupeKey: id,
        language: candidate.language,
        recipient: number,
        sender: rules.numbers[0]!,
        replyTo: null,
        subject: null,
        body: offerText(factsOf(rules, { start, stylist: stylistName, services }), candidate.language),
        html: null,
        dueAt: now,
        skipReason: null,
      },
    ]);
    work.queued.push(...queued);
    offered++;
  }
  if (offered === 0) {
    await closeSlot(scope, slot.id, "exhausted");
    return work;
  }
  const wait = byCall ? CALL_WAIT_MINUTES : rules.settings.answer_minutes;
  await scheduleSlot(scope, slot.id, new Date(now.getTime() + wait * MINUTE));
  return work;
}

async function serviceNames({ sql, salonId }: TenantScope, ids: string[]): Promise<string[]> {
  const rows = await sql<{ id: string; name: string }[]>`select id, name from services where salon_id = ${salonId} and id in ${sql(ids)}`;
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return ids.flatMap((id) => names.get(id) ?? []);
}

/**
 * Time that came free: a slot is opened and its first round offered, in the change's
 * transaction (the texts go once it commits). Nothing when outreach is off, the time is too
 * near, or it is already being offered.
 */
export async function freeTime(scope: TenantScope, messaging: ClientMessaging | null, freed: FreedTime, now = new Date()): Promise<string[]> {
  if (!messaging || freed.end.getTime() <= now.getTime() + LEAD_MINUTES * MINUTE) return [];
  const rules = await outreachRules(scope);
  if (!rules.settings.enabled) return [];
  const id = await openSlot(scope, freed);
  if (!id) return [];
  return (await stepSlot(scope, messaging, id, false, now)).queued;
}

/**
 * The time a move or a cancellation frees is offered to the clients waiting for one, in the
 * change's own transaction: its offers go out with the confirmation.
 */
export const freedTimeOffers: ChangeSubscriber = async ({ scope, messaging }) => async (change) => {
  if (change.kind === "booked") return [];
  const { before } = change;
  if (!before.stylist) return [];
  if (change.kind === "changed" && before.start_datetime === change.appointment.start_datetime && before.stylist === change.appointment.stylist) return [];
  const trigger = change.kind === "changed" ? "moved" : "cancelled";
  return freeTime(scope, messaging, { stylistId: before.stylist, start: new Date(before.start_datetime), end: new Date(before.end_datetime), trigger, freedBy: before.id });
};

/**
 * The owner's "Fill gaps": every stylist's free stretches of the day (after the lead time)
 * become slots, each offered at once. A stretch being offered already, or whose suited clients
 * all had it offered before, is not offered again, and leaves no empty slot behind.
 */
export async function fillGaps(scope: TenantScope, messaging: ClientMessaging | null, date: string, now = new Date()): Promise<{ result: FillGapsResult; queued: string[] }> {
  const rules = await outreachRules(scope);
  if (!rules.settings.enabled || !messaging) return { result: { free: 0, slots: 0, offers: 0, offered_before: 0, held: null }, queued: [] };
  const from = dayStart(date, rules.time_zone);
  const to = dayStart(addDays(date, 1), rules.time_zone);
  const shortest = await shortestService(scope);
  const input = await availabilityInput(scope, { from, to, duration: shortest, notBefore: new Date(now.getTime() + LEAD_MINUTES * MINUTE) });
  const stretches = input ? mergeStretches(freeSlots(input)) : [];
  const queued: string[] = [];
  let slots = 0;
  let offeredBefore = 0;
  let held: StepWork["held"] = null;
  for (const stretch of stretches) {
    const id = await openSlot(scope, { stylistId: stretch.stylistId, start: new Date(stretch.start), end: new Date(stretch.end), trigger: "fill_gaps", freedBy: null });
    if (!id) {
      offeredBefore++;
      continue;
    }
    const work = await stepSlot(scope, messaging, id, false, now);
    held ??= work.held;
    if (work.asked > 0) slots++;
    else if (work.offeredBefore > 0) {
      offeredBefore++;
      await dropSlot(scope, id);
    }
    queued.push(...work.queued);
  }
  return {
    result: { free: stretches.length, slots, offers: queued.length, offered_before: offeredBefore, held: held && { by: held.by, until: held.until.toISOString() } },
    queued,
  };
}

async function shortestService({ sql, salonId }: TenantScope): Promise<number> {
  const [row] = await sql<{ duration: number | null }[]>`select min(duration)::int as duration from services where salon_id = ${salonId}`;
  return row?.duration ?? 30;
}

/** Free start times of one stylist that follow on from each other, as one stretch from the first start to the last one's end. */
function mergeStretches(slots: Slot[]): Slot[] {
  const byStylist = new Map<string, Slot[]>();
  for (const slot of slots) byStylist.set(slot.stylistId, [...(byStylist.get(slot.stylistId) ?? []), slot]);
  const stretches: Slot[] = [];
  for (const [stylistId, own] of byStylist) {
    let current: Slot | null = null;
    for (const slot of own.sort((a, b) => a.start - b.start)) {
      if (current && slot.start <= current.end) current.end = Math.max(current.end, slot.end);
      else {
        if (current) stretches.push(current);
        current = { stylistId, start: slot.start, end: slot.end };
      }
    }
    if (current) stretches.push(current);
  }
  return stretches;
}

// ---- the cron ----------------------------------------------------------------------------------

const BATCH = 25;

/**
 * The cron's part: steps every open slot whose time has come, then places the calls those
 * steps decided on, each after its step's transaction has committed. The texts they queued
 * go with the cron's sending of due messages, which follows.
 */
export async function advanceOutreach(env: Bindings, placeCall: (env: Bindings, tenant: Tenant, attemptId: string) => Promise<void>, db: Database = database(env)): Promise<void> {
  const messaging = clientMessaging(env);
  for (const due of await beforeTenant(db, (scope) => dueSlots(scope, BATCH))) {
    const tenant: Tenant = { salonId: due.salonId, userId: due.userId };
    try {
      const work = await withTenant(db, tenant, async (scope) => {
        const rules = await outreachRules(scope);
        await expireEntries(scope, dayOf(new Date(), rules.time_zone));
        return stepSlot(scope, messaging, due.id, true);
      });
      for (const attempt of work.calls) await placeCall(env, tenant, attempt);
    } catch (error) {
      console.error(`outreach slot ${due.id}: its step failed`, error);
    }
  }
}
