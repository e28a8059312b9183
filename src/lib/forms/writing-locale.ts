/**
 * The locale dates and times are written in: the interface's language, not the browser's.
 * English readers get their browser's English convention (en-US or en-GB); German and Czech
 * ones their language's.
 */
export function writingLocale(language: string, browserLanguages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  return language === "en" ? (browserLanguages.find((tag) => /^en\b/i.test(tag)) ?? "en-US") : language;
}

// A form shows dozens of dates and times and formats them on each keystroke; a formatter is costly to make.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter in UTC, where the wall-clock dates and times of a form are kept. */
export function utcFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}/${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}
