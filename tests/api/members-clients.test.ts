import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { clients, orders, repClients } from '../../server/db/schema';
import type { RoleName } from '../../server/auth/roles';
import { useTestApp } from './support/app';

const t = useTestApp();

const as = (role: RoleName) => t.tokenFor(role);
let counter = 0;
const uniqueEmail = () => `member${++counter}.${Date.now().toString(36)}@clients.test`;

async function newClient(fields: Record<string, unknown> = {}) {
  const res = await t.post('/api/clients/save', { type: 'stockist', name: `Shop ${++counter}`, email: uniqueEmail(), ...fields }, { token: await as('admin') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; email: string; name: string } & Record<string, unknown>;
}

describe('GET /api/clients/all', () => {
  it('answers a page of clients with their wire fields and the total, never password data', async () => {
    const res = await t.get('/api/clients/all?perPage=3&sort=name&order=ASC', { token: await as('admin') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(3);
    expect(body.total).toBeGreaterThanOrEqual(10);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['id', 'type', 'name', 'contact_name', 'email', 'phone', 'address', 'branch_id', 'membership_status', 'membership_expires_at', 'rep_ids', 'question_answers', 'archived', 'created_at', 'version'].sort(),
    );
    const names = body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.body).not.toMatch(/password|token/i);
  });

  it('filters by search, type, branch, membership status and rep in SQL', async () => {
    const token = await as('admin');
    const search = await t.get('/api/clients/all?q=sunrise', { token });
    expect(search.json().data.map((c: { name: string }) => c.name)).toEqual(['Sunrise Pharmacy']);

    const individuals = (await t.get('/api/clients/all?type=individual&perPage=100', { token })).json();
    expect(individuals.data.length).toBeGreaterThanOrEqual(3);
    expect(individuals.data.every((c: { type: string }) => c.type === 'individual')).toBe(true);
    expect(individuals.total).toBe(individuals.data.length);

    const core = (await t.get('/api/auth/core', { token })).json().data;
    const durban = core.branch_config.find((b: { name: string }) => b.name === 'Durban').id;
    const inDurban = (await t.get(`/api/clients/all?branch_id=${durban}&perPage=100`, { token })).json().data;
    expect(inDurban.length).toBeGreaterThan(0);
    expect(inDurban.every((c: { branch_id: number }) => c.branch_id === durban)).toBe(true);

    const expired = (await t.get('/api/clients/all?membership_status=expired', { token })).json().data;
    expect(expired.map((c: { name: string }) => c.name)).toContain('Highveld Pharmacy');

    const ofRep = (await t.get(`/api/clients/all?rep=${t.demo.reseller.id}&perPage=100`, { token })).json();
    expect(ofRep.total).toBe(3);
    expect(ofRep.data.every((c: { rep_ids: number[] }) => c.rep_ids.includes(t.demo.reseller.id))).toBe(true);
  });

  it('pages without overlap and answers 400 naming an unknown sort field', async () => {
    const token = await as('admin');
    const first = (await t.get('/api/clients/all?perPage=4&page=1&sort=type', { token })).json().data;
    const second = (await t.get('/api/clients/all?perPage=4&page=2&sort=type', { token })).json().data;
    const ids = [...first, ...second].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(8);
    const bad = await t.get('/api/clients/all?sort=password_hash', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sort');
  });

  it('is for admins only', async () => {
    for (const role of ['stockist', 'individual', 'production', 'reseller'] as const) {
      expect((await t.get('/api/clients/all', { token: await as(role) })).statusCode).toBe(403);
    }
    expect((await t.get('/api/clients/all')).statusCode).toBe(401);
  });
});

describe('client search at scale', () => {
  it('can answer "contains" searches on name, contact, email and phone from trigram indexes', async () => {
    // The demo has a dozen clients, so the planner would read them all anyway; with sequential
    // reads priced out, a plan without a usable index would still say "Seq Scan".
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute(
        sql`explain select id from clients where name ilike '%harm%' or contact_name ilike '%harm%' or email ilike '%harm%' or phone ilike '%harm%'`,
      );
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Record<string, string>[];
      return list.map((row) => Object.values(row)[0]).join('\n');
    });
    for (const index of ['clients_name_trgm', 'clients_contact_trgm', 'clients_email_trgm', 'clients_phone_trgm']) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('GET /api/clients/client', () => {
  it('answers the client with its orders (a first page) and order counts', async () => {
    const res = await t.get(`/api/clients/client?id=${t.demo.stockist.clientId}`, { token: await as('admin') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: t.demo.stockist.clientId, name: 'Sunrise Pharmacy', type: 'stockist' });
    // The demo seeds orders for the stockist: a first page of 10, newest first, and the counts.
    const [{ n }] = await t.db.select({ n: count() }).from(orders).where(eq(orders.clientId, t.demo.stockist.clientId!));
    expect(data.order_counts.total).toBe(n);
    expect(Object.values(data.order_counts.by_status as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(n);
    expect(data.orders).toHaveLength(Math.min(10, n));
    const dates = data.orders.map((o: { created_at: string }) => o.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lets a stockist or individual read its own client only; another id is 404 like a missing one', async () => {
    const own = await t.get(`/api/clients/client?id=${t.demo.stockist.clientId}`, { token: await as('stockist') });
    expect(own.statusCode).toBe(200);
    const other = await t.get(`/api/clients/client?id=${t.demo.individual.clientId}`, { token: await as('stockist') });
    const missing = await t.get('/api/clients/client?id=999999', { token: await as('stockist') });
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect((await t.get(`/api/clients/client?id=${t.demo.stockist.clientId}`, { token: await as('individual') })).statusCode).toBe(404);
  });

  it('is refused to production and resellers', async () => {
    for (const role of ['production', 'reseller'] as const) {
      expect((await t.get(`/api/clients/client?id=${t.demo.stockist.clientId}`, { token: await as(role) })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/clients/save', () => {
  it('creates (201) and updates a client, with rep links, each with an audit entry', async () => {
    const token = await as('admin');
    const created = await newClient({ type: 'individual', contact_name: 'Zanele', rep_ids: [t.demo.reseller.id] });
    expect(created).toMatchObject({ type: 'individual', contact_name: 'Zanele', membership_status: 'requested', rep_ids: [t.demo.reseller.id], archived: false });
    expect(await t.audit('create', created.id)).toHaveLength(1);

    const updated = await t.post('/api/clients/save', { id: created.id, phone: '+27 10 000 0000', rep_ids: [], membership_status: 'approved' }, { token });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: created.id, phone: '+27 10 000 0000', rep_ids: [], membership_status: 'approved', name: created.name });
    expect(await t.db.select().from(repClients).where(eq(repClients.clientId, created.id))).toEqual([]);
    expect((await t.audit('update', created.id)).some((entry) => entry.entity === 'client')).toBe(true);
  });

  it('gives the client’s users the new type as their role when the type changes', async () => {
    const client = await newClient({ type: 'stockist' });
    const user = await t.makeUser({ role: 'stockist', clientId: client.id });
    const res = await t.post('/api/clients/save', { id: client.id, type: 'individual' }, { token: await as('admin') });
    expect(res.statusCode).toBe(200);
    const core = (await t.get('/api/auth/core', { token: await t.tokenFor(user) })).json().data;
    expect(core.user.role.role_name).toBe('individual');
  });

  it('answers 409 naming email for a duplicate in any spelling, and 400 naming the field for bad input', async () => {
    const token = await as('admin');
    const first = await newClient();
    const dup = await t.post('/api/clients/save', { type: 'stockist', name: 'Copy', email: first.email.toUpperCase() }, { token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty('email');

    const noType = await t.post('/api/clients/save', { name: 'No type' }, { token });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toHaveProperty('type');
    const badType = await t.post('/api/clients/save', { type: 'wizard', name: 'X' }, { token });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toHaveProperty('type');
    const badBranch = await t.post('/api/clients/save', { type: 'stockist', name: 'X', branch_id: 99999 }, { token });
    expect(badBranch.statusCode).toBe(400);
    expect(badBranch.json().errors).toHaveProperty('branch_id');
    const badRep = await t.post('/api/clients/save', { type: 'stockist', name: 'X', rep_ids: [t.demo.production.id] }, { token });
    expect(badRep.statusCode).toBe(400);
    expect(badRep.json().errors).toHaveProperty('rep_ids');
    const missing = await t.post('/api/clients/save', { id: 999999, name: 'Ghost' }, { token });
    expect(missing.statusCode).toBe(404);
  });

  it('lets a member change its own contact details but nothing the company decides, and no other client', async () => {
    const token = await as('stockist');
    const id = t.demo.stockist.clientId!;
    const current = (await t.get(`/api/clients/client?id=${id}`, { token })).json().data;
    // The record sent back whole, as react-admin does: unchanged company fields are fine.
    const { orders: _orders, order_counts: _counts, ...record } = current;
    const ok = await t.post('/api/clients/save', { ...record, phone: '+27 11 555 9999' }, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.phone).toBe('+27 11 555 9999');

    for (const change of [{ type: 'admin' }, { membership_status: 'expired' }, { membership_expires_at: '2099-01-01T00:00:00.000Z' }, { branch_id: null }, { rep_ids: [] }]) {
      const res = await t.post('/api/clients/save', { id, ...change }, { token });
      expect(res.statusCode).toBe(403);
      expect(Object.keys(res.json().errors)[0]).toBe(Object.keys(change)[0]);
    }
    expect((await t.post('/api/clients/save', { id: t.demo.individual.clientId, phone: '1' }, { token })).statusCode).toBe(404);
    expect((await t.post('/api/clients/save', { type: 'stockist', name: 'Mine too' }, { token })).statusCode).toBe(403);
    for (const role of ['production', 'reseller'] as const) {
      expect((await t.post('/api/clients/save', { type: 'stockist', name: 'X' }, { token: await as(role) })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/clients/delete', () => {
  it('archives: the client leaves the list, its users stop working, its email is free again', async () => {
    const token = await as('admin');
    const client = await newClient();
    const user = await t.makeUser({ role: 'stockist', clientId: client.id });
    const userToken = await t.tokenFor(user);
    expect((await t.get(`/api/clients/client?id=${client.id}`, { token: userToken })).statusCode).toBe(200);

    const res = await t.post('/api/clients/delete', { id: client.id }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: client.id } });
    expect(await t.audit('archive', client.id)).toHaveLength(1);

    const listed = (await t.get(`/api/clients/all?ids=${client.id}`, { token })).json();
    expect(listed.total).toBe(0);
    const archived = (await t.get(`/api/clients/all?ids=${client.id}&archived=true`, { token })).json();
    expect(archived.data[0]).toMatchObject({ id: client.id, archived: true });
    expect((await t.get('/api/auth/check', { token: userToken })).json()).toEqual({ authenticated: false });

    expect((await t.post('/api/clients/delete', { id: client.id }, { token })).statusCode).toBe(409);
    await newClient({ email: client.email });
  });

  it('is for admins only, and 404 for an unknown id', async () => {
    expect((await t.post('/api/clients/delete', { id: 999999 }, { token: await as('admin') })).statusCode).toBe(404);
    for (const role of ['stockist', 'individual', 'production', 'reseller'] as const) {
      expect((await t.post('/api/clients/delete', { id: t.demo.stockist.clientId }, { token: await as(role) })).statusCode).toBe(403);
    }
  });
});

describe('POST /api/clients/save_question_answers', () => {
  it('replaces the answers of the caller’s own client (members) or any client (admin)', async () => {
    const own = await t.post('/api/clients/save_question_answers', { id: t.demo.individual.clientId, answers: { how_heard: 'Radio' } }, { token: await as('individual') });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.question_answers).toEqual({ how_heard: 'Radio' });
    expect(await t.audit('save_question_answers', t.demo.individual.clientId!)).toHaveLength(1);

    const other = await t.post('/api/clients/save_question_answers', { id: t.demo.stockist.clientId, answers: {} }, { token: await as('individual') });
    expect(other.statusCode).toBe(404);
    const byAdmin = await t.post('/api/clients/save_question_answers', { id: t.demo.stockist.clientId, answers: { q1: 'yes' } }, { token: await as('admin') });
    expect(byAdmin.json().data.question_answers).toEqual({ q1: 'yes' });
    const bad = await t.post('/api/clients/save_question_answers', { id: t.demo.stockist.clientId, answers: { q1: 5 } }, { token: await as('admin') });
    expect(bad.statusCode).toBe(400);
    expect((await t.post('/api/clients/save_question_answers', { id: t.demo.stockist.clientId, answers: {} }, { token: await as('reseller') })).statusCode).toBe(403);
  });
});

describe('POST /api/clients/activate_membership', () => {
  it('makes the membership active for a year from now, or from a future expiry', async () => {
    const token = await as('admin');
    const client = await newClient({ membership_status: 'pending_payment' });
    const now = t.clock.now();
    const res = await t.post('/api/clients/activate_membership', { id: client.id }, { token });
    expect(res.statusCode).toBe(200);
    const first = res.json().data;
    expect(first.membership_status).toBe('active');
    expect(new Date(first.membership_expires_at).getTime()).toBeCloseTo(now.getTime() + 365 * 86400_000, -5);
    const again = (await t.post('/api/clients/activate_membership', { id: client.id }, { token })).json().data;
    expect(new Date(again.membership_expires_at).getTime() - new Date(first.membership_expires_at).getTime()).toBe(365 * 86400_000);
    expect(await t.audit('activate_membership', client.id)).toHaveLength(2);
  });

  it('is for admins only', async () => {
    for (const role of ['stockist', 'individual', 'production', 'reseller'] as const) {
      expect((await t.post('/api/clients/activate_membership', { id: t.demo.stockist.clientId }, { token: await as(role) })).statusCode).toBe(403);
    }
    const row = await t.db.query.clients.findFirst({ where: eq(clients.id, t.demo.stockist.clientId!) });
    expect(row?.membershipStatus).toBe('active');
  });
});
