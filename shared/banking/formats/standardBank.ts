import type { ParsedStatement } from '../statement';
import { requireCents, requireDay } from '../values';
import { balanceCell, headedCsv, labels } from './csvStatement';

/**
 * Standard Bank: `Label:,value` rows, then `Date, Value Date, Statement Number, Description,
 * Amount, Balance, Type, Originator Reference, Customer Reference`; explicit `+`/`-` signs; an
 * `OPEN BALANCE` row first and a `CLOSE BALANCE` row last, with a balance and no amount.
 */
export function readStandardBank(text: string): ParsedStatement {
  return headedCsv(
    'standard_bank',
    text,
    ['date', 'description', 'amount', 'balance', 'originator reference'],
    (cell, row) => {
      const description = cell('description');
      if (/^OPEN(ING)? BALANCE/i.test(description)) return { opening: requireCents(cell('balance'), row.line, 'balance') };
      if (/^CLOS(E|ING) BALANCE/i.test(description)) return { closing: requireCents(cell('balance'), row.line, 'balance') };
      if (cell('date') === '' && cell('amount') === '') return 'skip';
      const reference = [cell('customer reference'), cell('originator reference')].filter(Boolean).join(' ');
      return {
        lines: [{ line: row.line, date: requireDay(cell('date'), row.line), amount: requireCents(cell('amount'), row.line), description, reference, bankId: null }],
        balance: balanceCell(cell('balance'), row.line),
      };
    },
    (rows) => {
      const label = labels(rows);
      return { account: label.get('account no') ?? label.get('account number') ?? '', currency: label.get('currency') || 'ZAR' };
    },
  );
}
