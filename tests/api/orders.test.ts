import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, orderLines, orderStatusHistory, orders, repClients } from '../../server/db/schema';
import type { OrderStatus } from '../../server/modules/orders/workflow';
import { useTestApp } from './support/app';

const t = useTestApp();

interface Line {
  product_id: number;
  quantity: number;
  property_value_ids?: number[];
  [extra: string]: unknown;
}

/** A group for the stockists with -10 % on the first two products, and a product of our own to order. */
async function catalogue() {
  const admin = await t.tokenFor('admin');
  const product = async (sku: string, price: number) =>
    (await t.post('/api/products/save', { sku, name: `Orderable ${sku}`, price }, { token: admin })).json().data as { id: number; price: number };
  const stamp = Math.random().toString(36).slice(2, 8).toUpperCase();
  const a = await product(`ORD-A-${stamp}`, 10_000);
  const b = await product(`ORD-B-${stamp}`, 3_333);
  const roles = (await t.get('/api/admin/roles', { token: admin })).json().data as { id: number; name: string }[];
  const stockistRole = roles.find((r) => r.name === 'stockist')!.id;
  const group = (await t.post('/api/products/savegroup', { name: `Orders ${stamp}`, product_ids: [a.id, b.id], role_ids: [stockistRole] }, { token: admin })).json().data;
  const rule = await t.post('/api/products/savegrouppricing', { group_id: group.id, role_id: stockistRole, percentile_change: -10 }, { token: admin });
  expect(rule.statusCode).toBeLessThan(300);
  return { a, b };
}

async function create(token: string, clientId: number, lines: Line[], headers: Record<string, string> = {}) {
  return t.post('/api/orders/create', { client_id: clientId, lines }, { token, headers });
}

const countOrders = async () => (await t.db.select({ n: count() }).from(orders))[0].n;

