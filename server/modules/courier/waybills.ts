import { sql, type SQL } from 'drizzle-orm';

/**
 * Where waybills are written down. Courier events are keyed by waybill alone, so they attach to
 * every record that carries one; each source is a query of `(order_id, courier, waybill)` rows
 * over its whole table, and the readers (tracking.ts, events.ts) filter the union: PostgreSQL
 * pushes the filter into each branch, so each source's own index on its waybill or order is used.
 *
 * A second source is one entry here: deliveries join with
 *   sql`select d.order_id, d.courier, d.waybill from deliveries d where d.waybill <> ''`
 * (with an index on `deliveries (waybill)`), and every order answer, the public tracking page
 * and the live notice of a courier event then follow the delivery's waybill too.
 */
const WAYBILL_SOURCES: SQL[] = [
  // The order's own courier and tracking number (orders/save_courier).
  sql`select o.id as order_id, o.courier_name as courier, o.tracking_number as waybill from orders o where o.tracking_number <> ''`,
];

/** Every waybill of every order, as one relation (`order_id`, `courier`, `waybill`). */
export const allWaybills = (): SQL => sql`(${sql.join(WAYBILL_SOURCES, sql` union all `)})`;
