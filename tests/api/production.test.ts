import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { stockFactory } from './support/stock';

/**
 * Production: the plan asks for what confirmed orders wait for and no work order covers yet; a
 * work order counts in production at once; what is made (in parts) is stock that fills the
 * oldest backorders in its transaction; bad input is a 400 or 409 naming the field.
 */
const t = useTestApp();
const s = stockFactory(t);
const admin = () => t.tokenFor('admin');

async function planRow(branchId: number, productId: number) {
  const res = await t.get(`/api/production/plan?branch_id=${branchId}`, { token: await t.tokenFor('production') });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { product_id: number; demand: number; available: number; in_production: number; to_make: number }[]).find((row) => row.product_id === productId);
}

describe('the production plan and work orders', () => {
  it('plans the backorders, makes them in parts, and fills the oldest first', async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 1);
    const client = await s.client();
    const first = await s.order(client.id, branch, [{ product_id: product.id, quantity: 3 }]);
    const second = await s.order(client.id, branch, [{ product_id: product.id, quantity: 4 }]);
    await s.move(first.id, 'confirmed');
    t.clock.advance(60_000);
    await s.move(second.id, 'confirmed');
    expect(await planRow(branch, product.id)).toMatchObject({ demand: 6, available: 0, in_production: 0, to_make: 6 });

    const order = await s.workOrder(branch, product.id, 5, '2026-12-01');
    expect(order).toMatchObject({ number: expect.stringMatching(/^WO-\d{6}$/), quantity: 5, made: 0, status: 'open', planned_for: '2026-12-01' });
    expect(await planRow(branch, product.id)).toMatchObject({ demand: 6, in_production: 5, to_make: 1 });

    // Two made: the first order (confirmed first) takes both.
    expect(await s.complete(order.id, 2)).toMatchObject({ made: 2, status: 'in_progress' });
    expect(await s.holding(first.id)).toEqual([expect.objectContaining({ reserved: 3, backordered: 0 })]);
    expect(await s.holding(second.id)).toEqual([expect.objectContaining({ reserved: 0, backordered: 4 })]);
    expect(await planRow(branch, product.id)).toMatchObject({ demand: 4, in_production: 3, to_make: 1 });

    expect(await s.complete(order.id, 3)).toMatchObject({ made: 5, status: 'done' });
    expect(await s.holding(second.id)).toEqual([expect.objectContaining({ reserved: 3, backordered: 1 })]);
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 6, reserved: 6, backordered: 1, in_production: 0 });

    const list = await t.get(`/api/production/workorders?product_id=${product.id}`, { token: await admin() });
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: order.id, made: 5, status: 'done' }] });
    const moves = await t.get(`/api/stock/movements?product_id=${product.id}&kind=production`, { token: await admin() });
    expect(moves.json().data.map((m: { quantity: number; reason: string }) => [m.quantity, m.reason])).toEqual([
      [2, order.number],
      [3, order.number],
    ]);
    expect((await t.audit('complete_work_order', order.id)).length).toBe(2);
    expect(await s.invariants()).toEqual([]);
  });

  it('plans what is waited for or being made, not every product of the catalogue', async () => {
    const branch = await s.branch();
    const stocked = await s.product();
    const short = await s.product();
    await s.adjust(branch, stocked.id, 5);
    const client = await s.client();
    const order = await s.order(client.id, branch, [
      { product_id: stocked.id, quantity: 2 },
      { product_id: short.id, quantity: 3 },
    ]);
    await s.move(order.id, 'confirmed');
    // In stock and reserved: nothing to plan.
    expect(await planRow(branch, stocked.id)).toBeUndefined();
    expect(await planRow(branch, short.id)).toMatchObject({ demand: 3, available: 0, in_production: 0, to_make: 3 });
    const made = await s.workOrder(branch, short.id, 3);
    expect(await planRow(branch, short.id)).toMatchObject({ demand: 3, in_production: 3, to_make: 0 });
    await s.complete(made.id, 3);
    // Made and reserved for the order: nothing waits for it and nothing is being made.
    expect(await planRow(branch, short.id)).toBeUndefined();
    expect(await s.invariants()).toEqual([]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const branch = await s.branch();
    const product = await s.product();
    const order = await s.workOrder(branch, product.id, 2);
    const [inactive] = [await s.product({ active: false })];
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['createworkorder', { branch_id: branch, product_id: inactive.id, quantity: 1 }, 400, 'product_id'],
      ['createworkorder', { branch_id: branch, product_id: 999_999, quantity: 1 }, 400, 'product_id'],
      ['createworkorder', { branch_id: 999_999, product_id: product.id, quantity: 1 }, 400, 'branch_id'],
      ['createworkorder', { branch_id: branch, product_id: product.id, quantity: 0 }, 400, 'quantity'],
      ['createworkorder', { branch_id: branch, product_id: product.id, quantity: 1, planned_for: 'soon' }, 400, 'planned_for'],
      ['completeworkorder', { id: order.id, quantity: 3 }, 400, 'quantity'],
      ['completeworkorder', { id: order.id, quantity: 0 }, 400, 'quantity'],
    ];
    for (const [call, body, status, field] of cases) {
      const res = await t.post(`/api/production/${call}`, body, { token: await admin() });
      expect(res.statusCode, `${call} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 0, in_production: 2 });
    await s.complete(order.id, 2);
    const again = await t.post('/api/production/completeworkorder', { id: order.id, quantity: 1 }, { token: await admin() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ id: 'done' });
    const missing = await t.post('/api/production/completeworkorder', { id: 999_999, quantity: 1 }, { token: await admin() });
    expect(missing.statusCode).toBe(404);
    expect(await s.invariants()).toEqual([]);
  });
});
