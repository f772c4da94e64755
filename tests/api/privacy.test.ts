import { and, eq, inArray, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingDocuments, payments, emailDeliverability, jobs, leads, mailBounces, marketingConsents, orderComments, orderLines, orders, users, webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import { anonymiseStaleLeads, LEAD_RETENTION_JOB } from '../../server/modules/privacy/leadRetention';
import { useTestApp } from './support/app';
import { uploadProof } from './support/proofUpload';
import { businessDay } from '../../shared/billing/accounts';
import { catalogueFactory } from './support/catalogue';

/**
 * POPIA: a member's data export holds its data and no other member's; an approved
 * erasure anonymises the member and keeps its orders and tax documents with their totals; a
 * declined one changes nothing; the lead retention job anonymises old leads that never joined.
 */
/** The uploads folder is the test's, so it can see which proof files an erasure leaves. */
const uploadsDir = mkdtempSync(join(tmpdir(), 'privacy-uploads-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
const t = useTestApp({ uploadsDir });
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');
const DAY = 86400_000;

interface Member {
  id: number;
  name: string;
  email: string;
  phone: string;
  user: { id: number; email: string; password: string };
  order: { id: number; total: number; reference: string };
  invoice: string;
}

async function member(tag: string): Promise<Member> {
  const email = `${tag}-${Date.now()}@privacy.example`;
  const phone = `+27 11 555 ${Math.floor(1000 + Math.random() * 8999)}`;
  const res = await t.post(
    '/api/clients/save',
    { type: 'stockist', name: `${tag} Trading Pty`, contact_name: `${tag} Contact`, email, phone, address: `${tag} Street 1, Cape Town` },
    { token: await admin() },
  );
  expect(res.statusCode, res.body).toBe(201);
  const client = res.json().data as { id: number; name: string };
  const user = await t.makeUser({ role: 'stockist', clientId: client.id, email: `user-${email}`, name: `${tag} Person` });
  const product = await catalogue.product({ price: 250_000 });
  const placed = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 3 }], notes: `Leave with ${tag} at the gate` }, { token: await t.tokenFor(user) });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as { id: number; total: number; reference: string };
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
    expect((await t.post('/api/orders/updatestatus', { id: order.id, status }, { token: await admin() })).statusCode).toBe(200);
  }
  const [invoice] = await t.db.select({ number: billingDocuments.number }).from(billingDocuments).where(eq(billingDocuments.orderId, order.id));
  // Its consent to marketing mail, given on its own page.
  const consent = await t.post('/api/privacy/myconsent', { given: true, locale: 'en' }, { token: await t.tokenFor(user) });
  expect(consent.statusCode, consent.body).toBe(200);
  // Mail to the member's user (a reset link), besides the invoice mail to the member.
  expect((await t.post('/api/auth/forgot-password', { email: user.email })).statusCode).toBeLessThan(300);
  await t.drainJobs();
  return { id: client.id, name: client.name, email, phone, user, order, invoice: invoice.number };
}

async function exportOf(clientId: number, token: string) {
  const res = await t.inject({ method: 'GET', url: `/api/privacy/export?client_id=${clientId}`, headers: { authorization: `Bearer ${token}` } });
  return { res, files: res.statusCode === 200 ? unzipSync(new Uint8Array(res.rawPayload)) : {} };
}

let a: Member;
let b: Member;
beforeAll(async () => {
  a = await member('Alpha');
  b = await member('Bravo');
});

