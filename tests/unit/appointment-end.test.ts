import { describe, expect, it } from "vitest";
import type { Appointment } from "../../contract/appointments.ts";
import type { Service } from "../../contract/salon.ts";
import {
  canSave,
  chooseService,
  draftFor,
  emptyLine,
  toInput,
  totalMinutes,
  withComputedEnd,
  type AppointmentDraft,
} from "../../src/features/calendar/appointment-draft.ts";

const PRAGUE = "Europe/Prague";

const service = (id: string, duration: number, price: number): Service => ({
  id,
  name: id,
  description: null,
  duration,
  price,
  min_price: null,
  max_price: null,
  color: "#3788d8",
});
const cut = service("00000000-0000-4000-8000-000000000001", 45, 30);
const colour = service("00000000-0000-4000-8000-000000000002", 90, 75.5);

const draft = (changes: Partial<AppointmentDraft> = {}): AppointmentDraft => ({ ...draftFor({ mode: "create" }, PRAGUE), ...changes });

describe("the appointment's end time", () => {
  it("is the start plus the summed durations of the services", () => {
    const lines = [chooseService(emptyLine(), cut), chooseService(emptyLine(), colour)];
    expect(totalMinutes(lines)).toBe(135);
    expect(withComputedEnd(draft({ start: "2026-11-23T09:00", lines }), PRAGUE).end).toBe("2026-11-23T11:15");
  });

  it("follows a new start time", () => {
    const lines = [chooseService(emptyLine(), cut)];
    const before = withComputedEnd(draft({ start: "2026-11-23T09:00", lines }), PRAGUE);
    expect(withComputedEnd({ ...before, start: "2026-11-24T16:30" }, PRAGUE).end).toBe("2026-11-24T17:15");
  });

  it("counts a duration typed over the service's", () => {
    const lines = [{ ...chooseService(emptyLine(), cut), duration: "60" }];
    expect(withComputedEnd(draft({ start: "2026-11-23T09:00", lines }), PRAGUE).end).toBe("2026-11-23T10:00");
  });

  it("stays as the user left it without a start or without services that take time", () => {
    expect(withComputedEnd(draft({ end: "2026-11-23T12:00", lines: [chooseService(emptyLine(), cut)] }), PRAGUE).end).toBe(
      "2026-11-23T12:00",
    );
    expect(withComputedEnd(draft({ start: "2026-11-23T09:00", end: "2026-11-23T12:00" }), PRAGUE).end).toBe("2026-11-23T12:00");
  });
});

describe("the appointment draft", () => {
  it("fills a row's price and duration from the chosen service, and empties them when none is chosen", () => {
    const line = chooseService(emptyLine(), colour);
    expect(line).toMatchObject({ service: colour.id, price: "75.5", duration: "90" });
    expect(chooseService(line, undefined)).toMatchObject({ service: "", price: "", duration: "" });
  });

  it("can be saved only with a stylist, both times and a service in the first row", () => {
    const ready = draft({
      stylist: "st-1",
      start: "2026-11-23T09:00",
      end: "2026-11-23T09:45",
      lines: [chooseService(emptyLine(), cut)],
    });
    expect(canSave(ready)).toBe(true);
    expect(canSave({ ...ready, stylist: "" })).toBe(false);
    expect(canSave({ ...ready, start: "" })).toBe(false);
    expect(canSave({ ...ready, end: "" })).toBe(false);
    expect(canSave({ ...ready, lines: [emptyLine(), chooseService(emptyLine(), cut)] })).toBe(false);
  });

  it("sends instants, numbers, and only the rows with a service", () => {
    const { input, rows } = toInput(
      draft({
        stylist: "st-1",
        start: "2026-11-23T09:00",
        end: "2026-11-23T11:15",
        customer_name: "Eva",
        lines: [chooseService(emptyLine(), cut), emptyLine(), { ...chooseService(emptyLine(), colour), price: "" }],
      }),
      PRAGUE,
    );
    expect(input).toMatchObject({ stylist: "st-1", customer_name: "Eva", start_datetime: "2026-11-23T08:00:00.000Z", end_datetime: "2026-11-23T10:15:00.000Z" });
    expect(input.services).toEqual([
      { service: cut.id, price_at_booking: 30, duration_at_booking: 45 },
      { service: colour.id, price_at_booking: null, duration_at_booking: 90 },
    ]);
    // The second line sent is the third row.
    expect(rows).toEqual([0, 2]);
  });

  it("opens an appointment in the salon's wall-clock time", () => {
    const appointment: Appointment = {
      id: "ap-1",
      customer_name: null,
      customer_phone: "+420 777 000 111",
      stylist: "st-1",
      stylist_name: "Jana Nováková",
      start_datetime: "2026-07-01T07:00:00.000Z",
      end_datetime: "2026-07-01T07:45:00.000Z",
      notes: null,
      service_name: "Haircut",
      service_color: "#3788d8",
      services: [{ service_id: cut.id, service_name: "Haircut", service_color: "#3788d8", price_at_booking: 28, duration_at_booking: 45 }],
      no_show_at: null,
      source: "dashboard",
      created_by: null,
      changed_by: null,
      version: 1,
    };
    expect(draftFor({ mode: "edit", appointment }, PRAGUE)).toMatchObject({
      customer_name: "",
      customer_phone: "+420 777 000 111",
      stylist: "st-1",
      start: "2026-07-01T09:00",
      end: "2026-07-01T09:45",
      lines: [{ service: cut.id, price: "28", duration: "45" }],
    });
  });
});
