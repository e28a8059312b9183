import type { IntlShape } from "react-intl";

export const MINUTES_PER_DAY = 24 * 60;

/** A span of time in the interface language's own words: "30 minutes", "2 hours", "1 day". */
export function span(intl: IntlShape, minutes: number) {
  const [value, unit] =
    minutes % MINUTES_PER_DAY === 0 ? [minutes / MINUTES_PER_DAY, "day"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return intl.formatNumber(value, { style: "unit", unit, unitDisplay: "long" });
}