describe('the data export', () => {
  it("holds the member's profile, users, orders, documents with their PDFs and mail history, and nothing of another member", async () => {
    const { res, files } = await exportOf(a.id, await t.tokenFor(a.user));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'users.json', 'orders.json', 'billing_documents.json', 'payments.json', 'consents.json', 'mail_history.json', `documents/${a.invoice}.pdf`]),
    );
    const read = (name: string) => JSON.parse(strFromU8(files[name]));
    expect(read('profile.json')).toMatchObject({ id: a.id, email: a.email, phone: a.phone });
    const exportedUsers = read('users.json') as Record<string, unknown>[];
    expect(exportedUsers.map((u) => u.email)).toEqual([a.user.email]);
    expect(Object.keys(exportedUsers[0]).join()).not.toMatch(/password|totp|secret/);
    const exportedOrders = read('orders.json') as { id: number; total: number; lines: { total: number }[] }[];
    expect(exportedOrders.map((o) => o.id)).toEqual([a.order.id]);
    expect(exportedOrders[0].total).toBe(a.order.total);
    expect(exportedOrders[0].lines.reduce((sum, line) => sum + line.total, 0)).toBe(a.order.total);
    expect((read('billing_documents.json') as { number: string }[]).map((d) => d.number)).toEqual([a.invoice]);
    expect(strFromU8(files[`documents/${a.invoice}.pdf`].slice(0, 5))).toBe('%PDF-');
    const mail = read('mail_history.json') as { to: string; subject: string; status: string }[];
    expect(mail.map((m) => m.to.toLowerCase()).sort()).toEqual(expect.arrayContaining([a.email.toLowerCase(), a.user.email.toLowerCase()]));
    expect(mail.every((m) => m.subject && m.status)).toBe(true);
    const consents = read('consents.json') as { given: boolean; method: string; wording: string }[];
    expect(consents).toEqual([expect.objectContaining({ given: true, method: 'member_page', wording: expect.stringMatching(/\S/) })]);

    // Member B's data, in any file of A's archive: none.
    const everything = Object.entries(files).filter(([name]) => !name.endsWith('.pdf')).map(([, bytes]) => strFromU8(bytes)).join('\n');
    for (const mark of [b.email, b.user.email, b.name, b.phone, b.order.reference, b.invoice, `"id": ${b.order.id},`]) {
      expect(everything, mark).not.toContain(mark);
    }
    expect((await t.audit('data_exported', a.id)).length).toBe(1);
  });

  it("is the member's own only: another member's answers 404; the admin exports any member", async () => {
    expect((await exportOf(b.id, await t.tokenFor(a.user))).res.statusCode).toBe(404);
    const byAdmin = await exportOf(b.id, await admin());
    expect(byAdmin.res.statusCode).toBe(200);
    expect(JSON.parse(strFromU8(byAdmin.files['profile.json'])).email).toBe(b.email);
    expect((await exportOf(999_999, await admin())).res.statusCode).toBe(404);
  });
});

