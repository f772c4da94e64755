import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from '../../src/resources/orders/quickOrderText';

describe('quick order text', () => {
  it('reads a code and a quantity per line, by space, comma, semicolon or tab; no quantity is 1', () => {
    expect(parseQuickOrder('ZINC-25 3\nVIT-C-500,2\r\nIRON-14;\t4\nOMEGA-3-1000\tsix\n\nWHEY-VAN').lines).toEqual([
      { line: 1, code: 'ZINC-25', quantity: 3 },
      { line: 2, code: 'VIT-C-500', quantity: 2 },
      { line: 3, code: 'IRON-14', quantity: 4 },
      { line: 6, code: 'WHEY-VAN', quantity: 1 },
    ]);
  });

  it('names each bad line by its number, and skips a CSV header', () => {
    const { lines, problems } = parseQuickOrder('sku,quantity\nZINC-25,0\nVIT-C-500,2.5\nIRON-14,100001\nMAG,1,extra\n ,4\nOK-1,100000');
    expect(lines).toEqual([{ line: 7, code: 'OK-1', quantity: 100000 }]);
    expect(problems.map((problem) => [problem.line, problem.problem])).toEqual([
      [2, 'bad_quantity'],
      [3, 'bad_quantity'],
      [4, 'bad_quantity'],
      [5, 'bad_quantity'],
      [6, 'no_code'],
    ]);
  });
});
