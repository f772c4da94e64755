import { csvRows, findHeading, headingOf, type CsvRow } from '../csv';
import { StatementError, type BankFormat, type ParsedStatement, type StatementLine } from '../statement';
import { parseCents, requireCents } from '../values';

/** What one row of a bank's CSV is: transactions (a payment and its fee), a stated balance, or nothing to keep. */
export type RowReading = { lines: Omit<StatementLine, 'balance'>[]; balance: number | null } | { opening: number } | { closing: number } | 'skip';

/** A row's cell by heading name, '' when the column is absent. */
export type Cell = (heading: string) => string;

/**
 * The common shape of the banks' CSV exports: label rows (`Account Number :,…`) above a heading
 * row, then one row per transaction with a running balance. Each bank says which headings find
 * its table and how a row reads; the labels above give the account number.
 */
export function headedCsv(format: BankFormat, text: string, required: readonly string[], readRow: (cell: Cell, row: CsvRow) => RowReading, above?: (rows: CsvRow[]) => Partial<ParsedStatement>): ParsedStatement {
  const rows = csvRows(text);
  const heading = findHeading(rows, required);
  if (!heading) throw new StatementError(`No row with the headings ${required.join(', ')}`);
  return collect(format, rows.slice(heading.index + 1), (row) => readRow((name) => row.cells[heading.column.get(name) ?? -1] ?? '', row), above?.(rows.slice(0, heading.index)));
}

/** Rows read in order into a statement: opening and closing rows set the balances, the rest are lines. */
export function collect(format: BankFormat, rows: readonly CsvRow[], readRow: (row: CsvRow) => RowReading, base: Partial<ParsedStatement> = {}): ParsedStatement {
  const statement: ParsedStatement = { format, account: '', currency: 'ZAR', opening: null, closing: null, closingLine: null, lines: [], ...base };
  for (const row of rows) {
    const reading = readRow(row);
    if (reading === 'skip') continue;
    if ('opening' in reading) statement.opening = reading.opening;
    else if ('closing' in reading) {
      statement.closing = reading.closing;
      statement.closingLine = row.line;
    } else reading.lines.forEach((line, i) => statement.lines.push({ ...line, balance: i === reading.lines.length - 1 ? reading.balance : null }));
  }
  return statement;
}

/** `Label :,value` rows above the table, by label. */
export function labels(rows: readonly CsvRow[]): Map<string, string> {
  return new Map(rows.filter((row) => row.cells.length >= 2).map((row) => [headingOf(row.cells[0]), row.cells[1]]));
}

/** An amount cell that may be empty (a fee column, a balance-only row): 0 when empty, a StatementError naming the line when unreadable. */
export function optionalCents(text: string, line: number, what: string): number {
  return text.trim() === '' ? 0 : requireCents(text, line, what);
}

/** A running balance cell: null when empty. */
export function balanceCell(text: string, line: number): number | null {
  if (text.trim() === '') return null;
  const cents = parseCents(text);
  if (cents === null) throw new StatementError(`the balance "${text}" is not an amount`, line);
  return cents;
}
