/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180). A value a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so
 * text a member typed (a name, a note, an audit before/after) never executes when opened.
 */
export function csvCell(value: unknown): string {
  const raw = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line of `columns` and a line per row, CRLF-separated. */
export function csvOf<T>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return [columns.join(','), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(','))].join('\r\n');
}
