import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { OrderStatus } from './workflow';

/** The statuses of orders still to be worked on, in workflow order: what the dashboards call waiting. */
export const waitingStatuses = ['new', 'confirmed', 'in_production', 'ready'] as const satisfies readonly OrderStatus[];

export interface ProductionQueue {
  data: { product_id: number; sku: string; name: string; quantity: number; orders: number }[];
  waiting: { status: (typeof waitingStatuses)[number]; orders: number }[];
}

/**
 * `orders/production_queue`: what production has to make — the confirmed orders' lines summed by
 * product, most first — and how many orders wait at each step. Quantities and counts only: the
 * production team sees no money, so no price or total is read here.
 */
export async function productionQueue(db: Db): Promise<ProductionQueue> {
  const [lines, counts] = await Promise.all([
    db.execute(sql`
      select p.id as product_id, p.sku, p.name, sum(l.quantity)::bigint as quantity, count(distinct o.id)::int as orders
      from orders o join order_lines l on l.order_id = o.id join products p on p.id = l.product_id
      where o.status = 'confirmed'
      group by p.id, p.sku, p.name
      order by quantity desc, p.name, p.id`),
    db.execute(sql`select status, count(*)::int as orders from orders where status in (${sql.join(
      waitingStatuses.map((status) => sql`${status}`),
      sql`, `,
    )}) group by status`),
  ]);
  const byStatus = new Map(rowsOf<{ status: string; orders: number }>(counts).map((row) => [row.status, Number(row.orders)]));
  return {
    data: rowsOf<{ product_id: number; sku: string; name: string; quantity: string; orders: number }>(lines).map((row) => ({
      product_id: Number(row.product_id),
      sku: row.sku,
      name: row.name,
      quantity: Number(row.quantity),
      orders: Number(row.orders),
    })),
    waiting: waitingStatuses.map((status) => ({ status, orders: byStatus.get(status) ?? 0 })),
  };
}
