/**
 * A bank statement of 10,000 lines imported against the billing dataset's open invoices
 * (bench/billing.ts: about 44,000 invoices at 100,000 orders), as an admin uploads it: one
 * `POST api/bank/import` with the file, timed from the request to the answer, in lines per second.
 *
 * The file is FNB's CSV export (the layout of tests/fixtures/bank/fnb.csv), written here from the
 * database so that its lines meet the matcher's cases in the proportions an EFT statement has:
 * - 6 in 10 name an open invoice's number, as people type it, for exactly what it owes (matched);
 * - 2 in 10 pay what one open invoice owes without naming anything (suggestions at best);
 * - 2 in 10 are bank charges and transfers out (debits, kept and not matched).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';

export const STATEMENT_LINES = 10_000;

export interface BankStatementFile {
  name: string;
  content: string;
  lines: number;
}

/** Rand from cents as FNB writes them: a dot and two decimals, a minus for money out. */
const rand = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The way people type an invoice number in a payment reference: as printed, lower case, without the dash. */
const asTyped = (number: string, i: number) => (i % 3 === 0 ? number : i % 3 === 1 ? number.toLowerCase() : number.replace(/-/g, ' '));

export async function bankStatementFile(db: Db, now = new Date()): Promise<BankStatementFile> {
  const wanted = { named: Math.round(STATEMENT_LINES * 0.6), unnamed: Math.round(STATEMENT_LINES * 0.2) };
  // Distinct invoices for the named lines and the unnamed ones, each for what it still owes.
  const open = rowsOf<{ number: string; open: number }>(
    await db.execute(sql`
      select d.number, b.open::int as open
      from invoice_balances b join billing_documents d on d.id = b.invoice_id
      where b.open > 0
      order by b.invoice_id
      limit ${wanted.named + wanted.unnamed}`),
  );
  // A smaller dataset (BENCH_ORDERS) has fewer open invoices: the statement shrinks with them, in
  // the same proportions, rather than naming an invoice twice; the answer says how many lines it had.
  const size = Math.min(STATEMENT_LINES, Math.floor(open.length / 0.8));
  const named = Math.round(size * 0.6);
  if (size < 100) throw new Error(`the billing dataset has ${open.length} open invoices, too few for a statement`);

  const lines: { amount: number; description: string; reference: string }[] = [];
  for (let i = 0; i < size; i++) {
    if (i % 5 === 4) {
      lines.push({ amount: -(500 + (i % 97) * 10), description: i % 2 ? '#MONTHLY ACCOUNT FEE' : 'FNB APP TRANSFER TO SUPPLIER', reference: '' });
    } else if (i % 5 === 3 && open.length > named) {
      const invoice = open.pop()!;
      lines.push({ amount: invoice.open, description: `FNB APP PAYMENT FROM PAYER ${i}`, reference: `PAYMENT ${i}` });
    } else {
      const invoice = open.shift()!;
      lines.push({ amount: invoice.open, description: `FNB APP PAYMENT FROM CLIENT ${i}`, reference: asTyped(invoice.number, i) });
    }
  }

  // A month of dates ending yesterday, the running balance after each line.
  const day = (i: number) => {
    const date = new Date(now.getTime() - (1 + Math.floor(((size - i) * 28) / size)) * 86_400_000);
    return date.toISOString().slice(0, 10).replace(/-/g, '/');
  };
  let balance = 100_000_00;
  const rows = lines.map((line, i) => {
    balance += line.amount;
    return `${day(i)},,${rand(line.amount)},${line.description},${line.reference},${rand(balance)},`;
  });
  const content = [
    'ACCOUNT TRANSACTION HISTORY',
    `FOR ACCOUNT NUMBER 62123456789 FROM ${day(0)} TO ${day(size - 1)}`,
    '',
    'Date,SERVICE FEE,Amount,DESCRIPTION,REFERENCE,Balance,CHEQUE NUMBER',
    ...rows,
    '',
  ].join('\n');
  return { name: 'fnb-bench.csv', content, lines: size };
}

/** Uploads the file as the import screen does; answers the import's counts and its speed. */
export async function importStatement(url: string, headers: Record<string, string>, file: BankStatementFile): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', new Blob([file.content], { type: 'text/csv' }), file.name);
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body: form });
  const ms = performance.now() - started;
  const answer = (await response.json()) as { data?: Record<string, number>; message?: string };
  if (response.status !== 201 && response.status !== 200) throw new Error(`the bank import answered ${response.status}: ${answer.message ?? ''}`);
  const { lines, credits, matched, suggested, unmatched } = answer.data!;
  return { lines, credits, matched, suggested, unmatched, ms: Math.round(ms), lines_per_s: Math.round((file.lines / ms) * 1000) };
}
