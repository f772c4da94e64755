import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { branches, clients, productGroups, products, salesRollups, salesSummaries, users } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { CurrentUser } from '../../auth/roles';
import { badRequest } from '../../http/errors';
import { clientsVisibleTo } from '../billing/access';
import { daysBetween } from '../../../shared/billing/accounts';
import { OTHERS_KEY, bucketsOf, comparisonPeriod, lastTwelveMonths, type Period, type SalesGrouping } from '../../../shared/reports/periods';
import type { SalesFigures, SalesQueryInput, SalesReport, SalesRow } from './wire';

/** A report spans at most ten years: beyond that a week grouping would be thousands of rows. */
const MAX_DAYS = 3660;
const NO_VALUE = 'none';

/** The summary column each grouping groups on (ids as text: a key is a string, `none` for no rep, product…). */
const keyOf: Record<SalesGrouping, SQL> = {
  month: sql`to_char(day, 'YYYY-MM')`,
  week: sql`to_char(date_trunc('week', day)::date, 'YYYY-MM-DD')`,
  product: sql`coalesce(product_id::text, ${NO_VALUE})`,
  product_group: sql`coalesce(product_group_id::text, ${NO_VALUE})`,
  client: sql`client_id::text`,
  client_type: sql`client_type`,
  rep: sql`coalesce(rep_user_id::text, ${NO_VALUE})`,
  branch: sql`coalesce(branch_id::text, ${NO_VALUE})`,
};

/** Which document count is right: a document counts once per row it can fall in. */
function documentsColumn(query: SalesQueryInput, groupBy: SalesGrouping): SQL {
  if (groupBy === 'product' || query.product_id) return sql`product_documents`;
  if (groupBy === 'product_group' || query.product_group_id) return sql`group_documents`;
  return sql`documents`;
}

