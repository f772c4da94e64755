import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products, stockLevels, stockReservations } from '../../db/schema';
import type { OrderStatus } from './workflow';

/** The statuses of orders still to be worked on, in workflow order: what the dashboards call waiting. */
export const waitingStatuses = ['new', 'confirmed', 'in_production', 'ready'] as const satisfies readonly OrderStatus[];

export interface ProductionQueue {
  data: { product_id: number; sku: string; name: string; quantity: number; orders: number }[];
  waiting: { status: (typeof waitingStatuses)[number]; orders: number }[];
}

/**
 * `orders/production_queue`: what production has to make — by product, what confirmed orders wait
 * for (their backorders, in every branch) and no open work order covers yet, most first, with the
 * number of orders waiting for it — and how many orders wait at each step. The same "to make" as
 * the production plan (read from the stock levels, kept in step with every reservation and work
 * order): what is in stock goes out without being made. Quantities and counts only: the production
 * team sees no money, so no price or total is read here.
 */
export async function productionQueue(db: Db): Promise<ProductionQueue> {
  const [lines, counts] = await Promise.all([
    db.execute(sql`
      with to_make as (
        select l.product_id, sum(greatest(l.backordered - l.in_production, 0))::bigint as quantity
        from ${stockLevels} l group by l.product_id having sum(greatest(l.backordered - l.in_production, 0)) > 0
      ), waiting as (
        select r.product_id, count(distinct r.order_id)::int as orders from ${stockReservations} r where r.backordered > 0 group by r.product_id
      )
      select p.id as product_id, p.sku, p.name, m.quantity, coalesce(w.orders, 0) as orders
      from to_make m join ${products} p on p.id = m.product_id left join waiting w on w.product_id = m.product_id
      order by m.quantity desc, p.name, p.id`),
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
