/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet: a cell a spreadsheet would
 * run as a formula (starting with =, +, -, @, or a tab or carriage return that some strip
 * first) is written with a leading apostrophe, so it is shown as the text it is.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, ended with CRLF as the RFC asks. */
export const csvLine = (values: string[]) => `${values.map(csvCell).join(",")}\r\n`;

/** The byte order mark that makes spreadsheets read the file as UTF-8. */
export const UTF8_BOM = "\uFEFF";
