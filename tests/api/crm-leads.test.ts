import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leads } from '../../server/db/schema';
import type { RoleName } from '../../server/auth/roles';
import { useTestApp } from './support/app';
import { MINUTE } from './support/clock';

const t = useTestApp();

interface Lead {
  id: number;
  name: string;
  contact_name: string;
  email: string;
  status: string;
  source: string;
  owner_id: number | null;
  owner_name: string | null;
  follow_up_at: string | null;
  client_id: number | null;
  locale: string;
  notes: string;
}

let addressCounter = 0;
/** Each test registers from its own address, so the per-address throttle is the throttle test's alone. */
const freshAddress = () => `10.13.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

let emailCounter = 0;
const freshEmail = (prefix = 'applicant') => `${prefix}.${++emailCounter}.${Date.now().toString(36)}@register.test`;

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Riverside Pharmacy',
  contact_name: 'Rose River',
  email: freshEmail(),
  phone: '+27 11 555 9999',
  client_type: 'stockist',
  branch_id: null,
  message: 'Please let us join',
  locale: 'fr',
  ...overrides,
});

const register = (body: unknown, remoteAddress = freshAddress()) => t.post('/api/crm/savelead', body, { remoteAddress });

async function asAdmin(url: string, body?: unknown) {
  const token = await t.tokenFor('admin');
  return body === undefined ? t.get(url, { token }) : t.post(url, body, { token });
}

async function list(query: string) {
  const res = await asAdmin(`/api/crm/salesleads${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Lead[]; total: number };
}

