import type { ParsedStatement } from '../statement';
import { requireDay } from '../values';
import { balanceCell, headedCsv, optionalCents } from './csvStatement';

/**
 * FNB: heading rows (`ACCOUNT TRANSACTION HISTORY`, `FOR ACCOUNT NUMBER …`), then `Date, SERVICE
 * FEE, Amount, DESCRIPTION, REFERENCE, Balance, CHEQUE NUMBER`; one signed amount, a running
 * balance. A service fee charged with a transaction becomes a line of its own, so each line is
 * one movement of money.
 */
export function readFnb(text: string): ParsedStatement {
  return headedCsv(
    'fnb',
    text,
    ['date', 'service fee', 'amount', 'description', 'balance'],
    (cell, row) => {
      if (cell('date') === '' && cell('amount') === '' && cell('service fee') === '') return 'skip';
      const date = requireDay(cell('date'), row.line);
      const amount = optionalCents(cell('amount'), row.line, 'amount');
      const fee = -Math.abs(optionalCents(cell('service fee'), row.line, 'service fee'));
      const description = cell('description');
      const lines = [];
      if (amount !== 0 || fee === 0) lines.push({ line: row.line, date, amount, description, reference: cell('reference'), bankId: null });
      if (fee !== 0) lines.push({ line: row.line, date, amount: fee, description: `SERVICE FEE ${description}`.trim(), reference: '', bankId: null });
      return { lines, balance: balanceCell(cell('balance'), row.line) };
    },
    (rows) => ({ account: rows.map((row) => /ACCOUNT NUMBER\s+(\d+)/i.exec(row.cells.join(' '))?.[1]).find(Boolean) ?? '' }),
  );
}