describe('erasure', () => {
  it('a declined request changes nothing and tells the member why; it cannot be decided twice', async () => {
    const asked = await t.post('/api/privacy/requesterasure', { client_id: b.id }, { token: await admin() });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data.id as number;
    const noReason = await t.post('/api/privacy/declineerasure', { id, reason: ' ' }, { token: await admin() });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const declined = await t.post('/api/privacy/declineerasure', { id, reason: 'Open invoices under dispute' }, { token: await admin() });
    expect(declined.statusCode, declined.body).toBe(200);
    const seen = await t.get(`/api/privacy/erasure?client_id=${b.id}`, { token: await t.tokenFor(b.user) });
    expect(seen.json().data).toMatchObject({ id, status: 'declined', decline_reason: 'Open invoices under dispute' });
    expect((await t.post('/api/privacy/approveerasure', { id }, { token: await admin() })).statusCode).toBe(409);
    const client = (await t.get(`/api/clients/client?id=${b.id}`, { token: await admin() })).json().data;
    expect(client).toMatchObject({ name: b.name, email: b.email, phone: b.phone, archived: false });
  });

  it('approval anonymises the member, its users, leads, bounces and mail, and keeps its orders and tax documents with their totals', async () => {
    const addresses = [a.email.toLowerCase(), a.user.email.toLowerCase()];
    await t.db.insert(leads).values({ name: 'Alpha lead', email: a.email, source: 'manual' });
    await t.db.insert(mailBounces).values({ email: addresses[0], type: 'soft', source: 'webhook', reason: 'mailbox full' });
    await t.db.insert(emailDeliverability).values({ email: addresses[0], softBounces: 1, lastType: 'soft', lastAt: new Date() });
    const [endpoint] = await t.db.insert(webhookEndpoints).values({ url: 'https://hooks.example.com/privacy', events: ['client.created'], secretSealed: 'sealed', active: false }).returning();
    const deliveryId = `privacy-${a.id}`;
    await t.db.insert(webhookDeliveries).values({ id: deliveryId, endpointId: endpoint.id, event: 'client.created', data: { id: a.id, type: 'stockist', name: a.name, email: a.email, branch_id: null }, status: 'succeeded' });
    await expect((await t.post('/api/orders/comment', { order_id: a.order.id, text: 'Ring Alpha on arrival' }, { token: await admin() })).statusCode).toBe(201);
    const linesBefore = await t.db.select().from(orderLines).where(eq(orderLines.orderId, a.order.id));
    const memberToken = await t.tokenFor(a.user);
    // Each member's proof of payment: a file in DATA_DIR/uploads/proofs.
    const proofOf = async (token: string, text: string) => {
      const sent = await uploadProof(t, token, Buffer.from(`%PDF-1.4 ${text}`), { paidAt: businessDay(t.clock.now()), reference: text });
      expect(sent.statusCode, sent.body).toBe(201);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, sent.json().data.id));
      expect(existsSync(join(uploadsDir, 'proofs', row.proofFile!))).toBe(true);
      return row;
    };
    const proofA = await proofOf(memberToken, 'Alpha bank statement');
    const proofB = await proofOf(await t.tokenFor(b.user), 'Bravo bank statement');

    const asked = await t.post('/api/privacy/requesterasure', { client_id: a.id }, { token: memberToken });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await t.post('/api/privacy/requesterasure', { client_id: a.id }, { token: memberToken })).statusCode).toBe(409);
    expect((await t.post('/api/privacy/requesterasure', { client_id: b.id }, { token: memberToken })).statusCode).toBe(404);
    const pending = (await t.get('/api/privacy/erasurerequests?status=pending', { token: await admin() })).json();
    expect(pending.data.map((r: { id: number }) => r.id)).toContain(asked.json().data.id);

    const approved = await t.post('/api/privacy/approveerasure', { id: asked.json().data.id }, { token: await admin() });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', client_name: `Erased member #${a.id}` });

    // The sign-in is gone: the old token and the password.
    expect((await t.get(`/api/clients/client?id=${a.id}`, { token: memberToken })).statusCode).toBe(401);
    expect((await t.post('/api/auth/login', { email: a.user.email, password: a.user.password })).statusCode).toBe(401);

    // The order stays with its total and lines; its free text is gone.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, a.order.id));
    expect(order).toMatchObject({ clientId: a.id, total: a.order.total, notes: '' });
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, a.order.id))).toEqual(linesBefore);
    expect(await t.db.select().from(orderComments).where(eq(orderComments.orderId, a.order.id))).toEqual([]);
    // The issued invoice is kept as issued (the tax law's five years).
    const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, a.order.id));
    expect(invoice).toMatchObject({ number: a.invoice, total: a.order.total });
    // The proof file is gone from disk and from the API; the payment stays as an accounting record.
    expect(existsSync(join(uploadsDir, 'proofs', proofA.proofFile!))).toBe(false);
    const [paymentA] = await t.db.select().from(payments).where(eq(payments.id, proofA.id));
    expect(paymentA).toMatchObject({ clientId: a.id, amount: proofA.amount, reference: proofA.reference, status: 'pending', proofFile: null, proofName: null });
    expect((await t.get(`/api/billing/proof?id=${proofA.id}`, { token: await admin() })).statusCode).toBe(404);
    expect((await t.get(`/api/billing/payment?id=${proofA.id}`, { token: await admin() })).json().data).toMatchObject({ has_proof: false, amount: proofA.amount });
    // Another member's proof is untouched.
    expect(existsSync(join(uploadsDir, 'proofs', proofB.proofFile!))).toBe(true);
    expect((await t.get(`/api/billing/proof?id=${proofB.id}`, { token: await admin() })).statusCode).toBe(200);

    // No personal field of A readable through the API (the tax documents aside).
    const marks = [a.email, a.user.email, a.name, a.phone, 'Alpha Contact', 'Alpha Person', 'Alpha Street', 'Leave with Alpha', 'Ring Alpha'];
    const reads = await Promise.all([
      t.get(`/api/clients/client?id=${a.id}`, { token: await admin() }),
      t.get(`/api/orders/order?id=${a.order.id}`, { token: await admin() }),
      t.get(`/api/orders/comments?order_id=${a.order.id}`, { token: await admin() }),
      t.get(`/api/admin/clientusers?client_id=${a.id}`, { token: await admin() }),
      t.get(`/api/clients/all?archived=true&perPage=100`, { token: await admin() }),
      t.get('/api/orders/all?perPage=100', { token: await admin() }),
      t.get('/api/crm/salesleads?perPage=100', { token: await admin() }),
      t.get('/api/crm/mailqueue?perPage=100', { token: await admin() }),
      t.get('/api/admin/auditlog?perPage=100', { token: await admin() }),
      t.get('/api/privacy/erasurerequests', { token: await admin() }),
    ]);
    for (const res of reads) {
      expect(res.statusCode, `${res.raw.req?.url ?? ''} ${res.body.slice(0, 200)}`).toBe(200);
      for (const mark of marks) expect(res.body, mark).not.toContain(mark);
    }
    expect((await t.get(`/api/clients/client?id=${a.id}`, { token: await admin() })).json().data).toMatchObject({ name: `Erased member #${a.id}`, email: '', phone: '', address: '', contact_name: '', archived: true });
    const [user] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    expect(user).toMatchObject({ active: false, name: `Erased user #${a.user.id}`, totpSecret: null });

    const [delivery] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(delivery.data).toEqual({ id: a.id, type: 'stockist', name: `Erased member #${a.id}`, email: '', branch_id: null });

    // Nothing kept per address any more.
    expect(await t.db.select().from(leads).where(sql`lower(${leads.email}) in ${addresses}`)).toEqual([]);
    expect(await t.db.select().from(mailBounces).where(inArray(mailBounces.email, addresses))).toEqual([]);
    expect(await t.db.select().from(marketingConsents).where(eq(marketingConsents.clientId, a.id))).toEqual([]);
    expect(await t.db.select().from(emailDeliverability).where(inArray(emailDeliverability.email, addresses))).toEqual([]);
    expect(await t.db.select().from(jobs).where(and(eq(jobs.kind, 'mail'), sql`lower(${jobs.payload}->>'to') in ${addresses}`))).toEqual([]);
    const logged = await t.db.select({ data: auditLog.data }).from(auditLog).where(sql`${auditLog.data}::text ilike ${'%' + a.email + '%'}`);
    expect(logged).toEqual([]);
    const [entry] = await t.audit('erasure_approved', a.id);
    expect(entry.data).toMatchObject({ users: 1, orders_kept: 1, documents_kept: 1 });

    // Erased once: asking again is a 409; member B is untouched.
    expect((await t.post('/api/privacy/requesterasure', { client_id: a.id }, { token: await admin() })).statusCode).toBe(409);
    expect((await t.get(`/api/clients/client?id=${b.id}`, { token: await admin() })).json().data.email).toBe(b.email);
  });
});

