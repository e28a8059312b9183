import type { Appointment, AppointmentInput } from "../../../contract/appointments.ts";
import type { Service } from "../../../contract/salon.ts";
import { addMinutes, toInstant, toWall, type Wall } from "./salon-time.ts";

/** One service row of the modal; price and duration are text while being typed. */
export interface LineDraft {
  /** Keeps a row's identity (and focus) when another row is removed. */
  key: number;
  service: string;
  price: string;
  duration: string;
}

/** What the appointment modal edits; times are the salon's wall-clock times. */
export interface AppointmentDraft {
  customer_name: string;
  customer_phone: string;
  stylist: string;
  start: Wall;
  end: Wall;
  notes: string;
  lines: LineDraft[];
}

/** What opens the modal: a new appointment (perhaps on a dragged slot) or an existing one. */
export type AppointmentTarget =
  | { mode: "create"; stylist?: string; start?: Wall; end?: Wall }
  | { mode: "edit"; appointment: Appointment };

let nextKey = 0;
export const emptyLine = (): LineDraft => ({ key: ++nextKey, service: "", price: "", duration: "" });

const asText = (value: number | null) => (value === null ? "" : String(value));

export function draftFor(target: AppointmentTarget, timeZone: string): AppointmentDraft {
  if (target.mode === "create") {
    return {
      customer_name: "",
      customer_phone: "",
      stylist: target.stylist ?? "",
      start: target.start ?? "",
      end: target.end ?? "",
      notes: "",
      lines: [emptyLine()],
    };
  }
  const { appointment } = target;
  const lines = appointment.services.map((line) => ({
    key: ++nextKey,
    service: line.service_id ?? "",
    price: asText(line.price_at_booking),
    duration: asText(line.duration_at_booking),
  }));
  return {
    customer_name: appointment.customer_name ?? "",
    customer_phone: appointment.customer_phone ?? "",
    stylist: appointment.stylist ?? "",
    start: toWall(appointment.start_datetime, timeZone),
    end: toWall(appointment.end_datetime, timeZone),
    notes: appointment.notes ?? "",
    lines: lines.length ? lines : [emptyLine()],
  };
}

const positive = (text: string) => (Number(text) > 0 ? Number(text) : 0);

/** The summed minutes of the rows that have a duration. */
export const totalMinutes = (lines: readonly LineDraft[]) => lines.reduce((sum, line) => sum + Math.round(positive(line.duration)), 0);

/** The summed price of the rows that have a service. */
export const totalPrice = (lines: readonly LineDraft[]) => lines.reduce((sum, line) => sum + (line.service ? positive(line.price) : 0), 0);

/**
 * The spec's rule: with a start time and services that take time, the end is the start
 * plus their summed durations; otherwise the end stays as the user left it.
 */
export function withComputedEnd(draft: AppointmentDraft, timeZone: string): AppointmentDraft {
  const minutes = totalMinutes(draft.lines);
  return draft.start && minutes > 0 ? { ...draft, end: addMinutes(draft.start, minutes, timeZone) } : draft;
}

/** A row after choosing a service: its current price and duration are filled in. */
export const chooseService = (line: LineDraft, service: Service | undefined): LineDraft => ({
  ...line,
  service: service?.id ?? "",
  price: service ? String(service.price) : "",
  duration: service ? String(service.duration) : "",
});

/** The spec's condition for Save: a stylist, both times, and a service in the first row. */
export const canSave = (draft: AppointmentDraft) => Boolean(draft.stylist && draft.start && draft.end && draft.lines[0]?.service);

// Empty text is sent as null; anything else as a number, which the contract then checks.
const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * The request body, before the contract checks it. Rows without a service are dropped;
 * `rows` maps each sent line back to its row, so a message about "services.1" lands on the
 * right row.
 */
export function toInput(draft: AppointmentDraft, timeZone: string): { input: AppointmentInput; rows: number[] } {
  const rows = draft.lines.flatMap((line, index) => (line.service ? [index] : []));
  return {
    rows,
    input: {
      customer_name: draft.customer_name,
      customer_phone: draft.customer_phone,
      stylist: draft.stylist,
      start_datetime: draft.start ? toInstant(draft.start, timeZone) : "",
      end_datetime: draft.end ? toInstant(draft.end, timeZone) : "",
      notes: draft.notes,
      services: rows.map((index) => {
        const line = draft.lines[index]!;
        return { service: line.service, price_at_booking: numberOrNull(line.price), duration_at_booking: numberOrNull(line.duration) };
      }),
    },
  };
}
