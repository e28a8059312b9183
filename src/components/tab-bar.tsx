import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useRef, useState, type ReactNode } from "react";

interface TabBarProps<T extends string> {
  tabs: readonly T[];
  label: string;
  title: (tab: T) => ReactNode;
  className?: string;
}

/**
 * The underlined tab row of the dashboard's pages. When it does not fit (a phone, a long
 * language) it scrolls sideways, a fade at each side that hides tabs says so, and the
 * selected tab is scrolled into sight.
 */
export function TabBar<T extends string>({ tabs, label, title, className = "" }: TabBarProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });

  const measure = () => {
    const element = list.current;
    if (!element) return;
    const { scrollLeft, scrollWidth, clientWidth } = element;
    const next = { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
    setHidden((current) => (current.start === next.start && current.end === next.end ? current : next));
  };

  useEffect(() => {
    const element = list.current;
    measure();
    // Test environments without layout have no ResizeObserver, and nothing to measure either.
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // After each render, as the selected tab may have changed: bring it into sight, sideways only.
  useEffect(() => {
    const element = list.current;
    const selected = element?.querySelector<HTMLElement>('[data-state="active"]');
    if (!element || !selected) return;
    const start = selected.offsetLeft - element.offsetLeft;
    const end = start + selected.offsetWidth;
    if (start < element.scrollLeft) element.scrollLeft = start;
    else if (end > element.scrollLeft + element.clientWidth) element.scrollLeft = end - element.clientWidth;
  });

  // The sides that hide tabs fade out; a mask, so it works over any background.
  const mask =
    hidden.start || hidden.end
      ? `linear-gradient(to right, ${hidden.start ? "transparent, black 2.5rem" : "black"}, ${hidden.end ? "black calc(100% - 2.5rem), transparent" : "black"})`
      : undefined;
  return (
    <Tabs.List
      ref={list}
      aria-label={label}
      onScroll={measure}
      style={{ maskImage: mask }}
      className={`flex overflow-x-auto border-b border-slate-200 [scrollbar-width:none] ${className}`}
    >
      {tabs.map((tab) => (
        <Tabs.Trigger
          key={tab}
          value={tab}
          className="-mb-px shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-medium whitespace-nowrap text-slate-600 hover:border-slate-300 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:border-brand-600 data-[state=active]:font-semibold data-[state=active]:text-brand-700"
        >
          {title(tab)}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
