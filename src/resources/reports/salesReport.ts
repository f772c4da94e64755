import type { Comparison, SalesGrouping } from '../../../shared/reports/periods';
import { OTHERS_KEY } from '../../../shared/reports/periods';
import { centsToRandText } from '../billing/money';

/** The answer of reports/sales (server/modules/reports/wire.ts): money in cents, net excludes VAT. */
export interface SalesFigures {
  quantity: number;
  net: number;
  vat: number;
  total: number;
  documents: number;
}
export interface SalesRow extends SalesFigures {
  key: string;
  label: string;
  compare?: SalesFigures;
}
export interface SalesReport {
  data: SalesRow[];
  totals: SalesFigures & { compare?: SalesFigures };
  period: { from: string; to: string };
  compare_period?: { from: string; to: string };
}

export interface SalesQuery {
  group_by: SalesGrouping;
  from: string;
  to: string;
  compare?: Comparison;
  limit?: number;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a row is called on screen: a month or week in the user's language, a client type or
 * "others" translated, a name as the server gave it.
 */
export function rowLabel(row: SalesRow, groupBy: SalesGrouping, locale: string, translate: Translate): string {
  if (row.key === OTHERS_KEY) return translate('reports.others');
  if (row.key === 'none') return translate('reports.none');
  if (groupBy === 'month') return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${row.key}-01T00:00:00Z`));
  if (groupBy === 'week') return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${row.key}T00:00:00Z`));
  if (groupBy === 'client_type') return translate(`reports.client_types.${row.key}`, { _: row.key });
  return row.label;
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value);

export interface CsvSection {
  title: string;
  groupBy: SalesGrouping;
  report: SalesReport;
}

/**
 * What is on screen as one CSV: each chart's rows under its title, amounts as rand with two
 * decimals (a spreadsheet reads them as numbers), the comparison beside them when there is one.
 */
export function salesCsv(sections: CsvSection[], locale: string, translate: Translate): string {
  const header = ['section', 'key', 'label', 'quantity', 'net', 'vat', 'total', 'documents', 'compare_quantity', 'compare_net', 'compare_vat', 'compare_total'];
  const lines = sections.flatMap(({ title, groupBy, report }) =>
    report.data.map((row) => {
      // Text may be a formula in disguise (defused); amounts stay numbers, a minus sign and all.
      const text = [title, row.key, rowLabel(row, groupBy, locale, translate)].map(csvCell);
      const numbers = [String(row.quantity), centsToRandText(row.net), centsToRandText(row.vat), centsToRandText(row.total), String(row.documents)];
      const compared = row.compare ? [String(row.compare.quantity), centsToRandText(row.compare.net), centsToRandText(row.compare.vat), centsToRandText(row.compare.total)] : ['', '', '', ''];
      return [...text, ...numbers, ...compared].join(',');
    }),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
