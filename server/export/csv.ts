/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet. A module of a few lines rather than
 * a dependency: the rows are ours, already text or numbers, and the formula guard below is ours too.
 */

/** Excel reads UTF-8 (Chinese, Japanese) only when the file starts with the byte order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (OWASP's "CSV injection": `=`, `+`, `-`, `@`, tab,
 * carriage return at the start) gets a leading apostrophe, so it is shown as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are (a negative number is no formula), text guarded and quoted when it must be. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, lines ended by CRLF as RFC 4180 says. */
export const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;
