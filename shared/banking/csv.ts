/**
 * The rows of a bank's CSV export, each with the line it starts on. Commas separate, double
 * quotes enclose (a doubled quote inside is one quote). NUL bytes (some FNB exports carry them)
 * and a byte-order mark are dropped; empty rows are kept out.
 */
export interface CsvRow {
  line: number;
  cells: string[];
}

export function csvRows(text: string): CsvRow[] {
  const source = text.replace(/\u0000/g, '').replace(/^\uFEFF/, '');
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** A cell compared as a heading: lower case, single spaces, no trailing colon. */
export const headingOf = (cell: string): string => cell.toLowerCase().replace(/\s+/g, ' ').replace(/\s*:$/, '').trim();

/**
 * The first row whose headings include all of `required`, with each heading's column, or null.
 * The banks' exports put account details above the columns, so the heading row is searched for.
 */
export function findHeading(rows: readonly CsvRow[], required: readonly string[]): { index: number; column: Map<string, number> } | null {
  for (const [index, row] of rows.entries()) {
    const headings = row.cells.map(headingOf);
    if (required.every((name) => headings.includes(name))) return { index, column: new Map(headings.map((h, i) => [h, i])) };
  }
  return null;
}
