import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderDailyStats, orders } from '../../db/schema';
import type { OrderStatus } from './workflow';

/** The business day of a timestamp: South African time, UTC+2 all year (as stats.ts's months). */
export const businessDay = (at: SQL | Date) => sql`((${at instanceof Date ? at.toISOString() : at})::timestamptz at time zone 'UTC' + interval '2 hours')::date`;

export interface CountedOrder {
  branchId: number;
  createdAt: Date;
}

/**
 * Moves an order in the daily stats: out of its old status and value (`from`), into its new ones
 * (`to`); `from` is absent for a new order and `to` for a deleted one. Runs in the write's
 * transaction, so the stats always match the orders.
 */
export async function moveInDailyStats(
  tx: Tx,
  order: CountedOrder,
  from: { status: OrderStatus; total: number } | null,
  to: { status: OrderStatus; total: number } | null,
): Promise<void> {
  // One row per status: an edit that keeps the status moves only the value, and one statement may
  // not touch a row twice.
  const byStatus = new Map<OrderStatus, { count: number; value: number }>();
  const add = (status: OrderStatus, count: number, value: number) => {
    const row = byStatus.get(status) ?? { count: 0, value: 0 };
    byStatus.set(status, { count: row.count + count, value: row.value + value });
  };
  if (from) add(from.status, -1, -from.total);
  if (to) add(to.status, 1, to.total);
  const day = businessDay(order.createdAt);
  const rows = [...byStatus].map(([status, change]) => sql`(${order.branchId}, ${day}, ${status}, ${change.count}, ${change.value})`);
  if (rows.length === 0) return;
  // Both moves in one statement: a status step is one round trip here, not two.
  await tx.execute(sql`
    insert into ${orderDailyStats} (branch_id, day, status, order_count, order_value)
    values ${sql.join(rows, sql`, `)}
    ${addToDayRow}`);
}

/** The end of an insert into the daily stats: a day, branch and status already counted adds to its row. */
export const addToDayRow = sql`on conflict (branch_id, day, status) do update
      set order_count = ${orderDailyStats.orderCount} + excluded.order_count,
          order_value = ${orderDailyStats.orderValue} + excluded.order_value`;

/** Recomputes the daily stats from the orders: after a bulk load (demo seed, bench dataset). */
export async function rebuildDailyStats(db: Db | Tx): Promise<void> {
  await db.delete(orderDailyStats);
  await db.execute(sql`
    insert into ${orderDailyStats} (branch_id, day, status, order_count, order_value)
    select branch_id, ${businessDay(sql`created_at`)}, status, count(*), sum(total)
    from ${orders} group by 1, 2, 3`);
}

/** The business day (YYYY-MM-DD) of an instant. */
export const dayOf = (at: Date): string => new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 10);

export interface StatsFilter {
  branchId?: number;
  status?: OrderStatus;
  /** Inclusive business days. */
  dateFrom?: string;
  dateTo?: string;
}

export function dailyStatsConditions(filter: StatsFilter): SQL | undefined {
  return and(
    filter.branchId === undefined ? undefined : eq(orderDailyStats.branchId, filter.branchId),
    filter.status ? eq(orderDailyStats.status, filter.status) : undefined,
    filter.dateFrom ? gte(orderDailyStats.day, filter.dateFrom) : undefined,
    filter.dateTo ? lt(orderDailyStats.day, sql`(${filter.dateTo}::date + 1)`) : undefined,
  );
}

/** How many orders match a filter the daily stats can answer (branch, status, day range): a query to compose. */
export function countFromDailyStats(db: Db, filter: StatsFilter) {
  return db
    .select({ n: sql<number>`coalesce(sum(${orderDailyStats.orderCount}), 0)` })
    .from(orderDailyStats)
    .where(dailyStatsConditions(filter));
}