function filtersOf(user: CurrentUser, query: SalesQueryInput, period: Period): SQL {
  const s = salesSummaries;
  const parts: (SQL | undefined)[] = [
    sql`${s.day} between ${period.from} and ${period.to}`,
    clientsVisibleTo(user, s.clientId),
    query.product_id ? sql`${s.productId} = ${query.product_id}` : undefined,
    query.product_group_id ? sql`${s.productGroupId} = ${query.product_group_id}` : undefined,
    query.client_id ? sql`${s.clientId} = ${query.client_id}` : undefined,
    query.client_type ? sql`${s.clientType} = ${query.client_type}` : undefined,
    query.rep_id ? sql`${s.repUserId} = ${query.rep_id}` : undefined,
    query.branch_id ? sql`${s.branchId} = ${query.branch_id}` : undefined,
  ];
  return sql.join(
    parts.filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

interface Summed {
  rows: Map<string, SalesFigures>;
  totals: SalesFigures;
}

const zero = (): SalesFigures => ({ quantity: 0, net: 0, vat: 0, total: 0, documents: 0 });

/** The summed rows of a period, a row per key and the totals row (SQL's rollup), as figures. */
function figuresOf(result: unknown): Summed {
  const rows = new Map<string, SalesFigures>();
  let totals = zero();
  for (const row of rowsOf<{ key: string | null; is_total: number; quantity: string; net: string; vat: string; total: string; documents: string }>(result)) {
    const figures = { quantity: Number(row.quantity ?? 0), net: Number(row.net ?? 0), vat: Number(row.vat ?? 0), total: Number(row.total ?? 0), documents: Number(row.documents ?? 0) };
    if (Number(row.is_total) === 1) totals = figures;
    else rows.set(String(row.key), figures);
  }
  return { rows, totals };
}

/**
 * Which keys' rows a report needs besides the totals row: all of them (months, weeks, a report
 * without a limit), the `top` largest by net and one more (so the caller knows whether others
 * remain), or the named `keys` (the comparison period's figures of the rows shown). Picked in SQL:
 * a year by client is tens of thousands of keys, and only a dozen rows leave the database.
 */
type Pick = { top: number } | { keys: string[] };

/** Rows of (key, quantity, net, vat, total, docs) summed per key, with the totals row. */
const summedRows = (rows: SQL, pick?: Pick) => {
  const sums = sql`
    select key, grouping(key) as is_total, sum(quantity) as quantity, sum(net) as net, sum(vat) as vat, sum(total) as total, sum(docs) as documents
    from (${rows}) s
    group by rollup(key)`;
  if (!pick) return sums;
  // Largest net first, ties by key in code-point order (collate "C"), as the answer's rows are ranked.
  if ('top' in pick) return sql`select * from (${sums}) g order by is_total desc, net desc, key collate "C" limit ${pick.top + 2}`;
  return sql`select * from (${sums}) g where is_total = 1 or key in (select jsonb_array_elements_text(${JSON.stringify(pick.keys)}::jsonb))`;
};

/** The daily summaries of the period as rows of a grouping, narrowed to what the caller asked and may see. */
const summaryRows = (where: SQL, query: SalesQueryInput, groupBy: SalesGrouping) =>
  sql`select ${keyOf[groupBy]} as key, quantity, net, vat, total, ${documentsColumn(query, groupBy)} as docs from ${salesSummaries} where ${where}`;

/**
 * A report of the whole register: every client visible (the admin) and no dimension narrowed.
 * Those read the rollups; any other reads the daily summaries through their client, rep and
 * product indexes, which a narrowed report keeps small.
 */
function readsWholeRegister(user: CurrentUser, query: SalesQueryInput): boolean {
  const narrowed = query.product_id || query.product_group_id || query.client_id || query.client_type || query.rep_id || query.branch_id;
  return !narrowed && clientsVisibleTo(user, salesSummaries.clientId) === undefined;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const shiftDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const shiftMonths = (day: string, months: number) => {
  const date = new Date(`${monthStart(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return isoDay(date);
};
const monthEnd = (day: string) => shiftDays(shiftMonths(day, 1), -1);

/**
 * A period as whole months of the rollups and the days around them read from the summaries. A
 * month cut by the period still counts whole when nothing was issued in the part left out (the
 * usual report runs to today, and nothing is issued after today), which two index probes tell.
 */
async function monthsAndDays(db: Tx, period: Period): Promise<{ months?: Period; days: Period[] }> {
  const first = monthStart(period.from);
  const last = monthStart(period.to);
  const [probe] = rowsOf<{ before: boolean; after: boolean }>(
    await db.execute(sql`select
      exists (select 1 from ${salesSummaries} where ${salesSummaries.day} >= ${first} and ${salesSummaries.day} < ${period.from}) as before,
      exists (select 1 from ${salesSummaries} where ${salesSummaries.day} > ${period.to} and ${salesSummaries.day} <= ${monthEnd(period.to)}) as after`),
  );
  const startWhole = !probe.before;
  const endWhole = !probe.after;
  if (first === last) return startWhole && endWhole ? { months: { from: first, to: first }, days: [] } : { days: [period] };
  const days: Period[] = [];
  if (!startWhole) days.push({ from: period.from, to: monthEnd(period.from) });
  if (!endWhole) days.push({ from: last, to: period.to });
  const months = { from: startWhole ? first : shiftMonths(first, 1), to: endWhole ? last : shiftMonths(last, -1) };
  return { months: months.from <= months.to ? months : undefined, days };
}

/** The whole register's figures per key from the rollups (and the summaries for a cut month). */
async function summedFromRollups(db: Tx, query: SalesQueryInput, groupBy: SalesGrouping, period: Period, pick?: Pick): Promise<Summed> {
  const r = salesRollups;
  if (groupBy === 'month' || groupBy === 'week') {
    // The day's whole, keyed by its month or week as the summaries would be.
    const days = sql`select ${r.bucket} as day, ${r.quantity} as quantity, ${r.net} as net, ${r.vat} as vat, ${r.total} as total, ${r.documents} as documents
      from ${r} where ${r.grouping} = 'day' and ${r.bucket} between ${period.from} and ${period.to}`;
    return figuresOf(await db.execute(summedRows(sql`select ${keyOf[groupBy]} as key, quantity, net, vat, total, documents as docs from (${days}) d`)));
  }
  const { months, days } = await monthsAndDays(db, period);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select ${r.key} as key, ${r.quantity} as quantity, ${r.net} as net, ${r.vat} as vat, ${r.total} as total, ${r.documents} as docs
      from ${r} where ${r.grouping} = ${groupBy} and ${r.bucket} between ${months.from} and ${months.to}`);
  }
  for (const cut of days) parts.push(summaryRows(sql`${salesSummaries.day} between ${cut.from} and ${cut.to}`, query, groupBy));
  return figuresOf(await db.execute(summedRows(sql.join(parts, sql` union all `), pick)));
}

/** The period's figures per key (those `pick` names, or all) and in all, in one pass (a rollup adds the totals row). */
async function summed(db: Tx, user: CurrentUser, query: SalesQueryInput, groupBy: SalesGrouping, period: Period, pick?: Pick): Promise<Summed> {
  if (readsWholeRegister(user, query)) return summedFromRollups(db, query, groupBy, period, pick);
  return figuresOf(await db.execute(summedRows(summaryRows(filtersOf(user, query, period), query, groupBy), pick)));
}

const add = (a: SalesFigures, b: SalesFigures): SalesFigures => ({
  quantity: a.quantity + b.quantity,
  net: a.net + b.net,
  vat: a.vat + b.vat,
  total: a.total + b.total,
  documents: a.documents + b.documents,
});
const subtract = (a: SalesFigures, b: SalesFigures): SalesFigures => add(a, { quantity: -b.quantity, net: -b.net, vat: -b.vat, total: -b.total, documents: -b.documents });

/** The names of the ids a grouping's keys hold; a client type or a month is its own label (the screen translates). */
async function labelsOf(db: Tx, groupBy: SalesGrouping, keys: string[]): Promise<Map<string, string>> {
  const ids = keys.filter((key) => key !== NO_VALUE && key !== OTHERS_KEY).map(Number);
  const table = {
    product: { id: products.id, name: products.name, from: products },
    product_group: { id: productGroups.id, name: productGroups.name, from: productGroups },
    client: { id: clients.id, name: clients.name, from: clients },
    rep: { id: users.id, name: users.name, from: users },
    branch: { id: branches.id, name: branches.name, from: branches },
  }[groupBy as 'product'];
  if (!table || ids.length === 0) return new Map();
  const named = await db.select({ id: table.id, name: table.name }).from(table.from).where(inArray(table.id, ids));
  return new Map(named.map((row) => [String(row.id), row.name]));
}

export function reportPeriod(query: SalesQueryInput, today: string): Period {
  const fallback = lastTwelveMonths(today);
  const period = { from: query.from ?? (query.to && query.to < fallback.from ? query.to : fallback.from), to: query.to ?? (query.from && query.from > today ? query.from : today) };
  if (period.from > period.to) throw badRequest('to', 'The period must end on or after its first day (from)');
  if (daysBetween(period.from, period.to) >= MAX_DAYS) throw badRequest('from', `A report spans at most ${MAX_DAYS} days`);
  return period;
}

/**
 * `reports/sales`: the invoice register (tax invoices and debit notes less credit notes, by
 * document date) grouped one way, for the clients the caller may see, from the summaries the
 * issuing transactions keep. Months and weeks come in order with empty ones filled; any other
 * grouping comes largest net first, cut at `limit` with the rest in one `others` row.
 */
export async function salesReport(db: Db, user: CurrentUser, query: SalesQueryInput, today: string): Promise<SalesReport> {
  const period = reportPeriod(query, today);
  // One read-only transaction: both periods and the labels from one snapshot, and no parallel
  // workers. A report's statements read a few thousand rows; when PostgreSQL's estimate of a union
  // of months and cut days passed its parallel threshold, it launched two workers, and launching
  // them cost more than the statement's work (at a million order lines, a report by product group
  // took 41 ms with them and 34 without). Under twenty requests at once on two cores there is no
  // idle core for a worker.
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return reportIn(tx, user, query, period);
    },
    { accessMode: 'read only' },
  );
}

