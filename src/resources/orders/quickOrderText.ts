import { MAX_QUANTITY } from '../../../shared/orders/limits';

export interface QuickLine {
  /** 1-based, as the user counts the lines they typed or pasted. */
  line: number;
  code: string;
  quantity: number;
}

export interface QuickProblem {
  line: number;
  text: string;
  /** The message key and its arguments. */
  /** unseen_code: offline, a code of no product this device has seen (it may well exist). */
  problem: 'no_code' | 'bad_quantity' | 'unknown_code' | 'unseen_code';
}

/**
 * Quick order: one line per product, its code and then its quantity, separated by spaces, a comma,
 * a semicolon or a tab (a line pasted from a spreadsheet or a CSV); no quantity is 1. A CSV's
 * header line (`sku,quantity`) is skipped. Blank lines are nothing.
 */
export function parseQuickOrder(text: string): { lines: QuickLine[]; problems: QuickProblem[] } {
  const lines: QuickLine[] = [];
  const problems: QuickProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    const parts = trimmed.split(/\s*[,;\t]\s*|\s+/);
    // A separator at the end ("ZINC-25;") adds nothing; one at the start leaves the code empty.
    while (parts.length > 1 && parts.at(-1) === '') parts.pop();
    const [code = '', quantityText, ...rest] = parts;
    if (index === 0 && /^(sku|code)$/i.test(code) && /^(qty|quantity)?$/i.test(quantityText ?? '')) return;
    if (!code) return void problems.push({ line, text: raw, problem: 'no_code' });
    const quantity = quantityText === undefined ? 1 : Number(quantityText);
    if (rest.length > 0 || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      return void problems.push({ line, text: raw, problem: 'bad_quantity' });
    }
    lines.push({ line, code, quantity });
  });
  return { lines, problems };
}
