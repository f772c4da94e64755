import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

/** How the client view summarises a client's orders: how many in all and per status. */
export interface OrderCounts {
  total: number;
  by_status: Record<string, number>;
}

export interface ClientOrders {
  /** The requested page of the client's orders, newest first. */
  orders: Record<string, unknown>[];
  order_counts: OrderCounts;
}

export const CLIENT_ORDERS_PER_PAGE = 10;

/** The client's orders for `clients/client`: a page of `CLIENT_ORDERS_PER_PAGE`, newest first, and the counts. */
export async function ordersOfClient(db: Db, clientId: number, page: number): Promise<ClientOrders> {
  const [rows, counts] = await Promise.all([
    db
      .select({ id: orders.id, reference: orders.reference, status: orders.status, total: orders.total, branch_id: orders.branchId, created_at: orders.createdAt })
      .from(orders)
      .where(eq(orders.clientId, clientId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CLIENT_ORDERS_PER_PAGE)
      .offset((page - 1) * CLIENT_ORDERS_PER_PAGE),
    db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.clientId, clientId)).groupBy(orders.status),
  ]);
  return {
    orders: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    order_counts: { total: counts.reduce((sum, row) => sum + row.n, 0), by_status: Object.fromEntries(counts.map((row) => [row.status, row.n])) },
  };
}
