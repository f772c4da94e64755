import { and, count, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, orders, repClients } from '../../server/db/schema';
import { catalogueFactory } from './support/catalogue';
import { useTestApp } from './support/app';

const t = useTestApp();

let counter = 0;
const unique = () => `${++counter}-${Date.now().toString(36)}`;

interface RepClientRow {
  id: number;
  name: string;
  order_count: number;
  sales_total: number;
  last_order_at: string | null;
}

const repUrl = (repId: number, query = '') => `/api/reps/rep?rep_user_id=${repId}${query ? `&${query}` : ''}`;

/** A client made by the admin, linked to nobody. */
async function unlinkedClient(fields: Record<string, unknown> = {}) {
  const res = await t.post('/api/clients/save', { type: 'stockist', name: `Unlinked ${unique()}`, ...fields }, { token: await t.tokenFor('admin') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

/** What the database says a client's orders are worth, to check the SQL figures against. */
async function figuresOf(clientId: number) {
  const [row] = await t.db
    .select({ n: count(), sales: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled'), 0)`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.clientId, clientId));
  return { order_count: row.n, sales_total: row.sales };
}

const links = async (repId: number) =>
  (await t.db.select({ clientId: repClients.clientId }).from(repClients).where(eq(repClients.repUserId, repId))).map((r) => r.clientId).sort((a, b) => a - b);

describe('GET /api/reps/rep', () => {
  it('answers the reseller its own rep view: details, its clients with order figures, never all_clients', async () => {
    const token = await t.tokenFor('reseller');
    const res = await t.get(repUrl(t.demo.reseller.id, 'all_clients_q=a'), { token });
    expect(res.statusCode, res.body).toBe(200);
    const { rep, rep_clients, all_clients } = res.json().data;
    expect(rep).toMatchObject({ id: t.demo.reseller.id, name: 'Rita Reseller', email: 'reseller@example.com', active: true });
    expect(all_clients).toBeUndefined();
    expect(rep_clients.total).toBeGreaterThanOrEqual(3);
    expect(rep.client_ids).toHaveLength(rep_clients.total);
    for (const row of rep_clients.data as RepClientRow[]) {
      expect(row).toMatchObject(await figuresOf(row.id));
    }
    // The demo's reseller clients have orders (server/db/seed/orders.ts).
    expect((rep_clients.data as RepClientRow[]).some((row) => row.order_count > 0 && row.last_order_at)).toBe(true);
  });

  it('pages, sorts and searches rep_clients in SQL', async () => {
    const token = await t.tokenFor('reseller');
    const all = (await t.get(repUrl(t.demo.reseller.id, 'perPage=100&sort=sales_total&order=DESC'), { token })).json().data.rep_clients;
    const totals = (all.data as RepClientRow[]).map((row) => row.sales_total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const second = (await t.get(repUrl(t.demo.reseller.id, 'perPage=1&page=2&sort=sales_total&order=DESC'), { token })).json().data.rep_clients;
    expect(second.total).toBe(all.total);
    expect(second.data.map((r: RepClientRow) => r.id)).toEqual([all.data[1].id]);
    const found = (await t.get(repUrl(t.demo.reseller.id, 'q=karoo'), { token })).json().data.rep_clients;
    expect(found.data.map((r: RepClientRow) => r.name)).toEqual(['Karoo Health Store']);
    expect(found.total).toBe(1);
    const bad = await t.get(repUrl(t.demo.reseller.id, 'sort=password'), { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sort');
  });

  it('answers 404 to a reseller asking for another rep, and to anybody for a user who is not a rep', async () => {
    const other = await t.makeUser({ role: 'reseller' });
    const reseller = await t.tokenFor('reseller');
    const admin = await t.tokenFor('admin');
    expect((await t.get(repUrl(other.id), { token: reseller })).statusCode).toBe(404);
    expect((await t.get(repUrl(other.id), { token: admin })).statusCode).toBe(200);
    expect((await t.get(repUrl(t.demo.stockist.id), { token: admin })).statusCode).toBe(404);
    expect((await t.get(repUrl(999_999), { token: admin })).statusCode).toBe(404);
  });

  it('gives the admin a paged search over all live clients, each marked when the rep works it', async () => {
    const admin = await t.tokenFor('admin');
    const first = (await t.get(repUrl(t.demo.reseller.id, 'all_clients_per_page=3'), { token: admin })).json().data.all_clients;
    expect(first.data).toHaveLength(3);
    expect(first.total).toBeGreaterThanOrEqual(10);
    const karoo = (await t.get(repUrl(t.demo.reseller.id, 'all_clients_q=Karoo'), { token: admin })).json().data.all_clients;
    expect(karoo.data).toEqual([expect.objectContaining({ name: 'Karoo Health Store', linked: true })]);
    const berea = (await t.get(repUrl(t.demo.reseller.id, 'all_clients_q=berea'), { token: admin })).json().data.all_clients;
    expect(berea.data).toEqual([expect.objectContaining({ name: 'Berea Wellness', linked: false })]);
    const page2 = (await t.get(repUrl(t.demo.reseller.id, 'all_clients_per_page=3&all_clients_page=2'), { token: admin })).json().data.all_clients;
    expect(page2.data.map((c: { id: number }) => c.id)).not.toContain(first.data[0].id);
  });

  it('refuses members and production (403) and the public (401)', async () => {
    for (const role of ['stockist', 'individual', 'production'] as const) {
      expect((await t.get(repUrl(t.demo.reseller.id), { token: await t.tokenFor(role) })).statusCode).toBe(403);
    }
    expect((await t.get(repUrl(t.demo.reseller.id))).statusCode).toBe(401);
  });
});

describe('POST /api/reps/saveclientlinks', () => {
  it('lets the admin set exactly the clients a rep works, with one audit entry', async () => {
    const rep = await t.makeUser({ role: 'reseller' });
    const [a, b, c] = [await unlinkedClient(), await unlinkedClient(), await unlinkedClient()];
    const admin = await t.tokenFor('admin');
    const first = await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [b.id, a.id, a.id] }, { token: admin });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ rep_user_id: rep.id, client_ids: [a.id, b.id].sort((x, y) => x - y) });
    expect(await links(rep.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    const second = await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [b.id, c.id] }, { token: admin });
    expect(second.statusCode).toBe(200);
    expect(await links(rep.id)).toEqual([b.id, c.id].sort((x, y) => x - y));
    const audit = await t.audit('save_client_links', rep.id);
    expect(audit).toHaveLength(2);
    expect(audit[1].data).toEqual({ added: [c.id], removed: [a.id] });
    // The rep now sees exactly those clients.
    const view = (await t.get(repUrl(rep.id), { token: await t.tokenFor({ id: rep.id }) })).json().data;
    expect(view.rep_clients.data.map((r: RepClientRow) => r.id).sort()).toEqual([b.id, c.id].sort());
    expect((await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [] }, { token: admin })).statusCode).toBe(200);
    expect(await links(rep.id)).toEqual([]);
  });

  it('keeps the links to archived clients, which no screen offers', async () => {
    const rep = await t.makeUser({ role: 'reseller' });
    const [kept, archived] = [await unlinkedClient(), await unlinkedClient()];
    const admin = await t.tokenFor('admin');
    await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [kept.id, archived.id] }, { token: admin });
    expect((await t.post('/api/clients/delete', { id: archived.id }, { token: admin })).statusCode).toBe(200);
    const view = (await t.get(repUrl(rep.id), { token: admin })).json().data;
    expect(view.rep.client_ids).toEqual([kept.id]);
    await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [] }, { token: admin });
    expect(await links(rep.id)).toEqual([archived.id]);
  });

  it('answers 400 naming client_ids for an unknown or archived client, 404 for a user who is not a rep, and changes nothing', async () => {
    const rep = await t.makeUser({ role: 'reseller' });
    const admin = await t.tokenFor('admin');
    const unknown = await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [999_999] }, { token: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('client_ids');
    const notRep = await t.post('/api/reps/saveclientlinks', { rep_user_id: t.demo.production.id, client_ids: [] }, { token: admin });
    expect(notRep.statusCode).toBe(404);
    const badId = await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: ['1'] }, { token: admin });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toHaveProperty(['client_ids.0']);
    expect(await links(rep.id)).toEqual([]);
    expect(await t.audit('save_client_links', rep.id)).toHaveLength(0);
  });

  it('refuses a reseller changing links, even its own (403), and the public (401)', async () => {
    const before = await links(t.demo.reseller.id);
    const client = await unlinkedClient();
    for (const role of ['reseller', 'stockist', 'individual', 'production'] as const) {
      const res = await t.post('/api/reps/saveclientlinks', { rep_user_id: t.demo.reseller.id, client_ids: [...before, client.id] }, { token: await t.tokenFor(role) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.post('/api/reps/saveclientlinks', { rep_user_id: t.demo.reseller.id, client_ids: [] })).statusCode).toBe(401);
    expect(await links(t.demo.reseller.id)).toEqual(before);
  });
});

