import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { stockFactory } from './support/stock';

/**
 * Confirmations racing for the last units, on whichever database the run uses (the embedded one
 * by default; PostgreSQL with DATABASE_URL, where the transactions really run side by side): the
 * units go to exactly as many lines as there are units, the rest is backordered, and every line
 * holds its whole quantity. Half of the confirmations go through a second app on the same
 * database, as two instances behind a load balancer would.
 */
const t = useTestApp();
const s = stockFactory(t);

describe('reservation under concurrency', () => {
  it('50 confirmations at once competing for 10 units reserve exactly 10 and backorder the rest', async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 10);
    const client = await s.client();
    const orders = await Promise.all(Array.from({ length: 50 }, () => s.order(client.id, branch, [{ product_id: product.id, quantity: 1 }])));
    const second = await t.variant({});
    const token = await t.tokenFor('admin');
    const answers = await Promise.all(
      orders.map((order, i) => {
        const request = { method: 'POST' as const, url: '/api/orders/updatestatus', headers: { authorization: `Bearer ${token}` }, payload: { id: order.id, status: 'confirmed' } };
        return i % 2 === 0 ? t.inject(request) : second.inject(request);
      }),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    const held = (await Promise.all(orders.map((order) => s.holding(order.id)))).flat();
    expect(held).toHaveLength(50);
    expect(held.filter((line) => line.reserved === 1)).toHaveLength(10);
    expect(held.filter((line) => line.backordered === 1)).toHaveLength(40);
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 10, reserved: 10, available: 0, backordered: 40 });
    expect(await s.invariants()).toEqual([]);
    // A hundred writes (50 orders, 50 confirmations), each a transaction of its own: more than the
    // default 30 s on a loaded two-core machine, never minutes.
  }, 120_000);

  it('counts arriving while orders are cancelled and confirmed at once leave every line whole and the levels the sum of their movements', async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 6);
    const client = await s.client();
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await s.order(client.id, branch, [{ product_id: product.id, quantity: 1 + (i % 3) }]));
    for (const order of orders.slice(0, 10)) await s.move(order.id, 'confirmed');
    const token = await t.tokenFor('admin');
    const post = (url: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    const answers = await Promise.all([
      ...orders.slice(0, 10).filter((_, i) => i % 2 === 0).map((order) => post('/api/orders/updatestatus', { id: order.id, status: 'cancelled' })),
      ...orders.slice(10).map((order) => post('/api/orders/updatestatus', { id: order.id, status: 'confirmed' })),
      ...[4, 3, 5].map((quantity) => post('/api/stock/adjust', { branch_id: branch, product_id: product.id, quantity, reason: 'Arrived' })),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(answers.length).fill(200));
    expect(await s.invariants()).toEqual([]);
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 18 });
  });
});