async function createLead(fields: Record<string, unknown> = {}) {
  const res = await asAdmin('/api/crm/savelead', { name: 'A prospect', email: freshEmail('prospect'), ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Lead;
}

describe('who may call the lead calls', () => {
  const adminCalls: [string, string, unknown?][] = [
    ['GET', '/api/crm/salesleads'],
    ['GET', '/api/crm/lead?id=1'],
    ['POST', '/api/crm/movelead', { id: 1, status: 'contacted' }],
    ['POST', '/api/crm/deletelead', { id: 1 }],
  ];
  const others: RoleName[] = ['stockist', 'individual', 'production', 'reseller'];

  it.each(adminCalls)('%s %s answers 401 without a token and 403 to every role but admin', async (method, url, body) => {
    const call = (token?: string) => (method === 'GET' ? t.get(url, { token }) : t.post(url, body, { token }));
    expect((await call()).statusCode).toBe(401);
    for (const role of others) expect((await call(await t.tokenFor(role))).statusCode, role).toBe(403);
    expect((await call(await t.tokenFor('admin'))).statusCode).not.toBe(403);
  });

  it('savelead with a non-admin token is refused (403), with a stale token 401, and writes nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    for (const role of others) {
      const res = await t.post('/api/crm/savelead', registration(), { token: await t.tokenFor(role), remoteAddress: freshAddress() });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.post('/api/crm/savelead', registration(), { token: 'not-a-token', remoteAddress: freshAddress() })).statusCode).toBe(401);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('public registration (crm/savelead without a token)', () => {
  it('stores a member request, answers the same neutral 201, and emails every active admin', async () => {
    const body = registration({ name: 'Bay <Pharmacy> & Co' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { received: true } });

    const stored = (await list(`?requests=true&q=${encodeURIComponent(body.email)}`)).data;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ source: 'register', status: 'new', email: body.email, contact_name: 'Rose River', locale: 'fr', owner_id: null, client_id: null });

    const mails = await t.outbox(t.demo.admin.email);
    const notice = mails.find((m) => m.text.includes(body.email));
    expect(notice?.subject).toContain('New member request');
    expect(notice?.text).toContain('http://portal.test/member-requests');
    // Values are escaped in the HTML part and kept as typed in the text part.
    expect(notice?.html).toContain('Bay &lt;Pharmacy&gt; &amp; Co');
    expect(notice?.text).toContain('Bay <Pharmacy> & Co');
    expect((await t.audit('register', stored[0].id)).length).toBe(1);
  });

  it('registering the same email twice (any spelling) makes one request, one notice, and the same answer', async () => {
    const email = freshEmail('twice');
    const first = await register(registration({ email }));
    const second = await register(registration({ email: email.toUpperCase(), name: 'Another name' }));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const rows = await t.db.select().from(leads).where(sql`lower(${leads.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    const notices = (await t.outbox(t.demo.admin.email)).filter((m) => m.text.includes(email));
    expect(notices).toHaveLength(1);
  });

  it('an email that belongs to a user is refused with a field error, and nothing is stored or mailed', async () => {
    const before = (await t.outbox(t.demo.admin.email)).length;
    const res = await register(registration({ email: 'STOCKIST@example.com' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('email');
    expect(await t.db.select().from(leads).where(sql`lower(${leads.email}) = 'stockist@example.com'`)).toHaveLength(0);
    expect(await t.outbox(t.demo.admin.email)).toHaveLength(before);
  });

  it('an email that is known only as a lead or a client answers exactly like a new one (nothing leaks)', async () => {
    const knownLead = (await createLead({ email: freshEmail('known') })).email;
    const a = await register(registration({ email: knownLead }));
    const b = await register(registration({ email: 'orders@karoohealth.example.com' }));
    const c = await register(registration());
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.body, b.body, c.body]).size).toBe(1);
  });

  it.each([
    [{ email: undefined }, 'email'],
    [{ email: '' }, 'email'],
    [{ email: 'not-an-email' }, 'email'],
    [{ name: '' }, 'name'],
    [{ contact_name: ' ' }, 'contact_name'],
    [{ phone: undefined }, 'phone'],
    [{ client_type: 'admin' }, 'client_type'],
    [{ client_type: undefined }, 'client_type'],
    [{ branch_id: 999999 }, 'branch_id'],
    [{ locale: 'de' }, 'locale'],
    [{ status: 'qualified' }, 'status'],
    [{ owner_id: 1 }, 'owner_id'],
    [{ notes: 'sneaky' }, 'notes'],
    [{ id: 1 }, 'id'],
    [{ favourite_colour: 'blue' }, 'favourite_colour'],
  ])('%j is a 400 naming %s', async (change, field) => {
    const body: Record<string, unknown> = { ...registration(), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('a form with a field error costs no attempt: it can be fixed and sent again', async () => {
    const address = freshAddress();
    for (let i = 0; i < 8; i++) expect((await register(registration({ phone: '' }), address)).statusCode).toBe(400);
    expect((await register(registration(), address)).statusCode).toBe(201);
  });

  it('is throttled per address (5 in 10 minutes, kept in the database) with a 429 and a message', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await register(registration(), address)).statusCode).toBe(201);
    const blocked = await register(registration(), address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/10 minutes/);
    // Asking whether an email is a user's is throttled too.
    expect((await register(registration({ email: 'admin@example.com' }), address)).statusCode).toBe(429);
    // Another address is not affected; the same one may try again once the window has passed.
    expect((await register(registration())).statusCode).toBe(201);
    t.clock.advance(11 * MINUTE);
    expect((await register(registration(), address)).statusCode).toBe(201);
  });

  it('registration_options lists the branches without a token', async () => {
    const res = await t.get('/api/crm/registration_options');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.branches.map((b: { name: string }) => b.name);
    expect(names).toEqual(['Johannesburg', 'Cape Town', 'Durban']);
  });
});

describe('the admin works leads', () => {
  it('creates a manual lead owned by the admin, reads and updates it', async () => {
    const lead = await createLead({ company: 'Acme Health', phone: '+27 1', notes: 'first call', follow_up_at: '2030-01-02T09:00:00.000Z', client_type: 'individual' });
    expect(lead).toMatchObject({ source: 'manual', status: 'new', owner_id: t.demo.admin.id, owner_name: 'Ada Admin', follow_up_at: '2030-01-02T09:00:00.000Z', locale: 'en' });

    const read = await asAdmin(`/api/crm/lead?id=${lead.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(lead);

    // A record sent back as it was read (react-admin) updates; read-only fields are ignored.
    const res = await asAdmin('/api/crm/savelead', { ...lead, status: 'contacted', owner_id: t.demo.reseller.id, notes: 'second call', follow_up_at: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: lead.id, status: 'contacted', owner_id: t.demo.reseller.id, owner_name: 'Rita Reseller', notes: 'second call', follow_up_at: null });
    expect((await t.audit('update_lead', lead.id)).length).toBe(1);
  });

  it.each([
    [{ name: '' }, 'name', 400],
    [{ owner_id: 'the stockist' }, 'owner_id', 400],
    [{ owner_id: 999999 }, 'owner_id', 400],
    [{ branch_id: 999999 }, 'branch_id', 400],
    [{ status: 'converted' }, 'status', 400],
    [{ status: 'won' }, 'status', 400],
    [{ follow_up_at: 'tomorrow' }, 'follow_up_at', 400],
    [{ email: 'nope' }, 'email', 400],
  ])('save with %j answers %s', async (change, field, status) => {
    const lead = await createLead();
    const body: Record<string, unknown> = { id: lead.id, ...change };
    // An owner must be an admin or a reseller, not a member.
    if (body.owner_id === 'the stockist') body.owner_id = t.demo.stockist.id;
    const res = await asAdmin('/api/crm/savelead', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('an unknown lead is a 404 for lead, savelead, movelead and deletelead', async () => {
    expect((await asAdmin('/api/crm/lead?id=999999')).statusCode).toBe(404);
    expect((await asAdmin('/api/crm/savelead', { id: 999999, name: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('/api/crm/movelead', { id: 999999, status: 'lost' })).statusCode).toBe(404);
    expect((await asAdmin('/api/crm/deletelead', { id: 999999 })).statusCode).toBe(404);
  });

  it('movelead moves a lead along the board; converted only comes from approval and stays', async () => {
    const lead = await createLead();
    for (const status of ['contacted', 'qualified', 'lost', 'new']) {
      const res = await asAdmin('/api/crm/movelead', { id: lead.id, status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    const toConverted = await asAdmin('/api/crm/movelead', { id: lead.id, status: 'converted' });
    expect(toConverted.statusCode).toBe(400);
    expect(toConverted.json().errors).toHaveProperty('status');
    expect((await asAdmin('/api/crm/movelead', { id: lead.id, status: 'done' })).json().errors).toHaveProperty('status');

    const approved = await asAdmin('/api/crm/auth_membership', { lead_id: lead.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const back = await asAdmin('/api/crm/movelead', { id: lead.id, status: 'new' });
    expect(back.statusCode).toBe(409);
    expect(back.json().errors).toHaveProperty('status');
  });

  it('deletelead removes the lead with an audit entry', async () => {
    const lead = await createLead();
    const res = await asAdmin('/api/crm/deletelead', { id: lead.id });
    expect(res.json()).toEqual({ data: { id: lead.id } });
    expect(await t.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(0);
    expect((await t.audit('delete_lead', lead.id)).length).toBe(1);
  });
});

describe('crm/salesleads lists in SQL', () => {
  it('pages and sorts with a total', async () => {
    const all = await list('?perPage=1000&sort=id&order=ASC');
    const page = await list('?perPage=3&page=2&sort=id&order=ASC');
    expect(page.total).toBe(all.total);
    expect(page.data.map((l) => l.id)).toEqual(all.data.slice(3, 6).map((l) => l.id));
    // Ties on the name are broken by id in the same direction, so one order is the other reversed.
    const ascending = (await list('?perPage=1000&sort=name&order=ASC')).data.map((l) => l.id);
    const descending = (await list('?perPage=1000&sort=name&order=DESC')).data.map((l) => l.id);
    expect(ascending).toEqual([...descending].reverse());
    const names = (await list('?perPage=2&sort=name&order=ASC')).data.map((l) => l.name);
    expect(names[0].toLowerCase() <= names[1].toLowerCase()).toBe(true);
    expect((await asAdmin('/api/crm/salesleads?sort=owner_id')).statusCode).toBe(400);
  });

  it('filters by status, source, owner, search, requests and follow-up due', async () => {
    const seededRequests = await list('?requests=true');
    // The demo's four requests from /register wait (and whatever this file registered).
    expect(seededRequests.total).toBeGreaterThanOrEqual(4);
    expect(seededRequests.data.every((l) => l.source === 'register' && ['new', 'contacted', 'qualified'].includes(l.status))).toBe(true);

    const lost = await list('?status=lost');
    expect(lost.total).toBeGreaterThanOrEqual(2);
    expect(lost.data.every((l) => l.status === 'lost')).toBe(true);

    const rep = await list(`?owner_id=${t.demo.reseller.id}`);
    expect(rep.data.length).toBeGreaterThanOrEqual(3);
    expect(rep.data.every((l) => l.owner_id === t.demo.reseller.id && l.owner_name === 'Rita Reseller')).toBe(true);

    const fromReps = await list('?source=rep');
    expect(fromReps.data.every((l) => l.source === 'rep')).toBe(true);

    const searched = await list('?q=umhlanga');
    expect(searched.data.map((l) => l.name)).toEqual(['Umhlanga Spa']);
    expect((await list('?q=PRIYA@UMHLANGA')).total).toBe(1);
    expect((await list('?q=100%25')).total).toBe(0);

    const due = await list('?follow_up_due=true');
    expect(due.data.map((l) => l.name).sort()).toEqual(expect.arrayContaining(['Coastal Wellness Group', 'Pretoria Pharmacy Co-op']));
    const now = Date.now();
    expect(due.data.every((l) => l.follow_up_at !== null && new Date(l.follow_up_at).getTime() <= now + 5000 && !['converted', 'lost'].includes(l.status))).toBe(true);
    // Not due yet: Umhlanga (in 3 days) and Bloem (in 6).
    expect(due.data.map((l) => l.name)).not.toContain('Umhlanga Spa');

    const one = await list('?requests=true&perPage=1');
    expect(one.data).toHaveLength(1);
    expect(one.total).toBe(seededRequests.total);
  });
});
