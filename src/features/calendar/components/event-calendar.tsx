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
  /** The name of the scrolling area of days and times. */
  label: string;
  className?: string;
}

/**
 * The library marks its layout up as a table whose cells are empty and whose events sit
 * outside any cell (and its list view as a list whose items are not its children), which
 * assistive technology reads as broken (axe: required children and parents missing). The
 * layout is left as plain boxes instead: the events are buttons named by their own text,
 * and the scrolling area is a focusable, named region.
 */
const TABLE_ROLES = ["table", "rowgroup", "row", "cell", "columnheader", "rowheader", "gridcell", "list", "listitem"];
const TABLE_ATTRIBUTES = ["aria-colindex", "aria-colspan", "aria-rowindex", "aria-rowspan"];
const TABLE_SELECTOR = [...TABLE_ROLES.map((role) => `[role="${role}"]`), ...TABLE_ATTRIBUTES.map((name) => `[${name}]`)].join(",");

function withoutTableRoles(root: HTMLElement, scrollLabel: string) {
  for (const element of root.querySelectorAll(TABLE_SELECTOR)) {
    if (TABLE_ROLES.includes(element.getAttribute("role") ?? "")) element.removeAttribute("role");
    for (const name of TABLE_ATTRIBUTES) element.removeAttribute(name);
  }
  const scroller = root.querySelector<HTMLElement>(".ec-main");
  if (scroller && !scroller.hasAttribute("tabindex")) {
    scroller.tabIndex = 0;
    scroller.setAttribute("role", "region");
  }
  if (scroller && scroller.getAttribute("aria-label") !== scrollLabel) scroller.setAttribute("aria-label", scrollLabel);
}

/**
 * @event-calendar/core (a Svelte app inside) mounted from React: created once on a child
 * element React does not manage, kept in step with `options`, and destroyed on unmount.
 */
export function EventCalendar({ options, handlers, calendarRef, label, className }: EventCalendarProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(handlers);
  const applied = useRef(options);
  const latestLabel = useRef(label);

  useLayoutEffect(() => {
    latest.current = handlers;
    latestLabel.current = label;
    if (host.current) withoutTableRoles(host.current, label);
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
    // Views and dates the library draws later bring their table roles with them.
    const unroled = () => withoutTableRoles(element, latestLabel.current);
    unroled();
    const observer = new MutationObserver(unroled);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ["role", ...TABLE_ATTRIBUTES] });
    return () => {
      observer.disconnect();
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
