import { describe, expect, it } from 'vitest';
import { rowLabel, salesCsv, type SalesReport } from '../../src/resources/reports/salesReport';

const translate = (key: string) => ({ 'reports.others': 'Others', 'reports.none': 'None', 'reports.client_types.stockist': 'Stockist' })[key] ?? key;
const figures = { quantity: 2, net: 10_050, vat: 1_507, total: 11_557, documents: 1 };

describe('sales report on screen', () => {
  it('names months in the user language, translates others and client types, keeps names', () => {
    expect(rowLabel({ key: '2026-03', label: '2026-03', ...figures }, 'month', 'en', translate)).toBe('Mar 2026');
    expect(rowLabel({ key: '2026-03', label: '2026-03', ...figures }, 'month', 'fr', translate)).toMatch(/mars 2026/);
    expect(rowLabel({ key: 'others', label: 'others', ...figures }, 'product', 'en', translate)).toBe('Others');
    expect(rowLabel({ key: 'stockist', label: 'stockist', ...figures }, 'client_type', 'en', translate)).toBe('Stockist');
    expect(rowLabel({ key: '7', label: 'Rooibos tea', ...figures }, 'product', 'en', translate)).toBe('Rooibos tea');
  });

  it('exports what is on screen: rand with two decimals, the comparison beside, formulas defused', () => {
    const report: SalesReport = {
      data: [
        { key: '7', label: '=cmd()', ...figures, compare: { ...figures, net: -300 } },
        { key: 'others', label: 'others', ...figures },
      ],
      totals: figures,
      period: { from: '2026-01-01', to: '2026-01-31' },
    };
    const lines = salesCsv([{ title: 'Top products', groupBy: 'product', report }], 'en', translate).split('\r\n');
    expect(lines[1]).toBe(`Top products,7,"'=cmd()",2,100.50,15.07,115.57,1,2,-3.00,15.07,115.57`);
    expect(lines[2]).toBe('Top products,others,Others,2,100.50,15.07,115.57,1,,,,');
  });
});
