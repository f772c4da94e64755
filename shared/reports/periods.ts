import { addDays, daysBetween } from '../billing/accounts';

/** How the sales reports group, and what they compare a period with. Days are YYYY-MM-DD. */
export const salesGroupings = ['month', 'week', 'product', 'product_group', 'client', 'client_type', 'rep', 'branch'] as const;
export type SalesGrouping = (typeof salesGroupings)[number];
export const timeGroupings: readonly SalesGrouping[] = ['month', 'week'];
export const comparisons = ['previous', 'last_year'] as const;
export type Comparison = (typeof comparisons)[number];

/** The key of the row that sums everything past the top N. */
export const OTHERS_KEY = 'others';

export interface Period {
  from: string;
  to: string;
}

/** The same day a year earlier (29 February becomes the 28th). */
export function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const lastOfMonth = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastOfMonth)).padStart(2, '0')}`;
}

const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
const isMonthEnd = (day: string) => addDays(day, 1).endsWith('-01');

/**
 * The period a report compares with: the same days a year earlier, or the as-long period just
 * before (as many whole months when the period is whole months, so February–April compares with
 * November–January rather than from the 4th of November).
 */
export function comparisonPeriod(period: Period, compare: Comparison): Period {
  if (compare === 'last_year') return { from: yearEarlier(period.from), to: yearEarlier(period.to) };
  if (period.from.endsWith('-01') && isMonthEnd(period.to)) {
    const [fy, fm] = period.from.split('-').map(Number);
    const [ty, tm] = period.to.split('-').map(Number);
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    return { from: monthStart(fy, fm - months), to: addDays(period.from, -1) };
  }
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** The Monday of a day's ISO week. */
export function weekOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every month (YYYY-MM) or week (its Monday) a period touches, in order: a chart shows empty ones too. */
export function bucketsOf(period: Period, grouping: 'month' | 'week'): string[] {
  const buckets: string[] = [];
  if (grouping === 'week') {
    for (let monday = weekOf(period.from); monday <= period.to; monday = addDays(monday, 7)) buckets.push(monday);
    return buckets;
  }
  let [y, m] = period.from.split('-').map(Number);
  const last = period.to.slice(0, 7);
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (month > last) return buckets;
    buckets.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The twelve months up to and including `today`'s, the screen's first period. */
export function lastTwelveMonths(today: string): Period {
  const [y, m] = today.split('-').map(Number);
  const start = m === 12 ? `${y}-01-01` : `${y - 1}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: start, to: today };
}

/** From the first of `today`'s month to `today`: the dashboards' "this month". */
export const monthToDate = (today: string): Period => ({ from: `${today.slice(0, 7)}-01`, to: today });

/** From the first of January to `today`: the member's "this year", compared with the same days last year. */
export const yearToDate = (today: string): Period => ({ from: `${today.slice(0, 4)}-01-01`, to: today });
