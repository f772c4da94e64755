import { sql, type SQL } from 'drizzle-orm';

/**
 * Where waybills are written down. Courier events are keyed by waybill alone, so they attach to
 * every record that carries one; each source is a query of `(order_id, courier, waybill)` rows
 * over its whole table, and the readers (tracking.ts, events.ts) filter the union: PostgreSQL
 * pushes the filter into each branch, so each source's own index on its waybill or order is used.
 *
 * Each source is one entry here, with an index on its waybill: every order answer, the public
 * tracking page and the live notice of a courier event follow all of them.
 */
const WAYBILL_SOURCES: SQL[] = [
  // The order's own courier and tracking number (orders/save_courier).
  sql`select o.id as order_id, o.courier_name as courier, o.tracking_number as waybill from orders o where o.tracking_number <> ''`,
  // Each delivery's courier and waybill (deliveries/create): an order sent in parts has several.
  sql`select d.order_id, d.courier, d.waybill from deliveries d where d.waybill <> ''`,
];

/** Every waybill of every order, as one relation (`order_id`, `courier`, `waybill`). */
export const allWaybills = (): SQL => sql`(${sql.join(WAYBILL_SOURCES, sql` union all `)})`;