async function reportIn(db: Tx, user: CurrentUser, query: SalesQueryInput, period: Period): Promise<SalesReport> {
  const groupBy = query.group_by ?? 'month';
  const comparePeriod = query.compare ? comparisonPeriod(period, query.compare) : undefined;
  const timeline = groupBy === 'month' || groupBy === 'week';
  let main: Summed;
  let compared: Summed | undefined;
  if (!timeline && query.limit) {
    // The top rows first; the comparison period is then asked for those keys only.
    main = await summed(db, user, query, groupBy, period, { top: query.limit });
    compared = comparePeriod ? await summed(db, user, query, groupBy, comparePeriod, { keys: [...main.rows.keys()].slice(0, query.limit) }) : undefined;
  } else {
    [main, compared] = await Promise.all([summed(db, user, query, groupBy, period), comparePeriod ? summed(db, user, query, groupBy, comparePeriod) : undefined]);
  }

  let data: SalesRow[];
  if (timeline) {
    // The comparison's buckets line up by place: the first month against the first month.
    const buckets = bucketsOf(period, groupBy);
    const compareBuckets = comparePeriod ? bucketsOf(comparePeriod, groupBy) : [];
    data = buckets.map((key, index) => ({
      key,
      label: key,
      ...(main.rows.get(key) ?? zero()),
      ...(compared ? { compare: compared.rows.get(compareBuckets[index]) ?? zero() } : {}),
    }));
  } else {
    const ranked = [...main.rows.entries()].sort(([ka, a], [kb, b]) => b.net - a.net || (ka < kb ? -1 : 1));
    const shown = query.limit ? ranked.slice(0, query.limit) : ranked;
    // Others: whatever the totals hold beyond the rows shown (the database sent one row more than
    // the limit when there are any, not the rest themselves).
    const othersRemain = ranked.length > shown.length;
    const labels = await labelsOf(db, groupBy, shown.map(([key]) => key));
    data = shown.map(([key, figures]) => ({
      key,
      label: labels.get(key) ?? key,
      ...figures,
      ...(compared ? { compare: compared.rows.get(key) ?? zero() } : {}),
    }));
    if (othersRemain) {
      const others = subtract(main.totals, shown.reduce((sum, [, figures]) => add(sum, figures), zero()));
      const compareOthers = compared ? subtract(compared.totals, shown.reduce((sum, [key]) => add(sum, compared.rows.get(key) ?? zero()), zero())) : undefined;
      data.push({ key: OTHERS_KEY, label: OTHERS_KEY, ...others, ...(compareOthers ? { compare: compareOthers } : {}) });
    }
  }
  return {
    data,
    totals: { ...main.totals, ...(compared ? { compare: compared.totals } : {}) },
    period,
    ...(comparePeriod ? { compare_period: comparePeriod } : {}),
  };
}
