import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';

const t = useTestApp();

interface Saved {
  id: number;
  sku: string;
  name: string;
  price: number;
}

/** Three products of our own, an order of the stockist holding them, and the admin's token. */
async function pastOrder() {
  const admin = await t.tokenFor('admin');
  const stamp = Math.random().toString(36).slice(2, 8).toUpperCase();
  const save = async (body: Record<string, unknown>) => {
    const res = await t.post('/api/products/save', body, { token: admin });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as Saved;
  };
  const kept = await save({ sku: `RE-K-${stamp}`, name: `Kept ${stamp}`, price: 1_000 });
  const repriced = await save({ sku: `RE-P-${stamp}`, name: `Repriced ${stamp}`, price: 2_000 });
  const retired = await save({ sku: `RE-R-${stamp}`, name: `Retired ${stamp}`, price: 3_000 });
  const stockist = await t.tokenFor('stockist');
  const clientId = t.demo.stockist.clientId!;
  const placed = await t.post(
    '/api/orders/create',
    { client_id: clientId, lines: [{ product_id: kept.id, quantity: 2 }, { product_id: repriced.id, quantity: 3 }, { product_id: retired.id, quantity: 1 }] },
    { token: stockist },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return { admin, stockist, clientId, order: placed.json().data as { id: number }, kept, repriced, retired, save };
}

describe('GET /api/orders/reorder', () => {
  it("answers the order's lines at today's prices and names the products no longer sold", async () => {
    const { admin, stockist, clientId, order, kept, repriced, retired, save } = await pastOrder();
    await save({ id: repriced.id, sku: repriced.sku, name: repriced.name, price: 2_500 });
    await save({ id: retired.id, sku: retired.sku, name: retired.name, price: retired.price, active: false });

    for (const token of [stockist, admin]) {
      const res = await t.get(`/api/orders/reorder?id=${order.id}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      const draft = res.json().data;
      expect(draft.client_id).toBe(clientId);
      expect(draft.lines.map((l: { product_id: number; quantity: number; unit_price: number }) => [l.product_id, l.quantity, l.unit_price])).toEqual([
        [kept.id, 2, 1_000],
        [repriced.id, 3, 2_500],
      ]);
      expect(draft.left_out).toEqual([{ product_id: retired.id, sku: retired.sku, name: retired.name, quantity: 1 }]);
    }
  });

  it('writes nothing, and the draft it answers is placed at its price', async () => {
    const { stockist, clientId, order, repriced, save } = await pastOrder();
    await save({ id: repriced.id, sku: repriced.sku, name: repriced.name, price: 2_200 });
    const before = (await t.get('/api/orders/all?perPage=1', { token: stockist })).json().total;
    const draft = (await t.get(`/api/orders/reorder?id=${order.id}`, { token: stockist })).json().data;
    expect((await t.get('/api/orders/all?perPage=1', { token: stockist })).json().total).toBe(before);
    const placed = await t.post('/api/orders/create', { client_id: clientId, lines: draft.lines }, { token: stockist });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.total).toBe(draft.lines.reduce((sum: number, l: { quantity: number; unit_price: number }) => sum + l.quantity * l.unit_price, 0));
  });

  it("keeps each line's options, and names one the product no longer offers", async () => {
    const admin = await t.tokenFor('admin');
    const stockist = await t.tokenFor('stockist');
    const stamp = Math.random().toString(36).slice(2, 8).toUpperCase();
    const property = async (name: string, values: string[]) =>
      (await t.post('/api/products/saveproperty', { name: `${name} ${stamp}`, values: values.map((value) => ({ value })) }, { token: admin })).json().data as {
        values: { id: number; value: string }[];
      };
    const pack = await property('Pack', ['60', '120']);
    const flavour = await property('Flavour', ['Lemon', 'Berry']);
    const [small, big] = pack.values;
    const [lemon, berry] = flavour.values;
    const offered = [small.id, big.id, lemon.id, berry.id];
    const product = (await t.post('/api/products/save', { sku: `RE-O-${stamp}`, name: `Options ${stamp}`, price: 1_000, property_value_ids: offered }, { token: admin })).json().data as Saved;
    const placed = await t.post(
      '/api/orders/create',
      { client_id: t.demo.stockist.clientId, lines: [{ product_id: product.id, quantity: 2, property_value_ids: [big.id, berry.id] }, { product_id: product.id, quantity: 1, property_value_ids: [small.id, lemon.id] }] },
      { token: stockist },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    // Berry is no longer offered.
    await t.post('/api/products/save', { id: product.id, sku: product.sku, name: product.name, price: product.price, property_value_ids: [small.id, big.id, lemon.id] }, { token: admin });

    const draft = (await t.get(`/api/orders/reorder?id=${placed.json().data.id}`, { token: stockist })).json().data;
    expect(draft.lines.map((l: { property_value_ids: number[] }) => [...l.property_value_ids].sort((a, b) => a - b))).toEqual([[big.id], [small.id, lemon.id].sort((a, b) => a - b)]);
    expect(draft.lines.map((l: { options_gone: unknown[] }) => l.options_gone)).toEqual([[{ id: berry.id, property: `Flavour ${stamp}`, value: 'Berry' }], []]);
    // The draft as answered is placed as it stands.
    expect((await t.post('/api/orders/create', { client_id: t.demo.stockist.clientId, lines: draft.lines }, { token: stockist })).statusCode).toBe(201);
  });

  it('answers 404 for an order that does not exist, 400 naming the id for a bad one, 403 for production', async () => {
    const { order } = await pastOrder();
    const stockist = await t.tokenFor('stockist');
    expect((await t.get('/api/orders/reorder?id=2147483000', { token: stockist })).statusCode).toBe(404);
    const bad = await t.get('/api/orders/reorder?id=abc', { token: stockist });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/id/);
    expect((await t.get(`/api/orders/reorder?id=${order.id}`, { token: await t.tokenFor('production') })).statusCode).toBe(403);
  });
});
