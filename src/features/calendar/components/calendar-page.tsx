import type { Calendar } from "@event-calendar/core";
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { CALENDAR, type Appointment } from "../../../../contract/appointments.ts";
import { outsideHours } from "../../../../contract/opening-hours.ts";
import type { BusinessHours, Stylist } from "../../../../contract/salon.ts";
import { canUse, seesWholeSalon } from "../../../../contract/team.ts";
import { Button, buttonClass } from "../../../components/button.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { useMembership } from "../../../lib/auth/membership.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { useStylists } from "../../../lib/salon-data/stylists.ts";
import { useAppointments, useMoveAppointment } from "../api/appointments.ts";
import type { AppointmentTarget } from "../appointment-draft.ts";
import { appointmentEvent, calendarColumns, rescheduled } from "../calendar-events.ts";
import { VIEWS, YEARS_SPAN, viewNamed, type ViewName } from "../calendar-views.ts";
import { eventContent, shortColumnLabel } from "../event-content.ts";
import { addMinutes, calendarOffset, nextDay, toInstant, toWall, wallDay, wallOfCalendarDate, type Wall } from "../salon-time.ts";
import { shadingEvents, type ShadeKind } from "../shading.ts";
import { AppointmentModal } from "./appointment-modal.tsx";
import { OutsideHoursDialog, type OutsideMove } from "./outside-hours-dialog.tsx";
import { CalendarToolbar } from "./calendar-toolbar.tsx";
import { FillGapsButton } from "./fill-gaps-button.tsx";
import { EventCalendar, type CalendarHandlers } from "./event-calendar.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { DocumentTitle } from "../../../components/document-title.tsx";

/** Two clicks on the same slot within this time open a new appointment there (spec: 400 ms). */
const DOUBLE_CLICK_MS = 400;
/** A touch held this long starts a drag or a selection (spec: 1000 ms). */
const HOLD_MS = 1000;

/**
 * An appointment's time range. German ranges end in "Uhr" ("10:00–11:30 Uhr"), which repeated on
 * every appointment is noise, so trailing shared text is dropped; English keeps its "AM".
 */
function eventTimeFormat(locale: string) {
  const format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" });
  return (start: Date, end: Date | null) => {
    if (!end) return format.format(start);
    const parts = format.formatRangeToParts(start, end);
    while (parts.at(-1)?.type === "literal" && parts.at(-1)?.source === "shared") parts.pop();
    return parts.map((part) => part.value).join("");
  };
}

interface Shown {
  view: ViewName;
  title: string;
  start: Wall;
  end: Wall;
}

/** The Calendar screen: a column per stylist, their appointments, and the appointment modal. */
export function CalendarPage() {
  const intl = useIntl();
  const salon = useSalon();
  const stylists = useStylists();
  if (salon.isPending || stylists.isPending) {
    return (
      <CalendarFrame>
        <p role="status" className="py-16 text-center text-slate-600">
          <FormattedMessage id="calendar.loading" />
        </p>
      </CalendarFrame>
    );
  }
  if (salon.isError || stylists.isError) {
    return (
      <CalendarFrame>
        <LoadFailed
          message={intl.formatMessage({ id: "calendar.loadFailed" })}
          retryLabel={intl.formatMessage({ id: "calendar.retry" })}
          // Only what failed: the other may be loaded already.
          onRetry={() => [salon, stylists].forEach((query) => query.isError && void query.refetch())}
        />
      </CalendarFrame>
    );
  }
  if (!stylists.data.some((stylist) => stylist.is_active)) {
    return (
      <CalendarFrame>
        <NoStylists />
      </CalendarFrame>
    );
  }
  return <CalendarScreen timeZone={salon.data.time_zone} businessHours={salon.data.business_hours} stylists={stylists.data} />;
}

function CalendarFrame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.calendar" })} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900">
          <FormattedMessage id="calendar.title" />
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

