import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { useTestApp } from './support/app';
import { stockFactory } from './support/stock';

/**
 * Random sequences of orders, confirmations, cancellations, edits, counts and work orders made
 * (in parts) through the API, on two products of one branch: after every step the levels are the
 * sum of their movements and of their lines' reservations, never negative, reserved within on
 * hand, nothing backordered while units are free, in production what open work orders have left,
 * and every line of a confirmed order holds its whole quantity. A refused step (a count below what
 * is on hand or reserved, more made than is left, a move the workflow forbids) changes nothing.
 * Deliveries (some asking more than is reserved) and dispatches by hand join in: nothing is ever
 * delivered beyond what a line ordered, and every delivered unit is invoiced exactly once.
 */
const t = useTestApp();
const s = stockFactory(t);

const step = fc.oneof(
  fc.record({ op: fc.constant('order' as const), product: fc.nat({ max: 1 }), quantity: fc.integer({ min: 1, max: 4 }), both: fc.boolean() }),
  fc.record({ op: fc.constant('confirm' as const), order: fc.nat({ max: 7 }) }),
  fc.record({ op: fc.constant('cancel' as const), order: fc.nat({ max: 7 }) }),
  fc.record({ op: fc.constant('edit' as const), order: fc.nat({ max: 7 }), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('count' as const), product: fc.nat({ max: 1 }), quantity: fc.integer({ min: -4, max: 6 }).filter((q) => q !== 0) }),
  fc.record({ op: fc.constant('make' as const), product: fc.nat({ max: 1 }), quantity: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('made' as const), workOrder: fc.nat({ max: 3 }), quantity: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('deliver' as const), order: fc.nat({ max: 7 }), quantity: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('ship' as const), order: fc.nat({ max: 7 }) }),
);

/**
 * What the deliveries must keep, per order line of these products: the units on its deliveries
 * are the units its reservation says delivered, never more than ordered; per order and product,
 * the delivery invoices bill exactly the units delivered (an order invoiced whole bills each once too).
 */
async function deliveryProblems(productIds: number[]): Promise<string[]> {
  const ids = sql.join(productIds.map((id) => sql`${id}`), sql`, `);
  const lines = rowsOf<{ id: number; quantity: number; sent: number; delivered: number | null }>(
    await t.db.execute(sql`
      select l.id::int, l.quantity,
        coalesce((select sum(d.quantity) from delivery_lines d where d.order_line_id = l.id), 0)::int as sent,
        (select r.delivered from stock_reservations r where r.order_line_id = l.id) as delivered
      from order_lines l where l.product_id in (${ids})`),
  );
  const problems = lines.flatMap((line) => {
    const found: string[] = [];
    if (line.sent !== (line.delivered ?? 0)) found.push(`line ${line.id}: ${line.sent} on deliveries, reservation says ${line.delivered}`);
    if (line.sent > line.quantity) found.push(`line ${line.id}: ${line.sent} delivered of ${line.quantity} ordered`);
    return found;
  });
  const billed = rowsOf<{ order_id: number; product_id: number; sent: number; invoiced: number }>(
    await t.db.execute(sql`
      select l.order_id, l.product_id, sum(coalesce((select sum(d.quantity) from delivery_lines d where d.order_line_id = l.id), 0))::int as sent,
        coalesce((select sum(il.quantity) from billing_documents b join billing_document_lines il on il.document_id = b.id
          where b.order_id = l.order_id and b.type = 'invoice' and b.delivery_id is not null and il.product_id = l.product_id), 0)::int as invoiced
      from order_lines l where l.product_id in (${ids}) group by l.order_id, l.product_id`),
  );
  for (const row of billed) if (row.sent !== row.invoiced) problems.push(`order ${row.order_id} product ${row.product_id}: ${row.sent} delivered, ${row.invoiced} invoiced by its deliveries`);
  return problems;
}

