import { expect } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { branches, orderLines, orders, stockLevels, stockReservations } from '../../../server/db/schema';
import { rowsOf } from '../../../server/db/rows';
import type { TestApp } from './app';
import { catalogueFactory } from './catalogue';

let counter = 0;

/** Orders, confirmations and stock moved through the API as the admin, and the invariants read back from the database. */
export function stockFactory(t: TestApp) {
  const catalogue = catalogueFactory(t);
  const admin = () => t.tokenFor('admin');
  const ok = async (path: string, body: Record<string, unknown>) => {
    const res = await t.post(path, body, { token: await admin() });
    expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  };
  const f = {
    product: (fields: Record<string, unknown> = {}) => catalogue.product(fields),
    async branch(): Promise<number> {
      const [first] = await t.db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(1);
      return first.id;
    },
    /** A client with no credit limit, so any number of orders goes through. */
    client: (): Promise<{ id: number }> => ok('/api/clients/save', { type: 'stockist', name: `Stock shop ${++counter}`, email: `stock-${counter}-${Date.now()}@example.com` }),
    order: (clientId: number, branchId: number, lines: { product_id: number; quantity: number }[]): Promise<{ id: number; version: number }> =>
      ok('/api/orders/create', { client_id: clientId, branch_id: branchId, lines }),
    move: (id: number, status: string) => ok('/api/orders/updatestatus', { id, status }),
    adjust: (branchId: number, productId: number, quantity: number, reason = 'Counted') => ok('/api/stock/adjust', { branch_id: branchId, product_id: productId, quantity, reason }),
    workOrder: (branchId: number, productId: number, quantity: number, plannedFor?: string) =>
      ok('/api/production/createworkorder', { branch_id: branchId, product_id: productId, quantity, ...(plannedFor ? { planned_for: plannedFor } : {}) }),
    complete: (id: number, quantity: number) => ok('/api/production/completeworkorder', { id, quantity }),
    async level(branchId: number, productId: number) {
      const res = await t.get(`/api/stock/levels?branch_id=${branchId}&product_id=${productId}`, { token: await admin() });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = res.json().data as { on_hand: number; reserved: number; available: number; backordered: number; in_production: number }[];
      return row;
    },
    async holding(orderId: number) {
      return t.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId)).orderBy(asc(stockReservations.id));
    },
    /**
     * Everything that must always hold, read from the tables: every level is the sum of its
     * movements and of its lines' reservations, never negative, reserved within on hand, nothing
     * backordered while units are free, in production what open work orders have left; every line of a confirmed (or later) order holds its
     * whole quantity, reserved + backordered (+ delivered), and no other order holds anything.
     */
    async invariants(productIds?: number[]): Promise<string[]> {
      // Only these products' levels and lines (a property run's own), else everything.
      const onlyLevels = productIds ? sql`where l.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
      const onlyLines = productIds ? sql`and l.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
      const problems: string[] = [];
      const sums = rowsOf<{ branch_id: number; product_id: number; on_hand: number; reserved: number; backordered: number; m_on_hand: number; m_reserved: number; m_backordered: number; r_reserved: number; r_backordered: number; in_production: number; w_left: number }>(
        await t.db.execute(sql`
          select l.branch_id, l.product_id, l.on_hand, l.reserved, l.backordered, l.in_production,
            coalesce((select sum(quantity - made) from work_orders w where w.status <> 'done' and (w.branch_id, w.product_id, w.item_key) = (l.branch_id, l.product_id, l.item_key)), 0)::int as w_left,
            coalesce((select sum(quantity) from stock_movements m where (m.branch_id, m.product_id, m.item_key) = (l.branch_id, l.product_id, l.item_key)), 0)::int as m_on_hand,
            coalesce((select sum(reserved) from stock_movements m where (m.branch_id, m.product_id, m.item_key) = (l.branch_id, l.product_id, l.item_key)), 0)::int as m_reserved,
            coalesce((select sum(backordered) from stock_movements m where (m.branch_id, m.product_id, m.item_key) = (l.branch_id, l.product_id, l.item_key)), 0)::int as m_backordered,
            coalesce((select sum(reserved) from stock_reservations r where (r.branch_id, r.product_id, r.item_key) = (l.branch_id, l.product_id, l.item_key)), 0)::int as r_reserved,
            coalesce((select sum(backordered) from stock_reservations r where (r.branch_id, r.product_id, r.item_key) = (l.branch_id, l.product_id, l.item_key)), 0)::int as r_backordered
          from ${stockLevels} l ${onlyLevels}`),
      );
      for (const s of sums) {
        const at = `branch ${s.branch_id} product ${s.product_id}`;
        if (s.on_hand !== s.m_on_hand || s.reserved !== s.m_reserved || s.backordered !== s.m_backordered) problems.push(`${at}: level ${JSON.stringify([s.on_hand, s.reserved, s.backordered])} ≠ movements ${JSON.stringify([s.m_on_hand, s.m_reserved, s.m_backordered])}`);
        if (s.reserved !== s.r_reserved || s.backordered !== s.r_backordered) problems.push(`${at}: level ${JSON.stringify([s.reserved, s.backordered])} ≠ lines ${JSON.stringify([s.r_reserved, s.r_backordered])}`);
        if (s.in_production !== s.w_left) problems.push(`${at}: in production ${s.in_production} ≠ ${s.w_left} left on open work orders`);
        if (s.on_hand < 0 || s.reserved < 0 || s.reserved > s.on_hand) problems.push(`${at}: on hand ${s.on_hand}, reserved ${s.reserved}`);
        if (s.backordered > 0 && s.on_hand > s.reserved) problems.push(`${at}: ${s.backordered} backordered while ${s.on_hand - s.reserved} are available`);
      }
      const lines = rowsOf<{ line_id: number; status: string; quantity: number; held: number | null; reservations: number; sku: string }>(
        await t.db.execute(sql`
          select l.id::int as line_id, o.status, l.quantity, p.sku,
            (select r.reserved + r.backordered + r.delivered from ${stockReservations} r where r.order_line_id = l.id) as held,
            (select count(*)::int from ${stockReservations} r where r.order_line_id = l.id and r.reserved + r.backordered > 0) as reservations
          from ${orderLines} l join ${orders} o on o.id = l.order_id join products p on p.id = l.product_id
          where p.sku <> 'MEMBERSHIP' ${onlyLines}`),
      );
      for (const line of lines) {
        const holds = ['confirmed', 'in_production', 'ready'].includes(line.status);
        if (holds && line.held !== line.quantity) problems.push(`line ${line.line_id} (${line.status}) holds ${line.held} of ${line.quantity}`);
        if (!holds && line.status !== 'dispatched' && line.status !== 'delivered' && line.reservations > 0) problems.push(`line ${line.line_id} (${line.status}) still holds stock`);
      }
      const orphans = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${stockReservations} where order_line_id is null and delivered = 0`));
      if (orphans[0].n > 0) problems.push(`${orphans[0].n} reservations of replaced lines remain`);
      return problems;
    },
  };
  return f;
}
