/**
 * The spec's views and the library's views that show them. Day and week have a column per
 * stylist; month and year a row per stylist with a cell per day (the library's resource
 * timeline); the library has no multi-year view, so "years" is a custom list view of the
 * appointments of several years.
 */
export const VIEWS = {
  day: "resourceTimeGridDay",
  week: "resourceTimeGridWeek",
  month: "resourceTimelineMonth",
  year: "resourceTimelineYear",
  years: "listYears",
} as const;

export type ViewName = keyof typeof VIEWS;

export const VIEW_NAMES = Object.keys(VIEWS) as ViewName[];

/** How many years the "years" view lists. */
export const YEARS_SPAN = 3;

export const viewNamed = (type: string): ViewName | undefined => VIEW_NAMES.find((name) => VIEWS[name] === type);
