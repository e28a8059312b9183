import { weekdayName } from "../../../contract/assistant-instructions.ts";
import { weekdayOf, type OutsideHours } from "../../../contract/opening-hours.ts";
import type { Unbookable } from "../../appointments/availability/unbookable.ts";

/**
 * Why a time cannot be booked, in words the model can pass on to the caller: which hours it
 * breaks and what they are, so it can offer a time inside them.
 */
export function unbookableText(why: Unbookable, stylist: string | undefined, duration: number): string {
  switch (why.kind) {
    case "past":
      return "that time has already passed";
    case "outsideHours":
      return why.reasons.map((reason) => outsideText(reason, stylist ?? "the stylist", duration)).join("; ");
    case "nobodyWorking":
      return stylist ? `${stylist} no longer takes appointments` : "no stylist works at that time";
    case "offGrid":
      return `appointments start only at multiples of ${why.step} minutes past the hour`;
    case "taken":
      return stylist ? `${stylist} already has an appointment then` : "every stylist who works then already has an appointment";
  }
}

const weekdays = (date: string) => `${weekdayName(Number(weekdayOf(date)), "en")}s`;

function outsideText(reason: OutsideHours, stylist: string, duration: number): string {
  switch (reason.kind) {
    case "salonClosedDay":
      return `the salon is closed on ${weekdays(reason.date)}`;
    case "salonClosedTime":
      return `the salon is open only ${reason.hours.from}-${reason.hours.to} that day, and the appointment takes ${duration} minutes`;
    case "dayOff":
      return `${stylist} does not work on ${weekdays(reason.date)}`;
    case "outsideShift":
      return `${stylist} works only ${reason.hours.from}-${reason.hours.to} that day, and the appointment takes ${duration} minutes`;
    case "break":
      return `${stylist} has a break ${reason.hours.from}-${reason.hours.to}`;
    case "timeOff":
      return `${stylist} is away (time off) from ${reason.timeOff.start_date} to ${reason.timeOff.end_date}`;
  }
}