describe('POST /api/orders/create', () => {
  it('prices every line with the price service and ignores prices sent by the client', async () => {
    const { a, b } = await catalogue();
    const token = await t.tokenFor('stockist');
    const res = await create(token, t.demo.stockist.clientId!, [
      { product_id: a.id, quantity: 3, unit_price: 1 },
      { product_id: b.id, quantity: 1, price: 0 },
    ]);
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    // -10 %: 9000 and 3333 × 0.9 = 2999.7 → 3000 cents.
    expect(order.lines.map((l: { unit_price: number; line_total: number }) => [l.unit_price, l.line_total])).toEqual([
      [9000, 27_000],
      [3000, 3000],
    ]);
    expect(order).toMatchObject({ status: 'new', total: 30_000, client_id: t.demo.stockist.clientId, next_statuses: ['confirmed', 'cancelled'], version: 1 });
    expect(order.reference).toMatch(/^ORD-\d{6}$/);
    expect(order.history).toEqual([expect.objectContaining({ from_status: null, to_status: 'new' })]);
    expect(await t.audit('create_order', order.id)).toHaveLength(1);
  });

  it('charges an order the admin enters for a stockist at the stockist price', async () => {
    const { a } = await catalogue();
    const res = await create(await t.tokenFor('admin'), t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 1 }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total).toBe(9000);
  });

  it('answers 404 and writes nothing when a member orders for another client', async () => {
    const { a } = await catalogue();
    const before = await countOrders();
    const res = await create(await t.tokenFor('stockist'), t.demo.individual.clientId!, [{ product_id: a.id, quantity: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(await countOrders()).toBe(before);
  });

  it('refuses production (403) and the public (401)', async () => {
    const { a } = await catalogue();
    expect((await create(await t.tokenFor('production'), t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 1 }])).statusCode).toBe(403);
    expect((await t.post('/api/orders/create', { client_id: 1, lines: [{ product_id: a.id, quantity: 1 }] })).statusCode).toBe(401);
  });

  it.each([
    [[{ product_id: 0, quantity: 1 }], 'lines.0.product_id'],
    [[{ product_id: 1, quantity: 0 }], 'lines.0.quantity'],
    [[{ product_id: 1, quantity: -2 }], 'lines.0.quantity'],
    [[{ product_id: 1, quantity: 1.5 }], 'lines.0.quantity'],
    [[{ product_id: 1, quantity: '2' }], 'lines.0.quantity'],
    [[], 'lines'],
    [[{ product_id: 999_999, quantity: 1 }], 'lines.0.product_id'],
  ])('answers 400 naming the field for lines %j', async (lines, field) => {
    const before = await countOrders();
    const res = await create(await t.tokenFor('stockist'), t.demo.stockist.clientId!, lines as Line[]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await countOrders()).toBe(before);
  });

  it('refuses a property value the product does not offer', async () => {
    const { a } = await catalogue();
    const res = await create(await t.tokenFor('stockist'), t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 1, property_value_ids: [999_999] }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['lines.0.property_value_ids']);
  });

  it('answers a retried create with the same Idempotency-Key with the order it already made', async () => {
    const { a } = await catalogue();
    const token = await t.tokenFor('stockist');
    const headers = { 'idempotency-key': `retry-${Math.random()}` };
    const first = await create(token, t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 2 }], headers);
    const again = await create(token, t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 2 }], headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => create(token, t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 1 }], { 'idempotency-key': 'race-1' })),
    );
    expect(new Set(racing.map((r) => r.json().data.id)).size).toBe(1);
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });

  it('persists 50 concurrent creates, none duplicated, every total right', async () => {
    const { a, b } = await catalogue();
    const token = await t.tokenFor('stockist');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        create(token, t.demo.stockist.clientId!, [
          { product_id: a.id, quantity: i + 1 },
          { product_id: b.id, quantity: 1 },
        ], { 'idempotency-key': `bulk-${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ids = answers.map((r) => r.json().data.id as number);
    expect(new Set(ids).size).toBe(50);
    for (const [i, id] of ids.entries()) {
      const [row] = await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
      expect(row.total).toBe((i + 1) * 9000 + 3000);
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, id));
      expect(lines).toHaveLength(2);
    }
  });
});

async function newOrder(role: 'stockist' | 'admin' = 'stockist') {
  const { a } = await catalogue();
  const res = await create(await t.tokenFor(role), t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 2 }]);
  return res.json().data as { id: number; version: number; token: string; reference: string };
}

async function moveTo(id: number, status: OrderStatus) {
  return t.post('/api/orders/updatestatus', { id, status }, { token: await t.tokenFor('production') });
}

describe('POST /api/orders/updatestatus', () => {
  it('walks the whole workflow with a history row per step, and mails the tracking link on dispatch', async () => {
    const order = await newOrder();
    for (const status of ['confirmed', 'in_production', 'ready'] as const) expect((await moveTo(order.id, status)).statusCode).toBe(200);
    const courier = await t.post('/api/orders/save_courier', { id: order.id, courier_name: 'Aramex', tracking_number: 'AX123' }, { token: await t.tokenFor('production') });
    expect(courier.statusCode).toBe(200);
    const dispatched = await moveTo(order.id, 'dispatched');
    expect(dispatched.json().data).toMatchObject({ status: 'dispatched', next_statuses: ['delivered'] });
    const mails = await t.outbox('stockist@example.com');
    const mail = mails.find((m) => m.subject.includes(order.reference) && m.subject.includes('on its way'));
    expect(mail?.text).toContain(`/ext/track/order/${order.token}`);
    expect(mail?.text).toContain('AX123');
    expect((await moveTo(order.id, 'delivered')).json().data.next_statuses).toEqual([]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.toStatus)).toEqual(['new', 'confirmed', 'in_production', 'ready', 'dispatched', 'delivered']);
    expect(await t.audit('update_order_status', order.id)).toHaveLength(5);
  });

  it('answers 409 for every change the workflow does not allow, and changes nothing', async () => {
    const order = await newOrder();
    for (const status of ['in_production', 'ready', 'dispatched', 'delivered', 'new'] as const) {
      const res = await moveTo(order.id, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().errors).toHaveProperty('status');
    }
    expect((await moveTo(order.id, 'cancelled')).statusCode).toBe(200);
    expect((await moveTo(order.id, 'confirmed')).statusCode).toBe(409);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('cancelled');
  });

  it('is for admin and production only', async () => {
    const order = await newOrder();
    const res = await t.post('/api/orders/updatestatus', { id: order.id, status: 'confirmed' }, { token: await t.tokenFor('stockist') });
    expect(res.statusCode).toBe(403);
    expect((await t.post('/api/orders/updatestatus', { id: order.id, status: 'shipped' }, { token: await t.tokenFor('admin') })).statusCode).toBe(400);
  });
});

describe('POST /api/orders/update and /delete', () => {
  it('changes lines while new, keeps the frozen price, and refuses a stale version with 409', async () => {
    const { a, b } = await catalogue();
    const token = await t.tokenFor('stockist');
    const order = (await create(token, t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 1 }])).json().data;
    // The base price rises after the order was placed: the line already held keeps its price.
    await t.post('/api/products/save', { id: a.id, sku: `X-${a.id}`, name: 'Dearer', price: 20_000 }, { token: await t.tokenFor('admin') });
    const res = await t.post('/api/orders/update', { id: order.id, version: 1, lines: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 1 }], notes: 'Leave at reception' }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2 * 9000 + 3000, version: 2, notes: 'Leave at reception' });
    const stale = await t.post('/api/orders/update', { id: order.id, version: 1, notes: 'Older view' }, { token });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toHaveProperty('version');
  });

  it('refuses changes once production started, and deletes only new or cancelled orders (admin only)', async () => {
    const order = await newOrder();
    expect((await t.post('/api/orders/delete', { id: order.id }, { token: await t.tokenFor('stockist') })).statusCode).toBe(403);
    for (const status of ['confirmed', 'in_production'] as const) await moveTo(order.id, status);
    const update = await t.post('/api/orders/update', { id: order.id, version: 3, notes: 'late' }, { token: await t.tokenFor('stockist') });
    expect(update.statusCode).toBe(409);
    const admin = await t.tokenFor('admin');
    expect((await t.post('/api/orders/delete', { id: order.id }, { token: admin })).statusCode).toBe(409);
    const fresh = await newOrder();
    expect((await t.post('/api/orders/delete', { id: fresh.id }, { token: admin })).statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.id, fresh.id))).toHaveLength(0);
    expect(await t.audit('delete_order', fresh.id)).toHaveLength(1);
  });

  it('keeps products on orders: deleting one answers 409', async () => {
    const { a } = await catalogue();
    await create(await t.tokenFor('stockist'), t.demo.stockist.clientId!, [{ product_id: a.id, quantity: 1 }]);
    const res = await t.post('/api/products/delete', { id: a.id }, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(409);
  });
});

describe('who sees which orders', () => {
  it('production sees every branch; a member only its own client; a reseller only its linked clients', async () => {
    const own = await newOrder();
    const { a } = await catalogue();
    const other = (await create(await t.tokenFor('individual'), t.demo.individual.clientId!, [{ product_id: a.id, quantity: 1 }])).json().data;
    const list = async (role: 'production' | 'stockist' | 'reseller' | 'individual', query = '') =>
      (await t.get(`/api/orders/all?perPage=1000${query}`, { token: await t.tokenFor(role) })).json() as { data: { id: number; client_id: number; branch_id: number }[]; total: number };

    const production = await list('production');
    expect(production.data.map((o) => o.id)).toEqual(expect.arrayContaining([own.id, other.id]));
    expect(new Set(production.data.map((o) => o.branch_id)).size).toBeGreaterThan(1);

    const stockist = await list('stockist');
    expect(stockist.data.every((o) => o.client_id === t.demo.stockist.clientId)).toBe(true);
    expect(stockist.data.map((o) => o.id)).not.toContain(other.id);
    expect((await t.get(`/api/orders/order?id=${other.id}`, { token: await t.tokenFor('stockist') })).statusCode).toBe(404);

    const linked = new Set((await t.db.select().from(repClients).where(eq(repClients.repUserId, t.demo.reseller.id))).map((r) => r.clientId));
    const reseller = await list('reseller');
    expect(reseller.total).toBeGreaterThan(0);
    expect(reseller.data.every((o) => linked.has(o.client_id))).toBe(true);
    expect(linked.has(t.demo.individual.clientId!)).toBe(false);
    expect((await t.get(`/api/orders/order?id=${other.id}`, { token: await t.tokenFor('reseller') })).statusCode).toBe(404);
    expect((await t.post('/api/orders/create', { client_id: t.demo.individual.clientId, lines: [{ product_id: a.id, quantity: 1 }] }, { token: await t.tokenFor('reseller') })).statusCode).toBe(404);
  });

  it('filters and pages in SQL and answers the branch stats of this month against last', async () => {
    const token = await t.tokenFor('admin');
    const branch = t.demo.stockist.clientId ? (await t.get(`/api/orders/order?id=${(await newOrder()).id}`, { token })).json().data.branch_id : 1;
    const page = (await t.get(`/api/orders/all?branch_id=${branch}&perPage=5&page=1&sort=total&order=DESC`, { token })).json();
    expect(page.data.length).toBeLessThanOrEqual(5);
    expect(page.data.every((o: { branch_id: number }) => o.branch_id === branch)).toBe(true);
    const totals = page.data.map((o: { total: number }) => o.total);
    expect(totals).toEqual([...totals].sort((x, y) => y - x));
    const all = (await t.get(`/api/orders/all?branch_id=${branch}&perPage=1000`, { token })).json();
    expect(all.total).toBe(page.total);
    const newThisMonth = page.stats.by_status.find((s: { status: string }) => s.status === 'new').this_month;
    expect(newThisMonth.count).toBeGreaterThan(0);
    expect(page.stats.this_month.count).toBe(page.stats.by_status.reduce((n: number, s: { this_month: { count: number } }) => n + s.this_month.count, 0));
    const onlyNew = (await t.get(`/api/orders/all?branch_id=${branch}&status=new&perPage=1000`, { token })).json();
    expect(onlyNew.data.every((o: { status: string }) => o.status === 'new')).toBe(true);
    expect((await t.get('/api/orders/all?sort=password', { token })).statusCode).toBe(400);
  });

  it('answers each row of a page as orders/order answers that order (the page is read as one JSON value)', async () => {
    const token = await t.tokenFor('admin');
    const made = await newOrder();
    const page = (await t.get('/api/orders/all?perPage=25&sort=created_at&order=DESC', { token })).json();
    const row = page.data.find((o: { id: number }) => o.id === made.id);
    const order = (await t.get(`/api/orders/order?id=${made.id}`, { token })).json().data;
    const summaryFields = ['id', 'reference', 'client_id', 'client_name', 'branch_id', 'status', 'total', 'line_count', 'courier_name', 'tracking_number', 'created_at'];
    expect(row).toEqual(Object.fromEntries(summaryFields.map((field) => [field, field === 'line_count' ? order.lines.length : order[field]])));
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const times = page.data.map((o: { created_at: string }) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(typeof page.total).toBe('number');
  });

  it('searches by order number or by client name', async () => {
    const token = await t.tokenFor('admin');
    const order = await newOrder();
    for (const q of [order.reference, String(order.id), order.reference.toLowerCase()]) {
      const found = (await t.get(`/api/orders/all?q=${encodeURIComponent(q)}&perPage=1000`, { token })).json();
      expect(found.data.map((o: { id: number }) => o.id), q).toContain(order.id);
    }
    const byClient = (await t.get('/api/orders/all?q=sunrise&perPage=1000', { token })).json();
    expect(byClient.total).toBeGreaterThan(0);
    expect(byClient.data.every((o: { client_name: string }) => o.client_name === 'Sunrise Pharmacy')).toBe(true);
    const wildcard = (await t.get('/api/orders/all?q=%25&perPage=5', { token })).json();
    expect(wildcard.total).toBe(0);
  });

  it('sorts by client name, total and status across the page boundary', async () => {
    const token = await t.tokenFor('admin');
    const read = async (sort: string, order: string) =>
      (await t.get(`/api/orders/all?sort=${sort}&order=${order}&perPage=1000`, { token })).json().data as { client_name: string; total: number; status: string }[];
    const names = (await read('client_name', 'ASC')).map((o) => o.client_name.toLowerCase());
    expect(new Set(names).size).toBeGreaterThan(1);
    // The database's collation orders punctuation its own way: check what every collation
    // agrees on, that first letters never go back and each client's orders stay together.
    const initials = names.map((name) => name[0]);
    expect(initials).toEqual([...initials].sort());
    const groups = names.filter((name, i) => name !== names[i - 1]);
    expect(new Set(groups).size).toBe(groups.length);
    const totals = (await read('total', 'DESC')).map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const firstPage = (await t.get('/api/orders/all?sort=client_name&order=DESC&perPage=3', { token })).json();
    const secondPage = (await t.get('/api/orders/all?sort=client_name&order=DESC&perPage=3&page=2', { token })).json();
    const seen = [...firstPage.data, ...secondPage.data].map((o: { id: number }) => o.id);
    expect(new Set(seen).size).toBe(6);
  });
});

describe('GET /api/orders/orderbytoken (public)', () => {
  it('shows status, courier and lines by token, and no contact details or notes', async () => {
    const order = await newOrder();
    await t.post('/api/orders/update', { id: order.id, version: 1, notes: 'internal: call before delivery' }, { token: await t.tokenFor('stockist') });
    const res = await t.get(`/api/orders/orderbytoken?token=${order.token}`);
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(res.json());
    expect(res.json().data).toMatchObject({ reference: order.reference, status: 'new', client: { name: 'Sunrise Pharmacy', type: 'stockist' } });
    expect(body).not.toContain('internal');
    expect(body).not.toContain('@');
    expect(body).not.toContain('+27');
    expect(order.token.length).toBeGreaterThanOrEqual(22);
  });

  it('answers 404 for a wrong token of any shape', async () => {
    const order = await newOrder();
    const flipped = order.token.slice(0, -1) + (order.token.endsWith('A') ? 'B' : 'A');
    for (const token of [flipped, 'short', '../../etc', '']) {
      expect((await t.get(`/api/orders/orderbytoken?token=${encodeURIComponent(token)}`)).statusCode, token).toBe(404);
    }
  });
});

describe('comments', () => {
  it('pages newest first, refuses empty text, and follows the order’s visibility', async () => {
    const order = await newOrder();
    const token = await t.tokenFor('production');
    for (let i = 1; i <= 12; i++) expect((await t.post('/api/orders/comment', { order_id: order.id, text: `note ${i}` }, { token })).statusCode).toBe(201);
    const first = (await t.get(`/api/orders/comments?order_id=${order.id}&page=1&perPage=10`, { token })).json();
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ text: 'note 12', author: t.demo.production.name });
    for (const text of ['', '   ']) {
      const res = await t.post('/api/orders/comment', { order_id: order.id, text }, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('text');
    }
    expect((await t.get(`/api/orders/comments?order_id=${order.id}`, { token: await t.tokenFor('individual') })).statusCode).toBe(404);
  });
});

describe('POST /api/orders/quote', () => {
  it('prices lines as create would, for the client the admin enters, and writes nothing', async () => {
    const { a, b } = await catalogue();
    const before = await countOrders();
    const res = await t.post('/api/orders/quote', { client_id: t.demo.stockist.clientId, lines: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 3 }] }, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2 * 9000 + 3 * 3000, lines: [{ unit_price: 9000, line_total: 18_000 }, { unit_price: 3000, line_total: 9000 }] });
    expect(await countOrders()).toBe(before);
    const other = await t.post('/api/orders/quote', { client_id: t.demo.individual.clientId, lines: [{ product_id: a.id, quantity: 1 }] }, { token: await t.tokenFor('stockist') });
    expect(other.statusCode).toBe(404);
  });
});

describe('catalogue records on orders are kept', () => {
  it('keeps a property value chosen on an order, and refuses to delete its property', async () => {
    const admin = await t.tokenFor('admin');
    const property = (await t.post('/api/products/saveproperty', { name: `Strength ${Date.now()}`, values: [{ value: 'Mild' }, { value: 'Strong' }] }, { token: admin })).json().data;
    const [mild, strong] = property.values;
    const product = (await t.post('/api/products/save', { sku: `STR-${Date.now()}`, name: 'Strength test', price: 1000, property_value_ids: [mild.id, strong.id] }, { token: admin })).json().data;
    const created = await create(await t.tokenFor('stockist'), t.demo.stockist.clientId!, [{ product_id: product.id, quantity: 1, property_value_ids: [strong.id] }]);
    expect(created.statusCode).toBe(201);
    const replaced = await t.post('/api/products/savepropertyvalues', { property_id: property.id, values: [{ id: mild.id, value: 'Mild' }] }, { token: admin });
    expect(replaced.statusCode).toBeLessThan(300);
    const after = (await t.get(`/api/products/property?id=${property.id}`, { token: admin })).json().data;
    expect(after.values.map((v: { id: number }) => v.id)).toContain(strong.id);
    expect((await t.post('/api/products/deleteproperty', { id: property.id }, { token: admin })).statusCode).toBe(409);
  });
});

describe('daily order stats', () => {
  it('stay equal to the orders themselves through creates, edits, status changes and deletes', async () => {
    const { a, b } = await catalogue();
    const stockist = await t.tokenFor('stockist');
    const admin = await t.tokenFor('admin');
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await create(stockist, t.demo.stockist.clientId!, [{ product_id: a.id, quantity: i + 1 }])).json().data);
    await t.post('/api/orders/update', { id: made[0].id, version: 1, lines: [{ product_id: b.id, quantity: 7 }] }, { token: stockist });
    await moveTo(made[1].id, 'confirmed');
    await moveTo(made[1].id, 'in_production');
    await moveTo(made[2].id, 'cancelled');
    await t.post('/api/orders/delete', { id: made[2].id }, { token: admin });
    await t.post('/api/orders/delete', { id: made[3].id }, { token: admin });

    const live = await t.db.execute(sql`
      select branch_id, ((created_at at time zone 'UTC') + interval '2 hours')::date::text as day, status, count(*)::int as n, sum(total)::bigint as v
      from orders group by 1, 2, 3 order by 1, 2, 3`);
    const kept = await t.db.execute(sql`
      select branch_id, day::text as day, status, order_count as n, order_value as v from order_daily_stats where order_count <> 0 order by 1, 2, 3`);
    const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows.map((row) => ({ ...row, n: Number(row.n), v: Number(row.v) }));
    expect(rows(kept)).toEqual(rows(live));

    // The list's count for a branch and a status is the same read from either.
    const branch = made[1].branch_id;
    const list = (await t.get(`/api/orders/all?branch_id=${branch}&status=in_production&perPage=1000`, { token: admin })).json();
    expect(list.total).toBe(list.data.length);
    const all = (await t.get(`/api/orders/all?branch_id=${branch}&perPage=1000`, { token: admin })).json();
    expect(all.total).toBe(all.data.length);
  });
});

describe('POST /api/orders/membership_order', () => {
  it('orders the membership fee for an approved member, whose membership then waits for payment', async () => {
    const admin = await t.tokenFor('admin');
    const [client] = await t.db
      .insert(clients)
      .values({ type: 'individual', name: `Approved ${Date.now()}`, email: `approved.${Date.now()}@example.com`, membershipStatus: 'approved' })
      .returning();
    const res = await t.post('/api/orders/membership_order', { client_id: client.id }, { token: admin });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.lines).toEqual([expect.objectContaining({ sku: 'MEMBERSHIP', quantity: 1 })]);
    expect(order).toMatchObject({ client_id: client.id, status: 'new', total: order.lines[0].unit_price });
    const [after] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(after.membershipStatus).toBe('pending_payment');
    expect(await t.audit('create_membership_order', order.id)).toHaveLength(1);
    // Ordered once: now it waits for payment.
    const again = await t.post('/api/orders/membership_order', { client_id: client.id }, { token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toHaveProperty('client_id');
  });

  it('is the admin’s, and 404 for an unknown client', async () => {
    expect((await t.post('/api/orders/membership_order', { client_id: t.demo.stockist.clientId }, { token: await t.tokenFor('stockist') })).statusCode).toBe(403);
    expect((await t.post('/api/orders/membership_order', { client_id: 999_999 }, { token: await t.tokenFor('admin') })).statusCode).toBe(404);
  });
});
