import { csvRows, findHeading } from './csv';
import { checkBalances } from './balances';
import { StatementError, type BankFormat, type ParsedStatement } from './statement';
import { readAbsa } from './formats/absa';
import { readCamt053 } from './formats/camt053';
import { readCapitec } from './formats/capitec';
import { readFnb } from './formats/fnb';
import { readMt940 } from './formats/mt940';
import { readNedbank } from './formats/nedbank';
import { readOfx } from './formats/ofx';
import { readStandardBank } from './formats/standardBank';
import { parseDay } from './values';

const readers: Record<BankFormat, (text: string) => ParsedStatement> = {
  fnb: readFnb,
  absa: readAbsa,
  standard_bank: readStandardBank,
  nedbank: readNedbank,
  capitec: readCapitec,
  ofx: readOfx,
  camt053: readCamt053,
  mt940: readMt940,
};

/**
 * Which format a file is, from its content (never its name: the banks name their exports
 * anything). Standards by their markers; the banks' CSV by their heading rows and columns,
 * the most specific first (FNB's and ABSA's columns overlap).
 */
export function detectFormat(text: string): BankFormat | null {
  const head = text.slice(0, 4096);
  if (/<(\w+:)?BkToCstmrStmt[\s>]/.test(text) || /camt\.053/.test(head)) return 'camt053';
  if (/OFXHEADER\s*[:=]/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (/^:20:/m.test(head) && /^:(60F|60M|61):/m.test(text)) return 'mt940';
  const rows = csvRows(head);
  const has = (...names: string[]) => findHeading(rows, names) !== null;
  if (rows.some((row) => /^balance brought forward/i.test(row.cells[0] ?? '')) || has('account', 'date', 'description', 'reference', 'amount', 'fees', 'balance')) return 'capitec';
  if (has('date', 'service fee', 'amount', 'description', 'balance')) return 'fnb';
  if (has('date', 'description', 'amount', 'balance', 'originator reference')) return 'standard_bank';
  if (rows.some((row) => /^statement enquiry\s*:?$/i.test(row.cells[0] ?? '')) || rows.some((row) => /^\d{1,2}[A-Za-z]{3}\d{4}$/.test(row.cells[0] ?? '') && parseDay(row.cells[0]) !== null)) return 'nedbank';
  if (has('date', 'description', 'amount', 'balance')) return 'absa';
  return null;
}

/**
 * A bank statement file read and checked: its format recognised, every line read (a date or
 * amount that cannot be read is a StatementError naming the line), its balances added up.
 */
export function parseStatement(text: string): ParsedStatement {
  if (text.trim() === '') throw new StatementError('The file is empty');
  const format = detectFormat(text);
  if (!format) throw new StatementError('The file is not a statement format the portal reads (FNB, ABSA, Standard Bank, Nedbank or Capitec CSV, OFX, camt.053, MT940)');
  const statement = readers[format](text);
  if (statement.lines.length === 0) throw new StatementError('The statement has no transactions');
  checkBalances(statement);
  return statement;
}
