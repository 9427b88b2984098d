/**
 * CSV for spreadsheet programs (RFC 4180: comma, CRLF, quotes doubled). A text cell that starts with = + - @ (or a
 * tab or carriage return) would be read as a formula ("CSV injection"), so it gets a leading apostrophe. Amounts are
 * written by `csvNumber` from integers the server formats itself, so a negative amount stays a number.
 */
export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A decimal the server formatted ("-1234.50"); anything else is treated as text. */
export function csvNumber(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? value : csvCell(value);
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
