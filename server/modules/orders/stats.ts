import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderDailyStats, orders } from '../../db/schema';
import { dailyStatsConditions, dayOf } from './dailyStats';
import { orderStatuses, type OrderStatus } from './workflow';
import type { OrderStatsRecord } from './schemas';

/** The business runs on South African time (UTC+2 all year): months start at midnight there. */
const BUSINESS_UTC_OFFSET_MS = 2 * 3600_000;

/** Start of the business month holding `now`, moved by `months`. */
export function monthStart(now: Date, months = 0): Date {
  const local = new Date(now.getTime() + BUSINESS_UTC_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, 1) - BUSINESS_UTC_OFFSET_MS);
}

interface StatusRow {
  status: string;
  thisCount: number;
  thisValue: number;
  lastCount: number;
  lastValue: number;
}

/** The stats answer from its rows (one per status seen), every status listed, missing ones as zero. */
export function shape(rows: StatusRow[]): OrderStatsRecord {
  const byStatus = new Map(rows.map((row) => [row.status as OrderStatus, row]));
  const by_status = orderStatuses.map((status) => {
    const row = byStatus.get(status);
    return {
      status,
      this_month: { count: row?.thisCount ?? 0, value: row?.thisValue ?? 0 },
      last_month: { count: row?.lastCount ?? 0, value: row?.lastValue ?? 0 },
    };
  });
  const sum = (period: 'this_month' | 'last_month') =>
    by_status.reduce((acc, s) => ({ count: acc.count + s[period].count, value: acc.value + s[period].value }), { count: 0, value: 0 });
  return { this_month: sum('this_month'), last_month: sum('last_month'), by_status };
}

/**
 * Count and value per status this month against last month, counted from the orders `scope`
 * selects (what a member or a reseller may see: a small set, read through its client index).
 * A query to compose (`listOrders` sends it with the page in one statement); its columns are
 * named as `StatusRow` names them.
 */
export function orderStatsQuery(db: Db, scope: SQL | undefined, now: Date) {
  const thisMonth = monthStart(now);
  const isThisMonth = sql`${orders.createdAt} >= ${thisMonth.toISOString()}`;
  return db
    .select({
      status: sql<string>`${orders.status}`.as('status'),
      thisCount: sql<number>`count(*) filter (where ${isThisMonth})`.as('thisCount'),
      thisValue: sql<number>`coalesce(sum(${orders.total}) filter (where ${isThisMonth}), 0)`.as('thisValue'),
      lastCount: sql<number>`count(*) filter (where not ${isThisMonth})`.as('lastCount'),
      lastValue: sql<number>`coalesce(sum(${orders.total}) filter (where not ${isThisMonth}), 0)`.as('lastValue'),
    })
    .from(orders)
    .where(and(scope, gte(orders.createdAt, monthStart(now, -1)), lt(orders.createdAt, monthStart(now, 1))))
    .groupBy(orders.status);
}

/** The same figures for a whole branch (or every branch), read from the daily stats. */
export function branchStatsQuery(db: Db, branchId: number | undefined, now: Date) {
  const thisMonth = dayOf(monthStart(now));
  const isThisMonth = sql`${orderDailyStats.day} >= ${thisMonth}`;
  return db
    .select({
      status: sql<string>`${orderDailyStats.status}`.as('status'),
      thisCount: sql<number>`coalesce(sum(${orderDailyStats.orderCount}) filter (where ${isThisMonth}), 0)`.as('thisCount'),
      thisValue: sql<number>`coalesce(sum(${orderDailyStats.orderValue}) filter (where ${isThisMonth}), 0)`.as('thisValue'),
      lastCount: sql<number>`coalesce(sum(${orderDailyStats.orderCount}) filter (where not ${isThisMonth}), 0)`.as('lastCount'),
      lastValue: sql<number>`coalesce(sum(${orderDailyStats.orderValue}) filter (where not ${isThisMonth}), 0)`.as('lastValue'),
    })
    .from(orderDailyStats)
    .where(and(dailyStatsConditions({ branchId, dateFrom: dayOf(monthStart(now, -1)) }), lt(orderDailyStats.day, dayOf(monthStart(now, 1)))))
    .groupBy(orderDailyStats.status);
}

export const branchScope = (branchId: number | undefined): SQL | undefined =>
  branchId === undefined || branchId === -1 ? undefined : eq(orders.branchId, branchId);
