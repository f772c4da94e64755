import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, orders, passwordResets, users } from '../../server/db/schema';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

const t = useTestApp();
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');

interface Entry {
  id: number;
  at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  data: Record<string, unknown>;
  changes: { field: string; before: unknown; after: unknown }[];
}

async function auditList(query: string): Promise<{ data: Entry[]; total: number }> {
  const res = await t.get(`/api/admin/auditlog?${query}`, { token: await admin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Today as the business day (UTC+2) the date filters speak of. */
const businessDay = (offsetDays = 0) => new Date(Date.now() + 2 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);

describe('GET /api/admin/auditlog', () => {
  it('shows who changed a client, when, and only the fields that changed, as before and after', async () => {
    const token = await admin();
    const created = await t.post('/api/clients/save', { type: 'stockist', name: 'Audit Shop', email: 'audit.shop@example.test' }, { token });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await t.post('/api/clients/save', { id, name: 'Audit Shop Renamed', phone: '011 555 0101' }, { token })).statusCode).toBe(200);

    const { data, total } = await auditList(`entity=client&entity_id=${id}&sort=id&order=ASC`);
    expect(total).toBe(2);
    const [create, update] = data;
    expect(create).toMatchObject({ action: 'create', entity: 'client', entity_id: String(id), user_id: t.demo.admin.id, user_name: t.demo.admin.name });
    expect(create.changes).toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Audit Shop' }]));
    expect(update.changes.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'name', before: 'Audit Shop', after: 'Audit Shop Renamed' },
      { field: 'phone', before: '', after: '011 555 0101' },
    ]);
    expect(Date.parse(update.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records before and after for products, orders, users, templates and deletes through the same shape', async () => {
    const token = await admin();
    const product = await catalogue.product({ price: 12300 });
    expect((await t.post('/api/products/save', { id: product.id, sku: product.sku, name: product.name, price: 15000 }, { token })).statusCode).toBe(200);
    const [priceChange] = (await auditList(`entity=product&entity_id=${product.id}&action=update_product`)).data;
    expect(priceChange.changes).toEqual([{ field: 'price', before: 12300, after: 15000 }]);

    const order = await t.post('/api/orders/create', { client_id: t.demo.stockist.clientId, lines: [{ product_id: product.id, quantity: 1 }] }, { token });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().data.id as number;
    expect((await t.post('/api/orders/updatestatus', { id: orderId, status: 'confirmed' }, { token })).statusCode).toBe(200);
    const [status] = (await auditList(`entity=order&entity_id=${orderId}&action=update_order_status`)).data;
    expect(status.changes).toEqual([{ field: 'status', before: 'new', after: 'confirmed' }]);

    const template = await t.post('/api/crm/savetemplate', { name: 'Audit template', subject: 'Hello', body: '<p>Hi {{client_name}}</p>' }, { token });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json().data.id as number;
    expect((await t.post('/api/crm/deletetemplate', { id: templateId }, { token })).statusCode).toBe(200);
    const [deleted] = (await auditList(`entity=email_template&entity_id=${templateId}&action=delete`)).data;
    expect(deleted.changes).toEqual(expect.arrayContaining([{ field: 'name', before: 'Audit template', after: null }]));
  });

  it('never stores a password hash, a token or a token hash, whatever the write', async () => {
    const token = await admin();
    const user = await t.makeUser({ role: 'production' });
    expect((await t.post('/api/admin/updateuser', { id: user.id, password: 'another-long-password-1', name: 'Renamed Producer' }, { token })).statusCode).toBe(200);
    expect((await t.post('/api/auth/forgot-password', { email: user.email })).statusCode).toBeLessThan(300);
    const order = await t.post('/api/orders/create', { client_id: t.demo.stockist.clientId, lines: [{ product_id: (await catalogue.product()).id, quantity: 1 }] }, { token });
    const orderId = order.json().data.id as number;
    expect((await t.post('/api/orders/save_courier', { id: orderId, courier_name: 'Fast', tracking_number: 'T-1' }, { token })).statusCode).toBe(200);

    const [stored] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    const [storedOrder] = await t.db.select({ token: orders.token }).from(orders).where(eq(orders.id, orderId));
    const resets = await t.db.select({ hash: passwordResets.tokenHash }).from(passwordResets).where(eq(passwordResets.userId, user.id));
    const everything = JSON.stringify(await t.db.select().from(auditLog));
    for (const secret of [stored.hash, storedOrder.token, ...resets.map((r) => r.hash), 'another-long-password-1']) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/password_?hash|token_?hash|"token"|tokenVersion/i);
    // The change itself still shows: the name, and that the password was changed.
    const [update] = (await auditList(`entity=user&entity_id=${user.id}&action=update`)).data;
    expect(update.changes).toEqual([{ field: 'name', before: user.name, after: 'Renamed Producer' }]);
    expect(update.data).toEqual({ password_changed: true });
  });

  it('filters by user, action, entity and date range, sorts and pages in SQL', async () => {
    const token = await admin();
    const producer = await t.tokenFor('production');
    const product = await catalogue.product();
    const order = await t.post('/api/orders/create', { client_id: t.demo.stockist.clientId, lines: [{ product_id: product.id, quantity: 1 }] }, { token });
    const orderId = order.json().data.id as number;
    expect((await t.post('/api/orders/updatestatus', { id: orderId, status: 'confirmed' }, { token: producer })).statusCode).toBe(200);

    const byProducer = await auditList(`user_id=${t.demo.production.id}&entity=order&entity_id=${orderId}`);
    expect(byProducer.data.map((e) => e.action)).toEqual(['update_order_status']);
    const byName = await auditList(`user=${encodeURIComponent(t.demo.production.email)}&entity_id=${orderId}`);
    expect(byName.total).toBe(1);
    expect((await auditList(`action=status&entity_id=${orderId}&entity=order`)).total).toBe(1);

    const today = await auditList(`date_from=${businessDay()}&date_to=${businessDay()}&entity=order&entity_id=${orderId}`);
    expect(today.total).toBe(2);
    expect((await auditList(`date_from=${businessDay(1)}&entity=order&entity_id=${orderId}`)).total).toBe(0);
    expect((await auditList(`date_to=${businessDay(-1)}&entity=order&entity_id=${orderId}`)).total).toBe(0);

    const newest = await auditList('sort=at&order=DESC&perPage=2&page=1');
    const next = await auditList('sort=at&order=DESC&perPage=2&page=2');
    expect(newest.data).toHaveLength(2);
    expect(newest.total).toBeGreaterThan(4);
    expect(Date.parse(newest.data[0].at)).toBeGreaterThanOrEqual(Date.parse(newest.data[1].at));
    expect(newest.data.map((e) => e.id)).not.toContain(next.data[0].id);
  });

  it('answers 400 naming the field for a bad filter or sort, and only the admin reads it', async () => {
    const token = await admin();
    for (const [query, field] of [['date_from=yesterday', 'date_from'], ['sort=password', 'sort'], ['user_id=3000000000', 'user_id']]) {
      const res = await t.get(`/api/admin/auditlog?${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
    for (const role of ['production', 'reseller', 'stockist', 'individual'] as const) {
      expect((await t.get('/api/admin/auditlog', { token: await t.tokenFor(role) })).statusCode).toBe(403);
    }
    expect((await t.get('/api/admin/auditlog')).statusCode).toBe(401);
  });
});