describe('POST /api/reps/saveclient', () => {
  it('lets a reseller create a client, linked to itself, in its branch, audited', async () => {
    const rep = await t.makeUser({ role: 'reseller' });
    const token = await t.tokenFor({ id: rep.id });
    const email = `new-${unique()}@client.test`;
    const res = await t.post('/api/reps/saveclient', { type: 'individual', name: '  Nomsa Khumalo ', email, phone: '082 555 1234', membership_status: 'active' }, { token });
    expect(res.statusCode, res.body).toBe(201);
    const client = res.json().data;
    expect(client).toMatchObject({ type: 'individual', name: 'Nomsa Khumalo', email, rep_ids: [rep.id], membership_status: 'requested' });
    expect(await links(rep.id)).toEqual([client.id]);
    expect(await t.audit('create', client.id)).toHaveLength(1);
    expect(await t.audit('link_client', rep.id)).toEqual([expect.objectContaining({ data: { client_id: client.id } })]);
    // …and can order for it straight away.
    const product = await catalogueFactory(t).product();
    const order = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 2 }] }, { token });
    expect(order.statusCode, order.body).toBe(201);
  });

  it('defaults a new client to the rep’s branch', async () => {
    const admin = await t.tokenFor('admin');
    const res = await t.post('/api/reps/saveclient', { rep_user_id: t.demo.reseller.id, type: 'stockist', name: `Branch default ${unique()}` }, { token: admin });
    expect(res.statusCode).toBe(201);
    const rep = (await t.get(repUrl(t.demo.reseller.id), { token: admin })).json().data.rep;
    expect(res.json().data.branch_id).toBe(rep.branch_id);
    expect(res.json().data.rep_ids).toEqual([t.demo.reseller.id]);
  });

  it('lets a reseller update a client it works, and answers 404 for one it does not, changing nothing', async () => {
    const token = await t.tokenFor('reseller');
    const created = (await t.post('/api/reps/saveclient', { type: 'stockist', name: `Mine ${unique()}` }, { token })).json().data;
    const updated = await t.post('/api/reps/saveclient', { id: created.id, name: 'Mine renamed', phone: '011 555 0000' }, { token });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ id: created.id, name: 'Mine renamed', phone: '011 555 0000' });
    expect(await t.audit('update', created.id)).toHaveLength(1);

    const foreign = await unlinkedClient();
    const res = await t.post('/api/reps/saveclient', { id: foreign.id, name: 'Hijacked' }, { token });
    expect(res.statusCode).toBe(404);
    expect((await t.db.query.clients.findFirst({ where: eq(clients.id, foreign.id) }))!.name).toBe(foreign.name);
    expect(await t.audit('update', foreign.id)).toHaveLength(0);
  });

  it('answers 404 to a reseller saving for another rep, and to an admin naming a user who is not a rep', async () => {
    const other = await t.makeUser({ role: 'reseller' });
    const res = await t.post('/api/reps/saveclient', { rep_user_id: other.id, type: 'stockist', name: 'For another' }, { token: await t.tokenFor('reseller') });
    expect(res.statusCode).toBe(404);
    expect(await links(other.id)).toEqual([]);
    const admin = await t.tokenFor('admin');
    expect((await t.post('/api/reps/saveclient', { rep_user_id: t.demo.stockist.id, type: 'stockist', name: 'Nope' }, { token: admin })).statusCode).toBe(404);
    const missing = await t.post('/api/reps/saveclient', { type: 'stockist', name: 'Whose?' }, { token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('rep_user_id');
  });

  it('lets the admin create and update a client for a rep', async () => {
    const rep = await t.makeUser({ role: 'reseller' });
    const admin = await t.tokenFor('admin');
    const created = await t.post('/api/reps/saveclient', { rep_user_id: rep.id, type: 'stockist', name: `Admin made ${unique()}` }, { token: admin });
    expect(created.statusCode).toBe(201);
    expect(await links(rep.id)).toEqual([created.json().data.id]);
    const updated = await t.post('/api/reps/saveclient', { rep_user_id: rep.id, id: created.json().data.id, type: 'individual' }, { token: admin });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.type).toBe('individual');
  });

  it.each([
    [{ name: 'No type' }, 'type'],
    [{ type: 'stockist' }, 'name'],
    [{ type: 'admin', name: 'Company' }, 'type'],
    [{ type: 'stockist', name: 'Bad mail', email: 'not-an-email' }, 'email'],
    [{ type: 'stockist', name: 'Bad branch', branch_id: 999_999 }, 'branch_id'],
  ])('answers 400 naming the field for %j and writes nothing', async (body, field) => {
    const before = await links(t.demo.reseller.id);
    const res = await t.post('/api/reps/saveclient', body, { token: await t.tokenFor('reseller') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([field]);
    expect(await links(t.demo.reseller.id)).toEqual(before);
  });

  it('answers 409 naming email for a duplicate email, and leaves no client or link behind', async () => {
    const token = await t.tokenFor('reseller');
    const before = await links(t.demo.reseller.id);
    const [{ n }] = await t.db.select({ n: count() }).from(clients);
    const res = await t.post('/api/reps/saveclient', { type: 'stockist', name: 'Copy', email: 'STOCKIST@example.com' }, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty('email');
    expect((await t.db.select({ n: count() }).from(clients))[0].n).toBe(n);
    expect(await links(t.demo.reseller.id)).toEqual(before);
  });

  it('refuses a reseller changing a client’s type (403)', async () => {
    const token = await t.tokenFor('reseller');
    const created = (await t.post('/api/reps/saveclient', { type: 'stockist', name: `Typed ${unique()}` }, { token })).json().data;
    const res = await t.post('/api/reps/saveclient', { id: created.id, type: 'individual' }, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toHaveProperty('type');
    expect((await t.post('/api/reps/saveclient', { id: created.id, type: 'stockist', name: 'Same type' }, { token })).statusCode).toBe(200);
  });

  it('refuses members and production (403) and the public (401)', async () => {
    for (const role of ['stockist', 'individual', 'production'] as const) {
      expect((await t.post('/api/reps/saveclient', { type: 'stockist', name: 'x' }, { token: await t.tokenFor(role) })).statusCode).toBe(403);
    }
    expect((await t.post('/api/reps/saveclient', { type: 'stockist', name: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /api/reps/client', () => {
  it('answers a reseller a client it works, with its order figures and only itself as rep', async () => {
    const other = await t.makeUser({ role: 'reseller' });
    const admin = await t.tokenFor('admin');
    const clientId = t.demo.stockist.clientId!;
    const current = await links(other.id);
    await t.post('/api/reps/saveclientlinks', { rep_user_id: other.id, client_ids: [...current, clientId] }, { token: admin });
    const res = await t.get(`/api/reps/client?id=${clientId}`, { token: await t.tokenFor('reseller') });
    expect(res.statusCode, res.body).toBe(200);
    const client = res.json().data;
    expect(client).toMatchObject({ id: clientId, name: 'Sunrise Pharmacy', ...(await figuresOf(clientId)) });
    expect(client.rep_ids).toEqual([t.demo.reseller.id]);
    expect(client.reps).toEqual([{ id: t.demo.reseller.id, name: 'Rita Reseller' }]);
    const asAdmin = (await t.get(`/api/reps/client?id=${clientId}`, { token: admin })).json().data;
    expect(asAdmin.reps.map((r: { id: number }) => r.id).sort()).toEqual([t.demo.reseller.id, other.id].sort());
  });

  it('answers 404 to a reseller for a client it does not work, and for an unknown one', async () => {
    const token = await t.tokenFor('reseller');
    expect((await t.get(`/api/reps/client?id=${t.demo.individual.clientId}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/reps/client?id=999999`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/reps/client?id=999999`, { token: await t.tokenFor('admin') })).statusCode).toBe(404);
    expect((await t.get(`/api/reps/client?id=${t.demo.stockist.clientId}`, { token: await t.tokenFor('stockist') })).statusCode).toBe(403);
  });

  it('keeps a reseller away from an unlinked client’s orders and ordering (404)', async () => {
    const token = await t.tokenFor('reseller');
    const foreign = t.demo.individual.clientId!;
    const [foreignOrder] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, foreign)).limit(1);
    expect((await t.get(`/api/orders/order?id=${foreignOrder.id}`, { token })).statusCode).toBe(404);
    const list = (await t.get(`/api/orders/all?client_id=${foreign}`, { token })).json();
    expect(list.total).toBe(0);
    const product = await catalogueFactory(t).product();
    expect((await t.post('/api/orders/create', { client_id: foreign, lines: [{ product_id: product.id, quantity: 1 }] }, { token })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/repusers', () => {
  it('answers each rep with its live client count and sales total, sortable by them', async () => {
    const admin = await t.tokenFor('admin');
    const res = await t.get('/api/admin/repusers?perPage=100&sort=sales_total&order=DESC', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const reps = res.json().data as { id: number; client_count: number; sales_total: number }[];
    expect(reps.map((r) => r.sales_total)).toEqual(reps.map((r) => r.sales_total).sort((a, b) => b - a));
    const rita = reps.find((r) => r.id === t.demo.reseller.id)!;
    const live = await t.db
      .select({ id: clients.id })
      .from(repClients)
      .innerJoin(clients, eq(clients.id, repClients.clientId))
      .where(and(eq(repClients.repUserId, t.demo.reseller.id), sql`${clients.archivedAt} is null`));
    expect(rita.client_count).toBe(live.length);
    let sales = 0;
    for (const { id } of live) sales += (await figuresOf(id)).sales_total;
    expect(rita.sales_total).toBe(sales);
    const [{ n }] = await t.db.select({ n: count() }).from(orders).where(and(ne(orders.status, 'cancelled'), sql`${orders.clientId} in (${sql.join(live.map((c) => sql`${c.id}`), sql`, `)})`));
    expect(n).toBeGreaterThan(0);
    const byCount = (await t.get('/api/admin/repusers?perPage=100&sort=client_count&order=ASC', { token: admin })).json().data as { client_count: number }[];
    expect(byCount.map((r) => r.client_count)).toEqual(byCount.map((r) => r.client_count).sort((a, b) => a - b));
    // Company users are not sorted by what they do not have.
    expect((await t.get('/api/admin/companyusers?sort=client_count', { token: admin })).statusCode).toBe(400);
    expect((await t.get('/api/admin/repusers', { token: await t.tokenFor('reseller') })).statusCode).toBe(403);
  });
});