describe('stock invariants over random sequences', () => {
  it('hold after every step', async () => {
    const branch = await s.branch();
    const client = await s.client();
    const token = await t.tokenFor('admin');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        // Products of this run only, so earlier runs' orders do not share their stock.
        const products = [await s.product(), await s.product()];
        // Some stock to start with, so confirmations reserve and deliveries have something to send.
        for (const product of products) await s.adjust(branch, product.id, 6);
        const orders: { id: number }[] = [];
        const workOrders: { id: number }[] = [];
        for (const next of steps) {
          let res: { statusCode: number; body: string } | null = null;
          if (next.op === 'order') {
            const lines = [{ product_id: products[next.product].id, quantity: next.quantity }];
            if (next.both) lines.push({ product_id: products[1 - next.product].id, quantity: next.quantity });
            orders.push(await s.order(client.id, branch, lines));
          } else if (next.op === 'count') {
            res = await t.post('/api/stock/adjust', { branch_id: branch, product_id: products[next.product].id, quantity: next.quantity, reason: 'Counted' }, { token });
            if (res.statusCode === 400) expect(Object.keys(JSON.parse(res.body).errors)).toEqual(['quantity']);
          } else if (next.op === 'make') {
            workOrders.push(await s.workOrder(branch, products[next.product].id, next.quantity));
          } else if (next.op === 'made') {
            if (workOrders.length === 0) continue;
            res = await t.post('/api/production/completeworkorder', { id: workOrders[next.workOrder % workOrders.length].id, quantity: next.quantity }, { token });
            // More than is left (400 naming quantity) or already done (409): refused, nothing changed.
            if (res.statusCode === 400) expect(Object.keys(JSON.parse(res.body).errors)).toEqual(['quantity']);
            if (res.statusCode === 409) res = null;
          } else if (orders.length > 0) {
            const order = orders[next.order % orders.length];
            if (next.op === 'deliver') {
              const held = (await t.get(`/api/stock/order?order_id=${order.id}`, { token })).json().data as { order_line_id: number | null; reserved: number }[];
              const line = held.find((row) => row.order_line_id !== null && row.reserved > 0);
              if (!line) continue;
              res = await t.post('/api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: line.order_line_id, quantity: next.quantity }] }, { token });
              // More than the line holds reserved: refused naming its quantity, nothing changed.
              if (res.statusCode === 409) expect(Object.keys(JSON.parse(res.body).errors)).toEqual(['lines.0.quantity']);
              if (res.statusCode === 409 || res.statusCode === 201) res = null;
            } else if (next.op === 'ship') {
              for (const status of ['in_production', 'ready', 'dispatched']) {
                res = await t.post('/api/orders/updatestatus', { id: order.id, status }, { token });
                if (res.statusCode === 409) break;
              }
              if (res?.statusCode === 409) res = null;
            } else if (next.op === 'edit') {
              const current = (await t.get(`/api/orders/order?id=${order.id}`, { token })).json().data;
              res = await t.post('/api/orders/update', { id: order.id, version: current.version, lines: [{ product_id: products[0].id, quantity: next.quantity }] }, { token });
            } else {
              res = await t.post('/api/orders/updatestatus', { id: order.id, status: next.op === 'confirm' ? 'confirmed' : 'cancelled' }, { token });
            }
            // Confirming twice, cancelling what is cancelled, editing a cancelled or partly delivered
            // order, delivering from a cancelled one: refused.
            if (res?.statusCode === 409) res = null;
          }
          if (res && res.statusCode !== 400) expect(res.statusCode, res.body).toBe(200);
          expect(await s.invariants(products.map((p) => p.id)), JSON.stringify(next)).toEqual([]);
          expect(await deliveryProblems(products.map((p) => p.id)), JSON.stringify(next)).toEqual([]);
        }
      }),
      { numRuns: 10 },
    );
    // Ten runs of up to twelve API calls, each followed by the invariants' queries: a few hundred
    // requests, beyond the default 30 s on a loaded two-core machine.
  }, 240_000);
});
