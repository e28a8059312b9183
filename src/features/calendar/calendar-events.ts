import type { Calendar } from "@event-calendar/core";
import type { Appointment, AppointmentMove } from "../../../contract/appointments.ts";
import { DEFAULT_COLOR } from "../../../contract/salon-basics.ts";
import type { Stylist } from "../../../contract/salon.ts";
import { toInstant, toWall, type Wall } from "./salon-time.ts";

/** A column of the calendar: an active stylist, or one who has left but still has appointments on screen. */
export interface Column {
  id: string;
  title: string;
  /** For the week view's narrow columns: the first name, with the surname's initial when two share it. */
  short: string;
  /** A real stylist who can be given appointments (not a former one's leftovers). */
  bookable: boolean;
}

const FORMER = "former:";

const nameOf = (stylist: Stylist) => `${stylist.first_name} ${stylist.last_name}`;

/**
 * One column per active stylist, in the salon's order. Appointments must never vanish from
 * the calendar, so an inactive stylist with appointments on screen gets a column too, and so
 * does a deleted one (by the name kept with the appointment).
 */
export function calendarColumns(
  stylists: readonly Stylist[],
  appointments: readonly Appointment[],
  label: { inactive: (name: string) => string; former: (name: string) => string },
): Column[] {
  const booked = new Set(appointments.map((appointment) => appointment.stylist));
  const shown = stylists.filter((stylist) => stylist.is_active || booked.has(stylist.id));
  const firstNames = shown.map((stylist) => stylist.first_name);
  const columns: Column[] = shown.map((stylist) => ({
    id: stylist.id,
    title: stylist.is_active ? nameOf(stylist) : label.inactive(nameOf(stylist)),
    short:
      firstNames.indexOf(stylist.first_name) === firstNames.lastIndexOf(stylist.first_name)
        ? stylist.first_name
        : `${stylist.first_name} ${stylist.last_name.slice(0, 1)}.`,
    bookable: true,
  }));
  const known = new Set(stylists.map((stylist) => stylist.id));
  for (const appointment of appointments) {
    const id = columnOf(appointment);
    if ((appointment.stylist === null || !known.has(appointment.stylist)) && !columns.some((column) => column.id === id)) {
      const title = label.former(appointment.stylist_name);
      columns.push({ id, title, short: title, bookable: false });
    }
  }
  return columns;
}

const columnOf = (appointment: Appointment) => appointment.stylist ?? `${FORMER}${appointment.stylist_name}`;

const DARK_TEXT = "#0f172a";
const WHITE = "#ffffff";
/** WCAG AA for the events' small text. */
const MIN_CONTRAST = 4.5;

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string) {
  const [r, g, b] = channels(hex).map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const darker = (hex: string, by: number) => `#${channels(hex).map((c) => Math.round(c * (1 - by)).toString(16).padStart(2, "0")).join("")}`;

/**
 * An event's colours: the service colour with dark or white text, whichever contrasts more.
 * On a mid tone neither reaches 4.5:1, so the colour is darkened just enough for white.
 */
export function readableColors(color: string): { background: string; text: string } {
  if (contrast(color, DARK_TEXT) >= contrast(color, WHITE)) {
    if (contrast(color, DARK_TEXT) >= MIN_CONTRAST) return { background: color, text: DARK_TEXT };
  }
  let background = color;
  for (let by = 0.02; contrast(background, WHITE) < MIN_CONTRAST; by += 0.02) background = darker(color, by);
  return { background, text: WHITE };
}

/** An appointment as the library's event, in the salon's wall-clock time. */
export function appointmentEvent(appointment: Appointment, timeZone: string, editable: boolean): Calendar.EventInput {
  const color = /^#[0-9a-f]{6}$/i.test(appointment.service_color) ? appointment.service_color : DEFAULT_COLOR;
  const colors = readableColors(color);
  return {
    id: appointment.id,
    resourceIds: [columnOf(appointment)],
    start: toWall(appointment.start_datetime, timeZone),
    end: toWall(appointment.end_datetime, timeZone),
    backgroundColor: colors.background,
    textColor: colors.text,
    classNames: appointment.no_show_at ? ["no-show"] : [],
    editable,
    extendedProps: { appointment },
  };
}

/**
 * A move of the appointment to another time or stylist, made on the version on screen: the
 * server keeps everything else, and refuses it when someone changed the appointment since.
 */
export function rescheduled(appointment: Appointment, change: { stylist: string; start: Wall; end: Wall }, timeZone: string): AppointmentMove {
  return {
    stylist: change.stylist,
    start_datetime: toInstant(change.start, timeZone),
    end_datetime: toInstant(change.end, timeZone),
    version: appointment.version,
  };
}
