import type { ParsedStatement } from '../statement';
import { requireCents, requireDay } from '../values';
import { balanceCell, headedCsv } from './csvStatement';

/** ABSA: `Date, Description, Amount, Balance`; dates `YYYYMMDD`; one signed amount. */
export function readAbsa(text: string): ParsedStatement {
  return headedCsv('absa', text, ['date', 'description', 'amount', 'balance'], (cell, row) => {
    if (cell('date') === '' && cell('amount') === '') return 'skip';
    return {
      lines: [{ line: row.line, date: requireDay(cell('date'), row.line), amount: requireCents(cell('amount'), row.line), description: cell('description'), reference: '', bankId: null }],
      balance: balanceCell(cell('balance'), row.line),
    };
  });
}
