import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, products } from '../../server/db/schema';
import { useTestApp } from './support/app';

/**
 * A save names the version its form was opened at (If-Match), and a save made after
 * someone else's is refused with 409 and a message saying what happened, writing nothing.
 */
const t = useTestApp();
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

async function newProduct() {
  const token = await t.tokenFor('admin');
  const stamp = Math.random().toString(36).slice(2, 8).toUpperCase();
  const res = await t.post('/api/products/save', { sku: `STALE-${stamp}`, name: `Stale ${stamp}`, price: 1_000 }, { token });
  expect(res.statusCode, res.body).toBe(201);
  return { token, product: res.json().data as { id: number; sku: string; name: string; price: number; version: number } };
}

describe('stale saves are refused (409), nothing written', () => {
  it('products: the second of two saves made from the same version is refused; the first stays', async () => {
    const { token, product } = await newProduct();
    expect(product.version).toBe(1);
    const first = await t.post('/api/products/save', { id: product.id, sku: product.sku, name: 'Saved first', price: 1_100 }, { token, headers: ifMatch(1) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(2);
    const audits = (await t.audit('update_product', product.id)).length;

    const stale = await t.post('/api/products/save', { id: product.id, sku: product.sku, name: 'Saved second', price: 1_200 }, { token, headers: ifMatch(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else saved this product after you opened it; nothing was written/);
    expect(stale.json().errors).toEqual({ version: 'the product is now at version 2' });
    const [row] = await t.db.select({ name: products.name, price: products.price, version: products.version }).from(products).where(eq(products.id, product.id));
    expect(row).toEqual({ name: 'Saved first', price: 1_100, version: 2 });
    expect(await t.audit('update_product', product.id)).toHaveLength(audits);

    // Reloaded (version 2), the save goes through.
    const again = await t.post('/api/products/save', { id: product.id, sku: product.sku, name: 'Saved second', price: 1_200 }, { token, headers: ifMatch(2) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ name: 'Saved second', version: 3 });
  });

  it("members: the admin's save after the member saved its own details is refused; the member's stays", async () => {
    const id = t.demo.stockist.clientId!;
    const admin = await t.tokenFor('admin');
    const opened = (await t.get(`/api/clients/client?id=${id}`, { token: admin })).json().data as { version: number; phone: string };
    expect(opened.version).toBeGreaterThanOrEqual(1);
    const member = await t.post('/api/clients/save', { id, phone: '+27 11 000 1111' }, { token: await t.tokenFor('stockist'), headers: ifMatch(opened.version) });
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().data.version).toBe(opened.version + 1);

    const stale = await t.post('/api/clients/save', { id, phone: '+27 11 000 2222' }, { token: admin, headers: ifMatch(opened.version) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else saved this member/);
    const [row] = await t.db.select({ phone: clients.phone }).from(clients).where(eq(clients.id, id));
    expect(row!.phone).toBe('+27 11 000 1111');
    // A rep's save of its client goes through the same check.
    const rep = await t.post('/api/reps/saveclient', { id, rep_user_id: t.demo.reseller.id, name: 'Anything' }, { token: admin, headers: ifMatch(opened.version) });
    expect(rep.statusCode, rep.body).toBe(409);
  });

  it("orders: a courier saved over someone else's change is refused", async () => {
    const admin = await t.tokenFor('admin');
    const [product] = (await t.get('/api/products/all?page=1&perPage=1&active=true', { token: admin })).json().data as { id: number }[];
    const placed = await t.post('/api/orders/create', { client_id: t.demo.stockist.clientId, lines: [{ product_id: product!.id, quantity: 1 }] }, { token: admin });
    const order = placed.json().data as { id: number; version: number };
    const production = await t.tokenFor('production');
    expect((await t.post('/api/orders/updatestatus', { id: order.id, status: 'confirmed' }, { token: production })).statusCode).toBe(200);
    const stale = await t.post('/api/orders/save_courier', { id: order.id, courier_name: 'DSV', tracking_number: 'T1' }, { token: production, headers: ifMatch(order.version) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else saved this order/);
    const fresh = await t.post('/api/orders/save_courier', { id: order.id, courier_name: 'DSV', tracking_number: 'T1' }, { token: production, headers: ifMatch(order.version + 1) });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('a malformed If-Match is a 400 naming it; none at all saves as before', async () => {
    const { token, product } = await newProduct();
    const bad = await t.post('/api/products/save', { id: product.id, sku: product.sku, name: 'X', price: 1 }, { token, headers: { 'if-match': 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('If-Match');
    const unconditional = await t.post('/api/products/save', { id: product.id, sku: product.sku, name: 'Unconditional', price: 1 }, { token });
    expect(unconditional.statusCode).toBe(200);
  });

  it('the database moves the version on every change of the row, whatever writes it, and not on a no-op', async () => {
    const { product } = await newProduct();
    await t.db.update(products).set({ description: 'changed by a job' }).where(eq(products.id, product.id));
    await t.db.update(products).set({ description: 'changed by a job' }).where(eq(products.id, product.id));
    const [row] = await t.db.select({ version: products.version }).from(products).where(eq(products.id, product.id));
    expect(row!.version).toBe(2);
  });
});