function NoStylists() {
  const { localPath } = useLanguage();
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-slate-700">
        <FormattedMessage id="calendar.noStylists" />
      </p>
      <Link to={localPath("/salon-settings?tab=stylists")} className={`mt-4 ${buttonClass()}`}>
        <FormattedMessage id="calendar.noStylists.link" />
      </Link>
    </div>
  );
}

interface ScreenProps {
  timeZone: string;
  businessHours: BusinessHours;
  stylists: Stylist[];
}

function CalendarScreen({ timeZone, businessHours, stylists }: ScreenProps) {
  const intl = useIntl();
  const toast = useToast();
  const calendarRef = useRef<Calendar | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [shadeBusiness, setShadeBusiness] = useState(true);
  const [shadeWorking, setShadeWorking] = useState(true);
  const [target, setTarget] = useState<AppointmentTarget | null>(null);
  const lastClick = useRef<{ at: number; slot: string } | null>(null);
  const move = useMoveAppointment();
  const [outsideMove, setOutsideMove] = useState<(OutsideMove & { save: () => Promise<void>; revert: () => void }) | null>(null);
  // A stylist reads every column and changes only their own.
  const { role, stylist_id: ownStylist } = useMembership();
  const own = (stylist: string | null | undefined) => seesWholeSalon(role) || stylist === ownStylist;

  const range = useMemo(
    () => (shown ? { start_date: toInstant(shown.start, timeZone), end_date: toInstant(shown.end, timeZone) } : null),
    [shown, timeZone],
  );
  const appointments = useAppointments(range);

  // Fixed for the life of the screen (a new language or salon is a new screen).
  const [options] = useState(() => {
    const now = toWall(new Date(), timeZone);
    const hour = Math.max(Number(CALENDAR.slotMinTime.slice(0, 2)), Number(now.slice(11, 13)) - 1);
    const view: ViewName = window.matchMedia("(min-width: 1024px)").matches ? "week" : "day";
    return {
      view: VIEWS[view],
      date: wallDay(now),
      // Opening the screen shows the current time, with an hour of the past above it.
      scrollTime: `${String(hour).padStart(2, "0")}:00:00`,
      // The library knows fixed offsets only, so it is given the salon's wall-clock times;
      // this offset only places "now" and "today".
      timeZone: calendarOffset(timeZone),
      locale: intl.locale,
      firstDay: 1 as const,
      headerToolbar: { start: "", center: "", end: "" },
      height: "max(32rem, calc(100dvh - 15rem))",
      allDaySlot: false,
      slotMinTime: CALENDAR.slotMinTime,
      slotMaxTime: CALENDAR.slotMaxTime,
      slotDuration: { minutes: CALENDAR.slotMinutes },
      slotLabelInterval: "01:00",
      slotHeight: 20,
      nowIndicator: true,
      editable: true,
      selectable: true,
      // Drag-creation starts after a short drag, so a click stays a click.
      selectMinDistance: 5,
      longPressDelay: HOLD_MS,
      dayMaxEvents: true,
      datesAboveResources: true,
      eventTimeFormat: eventTimeFormat(intl.locale),
      noEventsContent: intl.formatMessage({ id: "calendar.list.empty" }),
      views: {
        // Seven days of every stylist: on a phone the week scrolls sideways rather than squeezing columns to slivers.
        [VIEWS.week]: { resourceLabelContent: shortColumnLabel, columnWidth: "minmax(2.5rem, 1fr)" },
        // A row per stylist, as tall as its appointments need, and a cell per day: appointments
        // move between days and keep their time; new ones need hours, so no drag-creation.
        [VIEWS.month]: { slotDuration: { days: 1 }, selectable: false, height: "auto" },
        [VIEWS.year]: { slotDuration: { days: 1 }, selectable: false, height: "auto" },
        [VIEWS.years]: { type: "listYear", duration: { years: YEARS_SPAN } },
      },
    };
  });

  const columns = useMemo(
    () =>
      calendarColumns(stylists, appointments.data ?? [], {
        inactive: (name) => intl.formatMessage({ id: "calendar.column.inactive" }, { name }),
        former: (name) => intl.formatMessage({ id: "calendar.column.former" }, { name }),
      }),
    [stylists, appointments.data, intl],
  );

  const shownDays = useMemo(() => {
    const days: string[] = [];
    if (shown && shown.view !== "years") {
      for (let day = wallDay(shown.start); day < wallDay(shown.end); day = nextDay(day)) days.push(day);
    }
    return days;
  }, [shown]);

  const events = useMemo(() => {
    const bookable = new Set(columns.filter((column) => column.bookable).map((column) => column.id));
    const label = (kind: ShadeKind, note?: string | null) =>
      note ? intl.formatMessage({ id: "calendar.shade.timeOffNote" }, { note }) : intl.formatMessage({ id: `calendar.shade.${kind}` });
    return [
      ...shadingEvents({
        days: shownDays,
        businessHours: shadeBusiness ? businessHours : null,
        stylists: shadeWorking ? stylists.filter((stylist) => bookable.has(stylist.id)) : null,
        columns: columns.map((column) => column.id),
        wholeDaysOnly: shown?.view === "month" || shown?.view === "year",
        label,
      }),
      ...(appointments.data ?? []).map((appointment) =>
        appointmentEvent(appointment, timeZone, bookable.has(appointment.stylist ?? "") && (seesWholeSalon(role) || appointment.stylist === ownStylist)),
      ),
    ];
  }, [shown, shownDays, shadeBusiness, shadeWorking, businessHours, stylists, columns, appointments.data, timeZone, intl, role, ownStylist]);

  const resources = useMemo(
    () => columns.map((column) => ({ id: column.id, title: column.title, extendedProps: { short: column.short } })),
    [columns],
  );
  const bookable = (id: string | undefined) => own(id) && columns.some((column) => column.id === id && column.bookable);

  // A stylist books in their own column only.
  const openCreate = (slot: { stylist?: string; start?: Wall; end?: Wall } = {}) =>
    setTarget({ mode: "create", ...(seesWholeSalon(role) ? {} : { stylist: ownStylist ?? undefined }), ...slot });

  /**
   * A drop or a resize: saved at once, or after the owner confirms a time outside the hours;
   * a refusal (such as a clash) or a cancel puts the event back, and a refusal says why.
   */
  const reschedule = (info: { event: Calendar.Event; revert: () => void; newResource?: Calendar.Resource }) => {
    const appointment = info.event.extendedProps.appointment as Appointment;
    const stylist = info.newResource?.id ?? appointment.stylist ?? "";
    if (!bookable(stylist) || !own(appointment.stylist)) {
      info.revert();
      return;
    }
    const change = { stylist, start: wallOfCalendarDate(info.event.start), end: wallOfCalendarDate(info.event.end) };
    const save = () =>
      move.mutateAsync({ id: appointment.id, move: rescheduled(appointment, change, timeZone) }).then(
        () => toast.show("success", intl.formatMessage({ id: "calendar.toast.moved" })),
        (error: unknown) => {
          info.revert();
          toast.show("error", errorDetail(error, intl.formatMessage({ id: "calendar.toast.moveFailed" })));
        },
      );
    const person = stylists.find((candidate) => candidate.id === stylist);
    const reasons = outsideHours(businessHours, person ?? null, change.start, change.end);
    if (reasons.length) setOutsideMove({ reasons, stylist: person ? `${person.first_name} ${person.last_name}` : "", save, revert: info.revert });
    else void save();
  };

  const handlers: CalendarHandlers = {
    datesSet: (info) =>
      setShown({
        view: viewNamed(info.view.type) ?? "week",
        title: info.view.title,
        start: wallOfCalendarDate(info.start),
        end: wallOfCalendarDate(info.end),
      }),
    eventClick: (info) => {
      const appointment = info.event.extendedProps.appointment as Appointment | undefined;
      if (!appointment) return;
      // Opened with Enter, the key's keypress would land on the modal's first field and
      // submit the form unchanged; cancelling the keydown stops it there.
      if (info.jsEvent instanceof KeyboardEvent) info.jsEvent.preventDefault();
      setTarget({ mode: "edit", appointment });
    },
    eventDrop: reschedule,
    eventResize: reschedule,
    select: (info) => {
      calendarRef.current?.unselect();
      if (info.allDay || !bookable(info.resource?.id)) return;
      openCreate({ stylist: info.resource.id, start: wallOfCalendarDate(info.start), end: wallOfCalendarDate(info.end) });
    },
    dateClick: (info) => {
      if (info.allDay || !bookable(info.resource?.id)) return;
      const slot = `${info.resource!.id}@${info.dateStr}`;
      const now = Date.now();
      const second = lastClick.current && lastClick.current.slot === slot && now - lastClick.current.at <= DOUBLE_CLICK_MS;
      lastClick.current = second ? null : { at: now, slot };
      if (second) {
        const start = wallOfCalendarDate(info.date);
        openCreate({ stylist: info.resource!.id, start, end: addMinutes(start, CALENDAR.slotMinutes, timeZone) });
      }
    },
    eventContent: (info) =>
      eventContent(info, {
        noName: intl.formatMessage({ id: "calendar.event.noName" }),
        noShow: intl.formatMessage({ id: "calendar.event.noShow" }),
        // The library's dates are the salon's wall clock held in the browser's zone.
        day: (start) => intl.formatDate(start, { weekday: "long", day: "numeric", month: "long" }),
        booked: {
          online: intl.formatMessage({ id: "calendar.event.bookedOnline" }),
          voice: intl.formatMessage({ id: "calendar.event.bookedByReceptionist" }),
          outreach: intl.formatMessage({ id: "calendar.event.bookedFromOffer" }),
        },
      }),
  };

  return (
    <CalendarFrame
      actions={
        (seesWholeSalon(role) || bookable(ownStylist ?? undefined)) && (
          <Button onClick={() => openCreate()}>
            <FormattedMessage id="calendar.create" />
          </Button>
        )
      }
    >
      <CalendarToolbar
        title={shown?.title ?? ""}
        view={shown?.view}
        onPrev={() => calendarRef.current?.prev()}
        onNext={() => calendarRef.current?.next()}
        onToday={() => calendarRef.current?.gotoDate(wallDay(toWall(new Date(), timeZone)))}
        onView={(view) => {
          const calendar = calendarRef.current;
          calendar?.setOption("view", VIEWS[view]);
          // The library scrolls a month to today, with the days before it out of sight behind
          // the stylists' column; the month opens at its first week instead.
          if (calendar && view === "month") calendar.gotoDate(`${wallOfCalendarDate(calendar.getOption("date") as Date).slice(0, 7)}-01`);
        }}
        shadeBusiness={shadeBusiness}
        shadeWorking={shadeWorking}
        onShadeBusiness={setShadeBusiness}
        onShadeWorking={setShadeWorking}
        dayActions={(shown?.view === "day" || shown?.view === "week") && canUse(role, "waitlist") && <FillGapsButton days={shownDays} timeZone={timeZone} />}
      />
      {appointments.isError && (
        <div className="mb-3 rounded-lg border border-slate-200 bg-white">
          <LoadFailed
            inline
            message={intl.formatMessage({ id: "calendar.appointmentsFailed" })}
            retryLabel={intl.formatMessage({ id: "calendar.retry" })}
            onRetry={() => void appointments.refetch()}
          />
        </div>
      )}
      <EventCalendar
        calendarRef={calendarRef}
        options={{ ...options, events, resources }}
        handlers={handlers}
        label={intl.formatMessage({ id: "calendar.grid.label" })}
        className="recepta-calendar"
      />
      <AppointmentModal target={target} timeZone={timeZone} businessHours={businessHours} onClose={() => setTarget(null)} />
      <OutsideHoursDialog
        move={outsideMove}
        onConfirm={async () => {
          await outsideMove?.save();
          setOutsideMove(null);
        }}
        onCancel={() => {
          outsideMove?.revert();
          setOutsideMove(null);
        }}
      />
    </CalendarFrame>
  );
}
