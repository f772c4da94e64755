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

function shape(rows: StatusRow[]): OrderStatsRecord {
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
 */
export async function orderStats(db: Db, scope: SQL | undefined, now: Date): Promise<OrderStatsRecord> {
  const thisMonth = monthStart(now);
  const isThisMonth = sql`${orders.createdAt} >= ${thisMonth.toISOString()}`;
  const rows = await db
    .select({
      status: orders.status,
      thisCount: sql<number>`count(*) filter (where ${isThisMonth})`.mapWith(Number),
      thisValue: sql<number>`coalesce(sum(${orders.total}) filter (where ${isThisMonth}), 0)`.mapWith(Number),
      lastCount: sql<number>`count(*) filter (where not ${isThisMonth})`.mapWith(Number),
      lastValue: sql<number>`coalesce(sum(${orders.total}) filter (where not ${isThisMonth}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(scope, gte(orders.createdAt, monthStart(now, -1)), lt(orders.createdAt, monthStart(now, 1))))
    .groupBy(orders.status);
  return shape(rows);
}

/** The same figures for a whole branch (or every branch), read from the daily stats. */
export async function branchStats(db: Db, branchId: number | undefined, now: Date): Promise<OrderStatsRecord> {
  const thisMonth = dayOf(monthStart(now));
  const isThisMonth = sql`${orderDailyStats.day} >= ${thisMonth}`;
  const rows = await db
    .select({
      status: orderDailyStats.status,
      thisCount: sql<number>`coalesce(sum(${orderDailyStats.orderCount}) filter (where ${isThisMonth}), 0)`.mapWith(Number),
      thisValue: sql<number>`coalesce(sum(${orderDailyStats.orderValue}) filter (where ${isThisMonth}), 0)`.mapWith(Number),
      lastCount: sql<number>`coalesce(sum(${orderDailyStats.orderCount}) filter (where not ${isThisMonth}), 0)`.mapWith(Number),
      lastValue: sql<number>`coalesce(sum(${orderDailyStats.orderValue}) filter (where not ${isThisMonth}), 0)`.mapWith(Number),
    })
    .from(orderDailyStats)
    .where(and(dailyStatsConditions({ branchId, dateFrom: dayOf(monthStart(now, -1)) }), lt(orderDailyStats.day, dayOf(monthStart(now, 1)))))
    .groupBy(orderDailyStats.status);
  return shape(rows);
}

export const branchScope = (branchId: number | undefined): SQL | undefined =>
  branchId === undefined || branchId === -1 ? undefined : eq(orders.branchId, branchId);