describe('lead retention', () => {
  it('anonymises leads that never became members once they are older than the retention, and only those', async () => {
    const now = new Date();
    const stamp = (days: number) => new Date(now.getTime() - days * DAY);
    const [old, fresh, converted] = await t.db
      .insert(leads)
      .values([
        { name: 'Old prospect', email: 'old-prospect@privacy.example', phone: '011 555 0101', company: 'Old Co', message: 'Call me', source: 'register', status: 'new', updatedAt: stamp(400) },
        { name: 'Fresh prospect', email: 'fresh-prospect@privacy.example', source: 'manual', updatedAt: stamp(10) },
        { name: 'Joined prospect', email: 'joined@privacy.example', source: 'manual', status: 'converted', clientId: b.id, updatedAt: stamp(400) },
      ])
      .returning({ id: leads.id });
    expect(await anonymiseStaleLeads(t.db, 365, now)).toBeGreaterThanOrEqual(1);
    const byId = async (id: number) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];
    expect(await byId(old.id)).toMatchObject({ name: `Anonymised lead #${old.id}`, email: '', phone: '', company: '', message: '', status: 'lost' });
    expect((await byId(old.id)).anonymisedAt).not.toBeNull();
    expect(await byId(fresh.id)).toMatchObject({ name: 'Fresh prospect', anonymisedAt: null });
    expect(await byId(converted.id)).toMatchObject({ name: 'Joined prospect', anonymisedAt: null });
    // Done once: the next run finds nothing new among these; with a shorter retention the fresh one goes too.
    expect(await anonymiseStaleLeads(t.db, 365, now)).toBe(0);
    expect(await anonymiseStaleLeads(t.db, 5, now)).toBeGreaterThanOrEqual(1);
    expect((await byId(fresh.id)).email).toBe('');
  });

  it('runs daily through the job worker, once per day on the whole cluster', async () => {
    await t.drainJobs();
    const today = t.clock.now().toISOString().slice(0, 10);
    const runs = await t.db.select().from(jobs).where(eq(jobs.kind, LEAD_RETENTION_JOB));
    expect(runs.filter((run) => run.dedupeKey === `${LEAD_RETENTION_JOB}:${today}`).map((run) => run.status)).toEqual(['done']);
  });
});
