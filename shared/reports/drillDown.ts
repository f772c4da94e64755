import { addDays } from '../billing/accounts';
import { OTHERS_KEY, type Period, type SalesGrouping } from './periods';

/**
 * The invoices list's filter (api/billing/invoices) for the documents behind one row of a sales
 * report: the register (`register`: invoices, debit and credit notes with lines), the row's days
 * within the report's period, and the row's dimension. What the list then holds is what the row
 * counted (its `documents`), so a bar and the list it opens agree.
 */
export interface DrillDownFilter {
  register: true;
  date_from: string;
  date_to: string;
  product_id?: number;
  product_group_id?: number;
  client_id?: number;
  client_type?: string;
  rep_id?: number;
  branch_id?: number;
}

/** The report's own filters that narrow the documents too (a dashboard's), carried into the list. */
export type ReportFilters = Partial<Pick<DrillDownFilter, 'product_id' | 'product_group_id' | 'client_id' | 'client_type' | 'rep_id' | 'branch_id'>>;

const idFilter: Partial<Record<SalesGrouping, 'product_id' | 'product_group_id' | 'client_id' | 'rep_id' | 'branch_id'>> = {
  product: 'product_id',
  product_group: 'product_group_id',
  client: 'client_id',
  rep: 'rep_id',
  branch: 'branch_id',
};

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The last day of a YYYY-MM month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The filter for row `key` of a report grouped by `groupBy` over `period`, or null when the row
 * stands for no one list: "others" (the rest past the top N) and "none" (no rep, no product…).
 */
export function drillDownFilter(groupBy: SalesGrouping, key: string, period: Period, filters: ReportFilters = {}): DrillDownFilter | null {
  if (key === OTHERS_KEY || key === 'none') return null;
  const base = { register: true as const, date_from: period.from, date_to: period.to, ...filters };
  if (groupBy === 'month') return { ...base, date_from: later(`${key}-01`, period.from), date_to: earlier(monthEnd(key), period.to) };
  if (groupBy === 'week') return { ...base, date_from: later(key, period.from), date_to: earlier(addDays(key, 6), period.to) };
  if (groupBy === 'client_type') return { ...base, client_type: key };
  const field = idFilter[groupBy];
  return field ? { ...base, [field]: Number(key) } : null;
}
