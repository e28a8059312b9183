import * as Tabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";

interface TabBarProps<T extends string> {
  tabs: readonly T[];
  label: string;
  title: (tab: T) => ReactNode;
  className?: string;
}

/** The underlined tab row of the dashboard's pages; it scrolls sideways when it does not fit. */
export function TabBar<T extends string>({ tabs, label, title, className = "" }: TabBarProps<T>) {
  return (
    <Tabs.List aria-label={label} className={`flex overflow-x-auto border-b border-slate-200 ${className}`}>
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
