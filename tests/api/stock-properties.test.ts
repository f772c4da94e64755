import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { stockFactory } from './support/stock';

/**
 * Random sequences of orders, confirmations, cancellations, edits, counts and work orders made
 * (in parts) through the API, on two products of one branch: after every step the levels are the
 * sum of their movements and of their lines' reservations, never negative, reserved within on
 * hand, nothing backordered while units are free, in production what open work orders have left,
 * and every line of a confirmed order holds its whole quantity. A refused step (a count below what
 * is on hand or reserved, more made than is left, a move the workflow forbids) changes nothing.
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
);

describe('stock invariants over random sequences', () => {
  it('hold after every step', async () => {
    const branch = await s.branch();
    const client = await s.client();
    const token = await t.tokenFor('admin');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        // Products of this run only, so earlier runs' orders do not share their stock.
        const products = [await s.product(), await s.product()];
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
            if (next.op === 'edit') {
              const current = (await t.get(`/api/orders/order?id=${order.id}`, { token })).json().data;
              res = await t.post('/api/orders/update', { id: order.id, version: current.version, lines: [{ product_id: products[0].id, quantity: next.quantity }] }, { token });
            } else {
              res = await t.post('/api/orders/updatestatus', { id: order.id, status: next.op === 'confirm' ? 'confirmed' : 'cancelled' }, { token });
            }
            // Confirming twice, cancelling what is cancelled, editing a cancelled order: refused by the workflow.
            if (res.statusCode === 409) res = null;
          }
          if (res && res.statusCode !== 400) expect(res.statusCode, res.body).toBe(200);
          expect(await s.invariants(products.map((p) => p.id)), JSON.stringify(next)).toEqual([]);
        }
      }),
      { numRuns: 10 },
    );
    // Ten runs of up to twelve API calls, each followed by the invariants' queries: a few hundred
    // requests, beyond the default 30 s on a loaded two-core machine.
  }, 240_000);
});
