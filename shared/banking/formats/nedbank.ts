import { csvRows } from '../csv';
import { StatementError, type ParsedStatement } from '../statement';
import { requireCents, requireDay } from '../values';
import { balanceCell, collect, labels, optionalCents } from './csvStatement';

/**
 * Nedbank: `Label :,value` rows (Statement Enquiry, Account Number …), then `date, description,
 * amount, balance` rows with no heading; dates like `01Mar2025`. `BROUGHT FORWARD` and `CARRIED
 * FORWARD` rows carry the opening and closing balances; `PROVISIONAL STATEMENT` and a VAT-on-fees
 * row with no amount carry no movement and are left out.
 */
export function readNedbank(text: string): ParsedStatement {
  const rows = csvRows(text);
  const label = labels(rows.filter((row) => /:\s*$/.test(row.cells[0] ?? '')));
  const table = rows.filter((row) => !/:\s*$/.test(row.cells[0] ?? ''));
  return collect(
    'nedbank',
    table,
    (row) => {
      const [date = '', description = '', amount = '', balance = ''] = row.cells;
      if (row.cells.length < 3) throw new StatementError('a row of Nedbank’s export has a date, a description, an amount and a balance', row.line);
      if (/BROUGHT FORWARD/i.test(description)) return { opening: requireCents(balance, row.line, 'balance') };
      if (/CARRIED FORWARD/i.test(description)) return { closing: requireCents(balance, row.line, 'balance') };
      if (/PROVISIONAL STATEMENT/i.test(description) || amount === '') return 'skip';
      return {
        lines: [{ line: row.line, date: requireDay(date, row.line), amount: optionalCents(amount, row.line, 'amount'), description, reference: '', bankId: null }],
        balance: balanceCell(balance, row.line),
      };
    },
    { account: label.get('account number') ?? '' },
  );
}
