import type { Calendar } from "@event-calendar/core";
import type { Appointment } from "../../../contract/appointments.ts";
import { SOURCE_ICONS, isMarked, type MarkedSource } from "./booking-source.ts";
import { VIEWS } from "./calendar-views.ts";

const element = (tag: string, className: string, text: string) => {
  const node = document.createElement(tag);
  node.className = className;
  // Text, never HTML: client names come from people, some of them over the phone.
  node.textContent = text;
  return node;
};

export interface EventWords {
  /** The client of an appointment booked without a name. */
  noName: string;
  /** What marks an appointment the client did not come to, in words as well as looks. */
  noShow: string;
  /** The day an appointment is on, as a screen reader says it (the columns around it are not read). */
  day: (start: Date) => string;
  /** The names of the marks of bookings made online and by the receptionist. */
  booked: Record<MarkedSource, string>;
}

const SVG = "http://www.w3.org/2000/svg";

/** Where a booking came from: an icon whose accessible name, and hover text, says it in words. */
function sourceMark(source: MarkedSource, name: string) {
  const mark = element("span", `appointment-source appointment-source-${source}`, "");
  mark.setAttribute("role", "img");
  mark.setAttribute("aria-label", name);
  mark.title = name;
  const icon = document.createElementNS(SVG, "svg");
  icon.setAttribute("viewBox", "0 0 24 24");
  icon.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SOURCE_ICONS[source]);
  icon.append(path);
  mark.append(icon);
  return mark;
}

/**
 * What an event shows: an appointment's time, client and services (and its stylist in the
 * list, which has no columns); a shaded period its label. Other events the library draws
 * itself (undefined).
 */
export function eventContent(info: Calendar.EventContentInfo, { noName, noShow, day, booked }: EventWords): Calendar.Content | undefined {
  const { event } = info;
  if (event.display === "background") return { domNodes: [element("span", "shade-label", String(event.title))] };
  const appointment = event.extendedProps.appointment as Appointment | undefined;
  if (!appointment) return undefined;
  const time = element("time", "appointment-time", info.timeText);
  const parts = [time, element("span", "appointment-client", appointment.customer_name ?? noName)];
  if (appointment.service_name) parts.push(element("span", "appointment-services", appointment.service_name));
  if (info.view.type === VIEWS.years) parts.push(element("span", "appointment-stylist", appointment.stylist_name));
  const source = isMarked(appointment.source) ? appointment.source : null;
  // Narrow columns cut the text short; hovering shows all of it.
  const body = element("div", "appointment", "");
  body.title = [...(appointment.no_show_at ? [noShow] : []), ...parts.map((part) => part.textContent), ...(source ? [booked[source]] : [])].join("\n");
  // A no-show's label and the booking's source go on the time's line, so even a short event keeps its client's name in view.
  if (appointment.no_show_at || source) {
    parts[0] = element("span", "appointment-head", "");
    if (appointment.no_show_at) parts[0].append(element("span", "appointment-no-show", noShow));
    parts[0].append(time);
    if (source) parts[0].append(sourceMark(source, booked[source]));
  }
  body.append(...parts);
  // A screen reader reads the events one by one, without the days and stylists of the columns around them.
  if (info.view.type !== VIEWS.years) body.append(element("span", "sr-only", `${day(event.start)}, ${appointment.stylist_name}`));
  return { domNodes: [body] };
}

/** The week's narrow columns show a short name; the full one stays for hovering and for screen readers. */
export function shortColumnLabel({ resource }: Calendar.ResourceLabelInfo): Calendar.Content {
  const full = String(resource.title);
  const label = document.createElement("span");
  label.title = full;
  const short = element("span", "", String(resource.extendedProps.short ?? full));
  short.setAttribute("aria-hidden", "true");
  label.append(short, element("span", "sr-only", full));
  return { domNodes: [label] };
}
