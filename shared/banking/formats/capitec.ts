import { csvRows } from '../csv';
import type { ParsedStatement } from '../statement';
import { requireCents, requireDay } from '../values';
import { balanceCell, headedCsv, optionalCents } from './csvStatement';

/**
 * Capitec: `Balance brought forward:,<amount>`, an empty row, then `Account, Date, Description,
 * Reference, Amount, Fees, Balance`; dates `DD/MM/YYYY`; fees in their own column (a row may have
 * only a fee), each kept as a line of its own; a last `Total:` row of sums, not a transaction.
 */
export function readCapitec(text: string): ParsedStatement {
  return headedCsv(
    'capitec',
    text,
    ['account', 'date', 'description', 'reference', 'amount', 'fees', 'balance'],
    (cell, row) => {
      if (row.cells.some((c) => /^total:?$/i.test(c))) return 'skip';
      if (cell('date') === '' && cell('amount') === '' && cell('fees') === '') return 'skip';
      const date = requireDay(cell('date'), row.line);
      const amount = optionalCents(cell('amount'), row.line, 'amount');
      const fee = -Math.abs(optionalCents(cell('fees'), row.line, 'fee'));
      const lines = [];
      if (amount !== 0 || fee === 0) lines.push({ line: row.line, date, amount, description: cell('description'), reference: cell('reference'), bankId: null });
      if (fee !== 0) lines.push({ line: row.line, date, amount: fee, description: `FEE ${cell('description')}`.trim(), reference: '', bankId: null });
      return { lines, balance: balanceCell(cell('balance'), row.line) };
    },
    (rows) => {
      const brought = rows.find((row) => /^balance brought forward/i.test(row.cells[0] ?? ''));
      const account = rows.find((row) => /^account/i.test(row.cells[0] ?? ''))?.cells[1] ?? '';
      return { account, opening: brought ? requireCents(brought.cells[1] ?? '', brought.line, 'balance brought forward') : null };
    },
  );
}

/** The heading row Capitec's export has, for recognising it. */
export const looksLikeCapitec = (text: string) => csvRows(text).some((row) => /^balance brought forward/i.test(row.cells[0] ?? ''));
