import { createCalendar, destroyCalendar, Interaction, List, ResourceTimeGrid, ResourceTimeline, type Calendar } from "@event-calendar/core";
import "@event-calendar/core/index.css";
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import "./event-calendar.css";

const PLUGINS = [ResourceTimeGrid, ResourceTimeline, List, Interaction];

/** The library's callbacks the page handles; the latest ones are always called. */
const HANDLERS = ["datesSet", "dateClick", "eventClick", "eventContent", "eventDrop", "eventResize", "select"] as const;
export type CalendarHandlers = Pick<Calendar.Options, (typeof HANDLERS)[number]>;

interface EventCalendarProps {
  /** Data options; one whose value changes (by identity) is set again, the others are left alone. */
  options: Omit<Calendar.Options, (typeof HANDLERS)[number]>;
  handlers: CalendarHandlers;
  /** Filled with the calendar while it is mounted, for navigation (prev, next, gotoDate, view). */
  calendarRef: RefObject<Calendar | null>;
  className?: string;
}

/**
 * @event-calendar/core (a Svelte app inside) mounted from React: created once on a child
 * element React does not manage, kept in step with `options`, and destroyed on unmount.
 */
export function EventCalendar({ options, handlers, calendarRef, className }: EventCalendarProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(handlers);
  const applied = useRef(options);

  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    // A fresh element each time: in development React mounts twice, and the first
    // calendar's teardown must not touch the second one.
    const element = document.createElement("div");
    host.current!.append(element);
    // Stable functions that call the newest handlers, so handlers are never set again.
    const proxies = Object.fromEntries(
      HANDLERS.map((name) => [name, (info: never) => (latest.current[name] as ((info: never) => unknown) | undefined)?.(info)]),
    );
    const calendar = createCalendar(element, PLUGINS, { ...applied.current, ...proxies });
    calendarRef.current = calendar;
    return () => {
      calendarRef.current = null;
      void destroyCalendar(calendar).then(() => element.remove());
    };
  }, [calendarRef]);

  useEffect(() => {
    const calendar = calendarRef.current;
    if (!calendar) return;
    for (const [name, value] of Object.entries(options) as [keyof Calendar.Options, never][]) {
      if (applied.current[name as keyof typeof options] !== value) calendar.setOption(name, value);
    }
    applied.current = options;
  });

  return <div ref={host} className={className} />;
}
