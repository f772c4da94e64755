import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, leads, mailingDeliveries, mailingListClients, marketingConsents, unsubscribes } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { consentWording, withdrawalWording } from '../../shared/privacy/consent';
import { type TestApp, createTestApp } from './support/app';
import { listOf } from './support/mailing';
import { type TestSmtp, startSmtp } from './support/smtp';

/** POPIA: consent records, the registration's checkbox, lead mail only with consent, the information officer. */
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Members Portal <no-reply@portal.test>') });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let counter = 0;
const freshEmail = () => `consent.${++counter}.${Date.now().toString(36)}@popia.test`;
const freshAddress = () => `198.51.100.${++counter}`;

async function register(consent: boolean | undefined, locale = 'fr') {
  const email = freshEmail();
  const ip = freshAddress();
  const body = { name: 'Corner Shop', contact_name: 'Cora', email, phone: '+27 11 555 0000', client_type: 'stockist', locale, ...(consent === undefined ? {} : { marketing_consent: consent }) };
  const res = await t.post('/api/crm/savelead', body, { remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(201);
  const [lead] = await t.db.select().from(leads).where(eq(leads.email, email));
  return { lead, ip, email };
}

async function history(query: string, role: 'admin' | 'stockist' | 'individual' = 'admin') {
  return t.get(`/api/privacy/consents?${query}`, { token: await t.tokenFor(role) });
}

async function admin(url: string, body: unknown) {
  return t.post(url, body, { token: await t.tokenFor('admin') });
}

/** A registered lead the admin approved: a client (not yet a customer) converted from it, straight in the database. */
async function convert(leadId: number, email: string) {
  const [client] = await t.db.insert(clients).values({ type: 'stockist', name: `Converted ${email}`, contactName: 'Cora', email, membershipStatus: 'approved' }).returning();
  await t.db.update(leads).set({ status: 'converted', clientId: client.id }).where(eq(leads.id, leadId));
  return client.id;
}

describe('consent records', () => {
  it('the registration stores the answer, ticked or not, with the wording shown in its language and the address it came from', async () => {
    const given = await register(true, 'fr');
    const refused = await register(undefined, 'ar');
    const [g] = (await history(`lead_id=${given.lead.id}`)).json().data;
    expect(g).toMatchObject({ given: true, method: 'registration', wording: consentWording.fr, locale: 'fr', ip: given.ip, lead_id: given.lead.id, recorded_by: null });
    const res = await history(`lead_id=${refused.lead.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ given: false, method: 'registration', wording: consentWording.ar, ip: refused.ip })]);
    expect(await t.audit('register', given.lead.id)).toHaveLength(1);
  });

  it('a consent row never changes: the database refuses an update', async () => {
    const { lead } = await register(true);
    const refusal = await t.db.update(marketingConsents).set({ given: false }).where(eq(marketingConsents.leadId, lead.id)).then(
      () => 'changed',
      (error: Error & { cause?: Error }) => (error.cause ?? error).message,
    );
    expect(refusal).toMatch(/never changed/);
  });

  it('an admin records a consent given on the phone, with its note; bad input is a 400/404 naming the field and writes nothing', async () => {
    const { lead } = await register(false, 'en');
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(marketingConsents)).at(0)!.n;
    const before = await count();
    const both = await admin('/api/privacy/recordconsent', { client_id: 1, lead_id: lead.id, given: true, locale: 'en', note: 'called' });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toHaveProperty('lead_id');
    const noNote = await admin('/api/privacy/recordconsent', { lead_id: lead.id, given: true, locale: 'en', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toHaveProperty('note');
    expect((await admin('/api/privacy/recordconsent', { lead_id: 2_000_000_000, given: true, locale: 'en', note: 'x' })).statusCode).toBe(404);
    expect(await count()).toBe(before);

    const res = await admin('/api/privacy/recordconsent', { lead_id: lead.id, given: true, locale: 'es', note: 'Said yes on the phone, 26 Nov' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ given: true, method: 'admin', ip: null, note: 'Said yes on the phone, 26 Nov', wording: consentWording.es, recorded_by: t.demo.admin.name });
    expect(res.json().data).toHaveLength(2);
  });

  it('the history is the admin’s and the member’s own: another client or a lead answers 404 to a member', async () => {
    const own = t.demo.stockist.clientId!;
    const other = t.demo.individual.clientId!;
    const { lead } = await register(true);
    expect((await history(`client_id=${own}`, 'stockist')).statusCode).toBe(200);
    expect((await history(`client_id=${other}`, 'stockist')).statusCode).toBe(404);
    expect((await history(`lead_id=${lead.id}`, 'stockist')).statusCode).toBe(404);
    expect((await history(`client_id=${other}`)).statusCode).toBe(200);
    const neither = await history('');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toHaveProperty('client_id');
  });

  it('the member withdraws and gives consent on its page: recorded with wording and address; a withdrawal unsubscribes, a consent lifts it', async () => {
    const clientId = t.demo.individual.clientId!;
    const token = await t.tokenFor('individual');
    const withdrawn = await t.post('/api/privacy/myconsent', { given: false, locale: 'zh' }, { token, remoteAddress: '203.0.113.9' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data[0]).toMatchObject({ given: false, method: 'member_page', wording: withdrawalWording.zh, ip: '203.0.113.9' });
    expect(await t.db.select().from(unsubscribes).where(eq(unsubscribes.clientId, clientId))).toEqual([expect.objectContaining({ via: 'consent' })]);
    const given = await t.post('/api/privacy/myconsent', { given: true, locale: 'en' }, { token, remoteAddress: '203.0.113.9' });
    expect(given.json().data[0]).toMatchObject({ given: true, wording: consentWording.en });
    expect(await t.db.select().from(unsubscribes).where(eq(unsubscribes.clientId, clientId))).toEqual([]);
  });
});

describe('list mail to leads who are not customers needs their consent (a real SMTP server)', () => {
  it('a send skips converted leads without a given consent and counts them; a customer follows the unsubscribe rules; a withdrawal stops the next send', async () => {
    const { listId, templateId, emails: customers } = await listOf(t.db, 1);
    const yes = await register(true);
    const no = await register(false);
    const yesClient = await convert(yes.lead.id, yes.email);
    const noClient = await convert(no.lead.id, no.email);
    await t.db.insert(mailingListClients).values([yesClient, noClient].map((clientId) => ({ listId, clientId })));
    await t.drainJobs();

    const send = async () => {
      const mark = smtp.received.length;
      const res = await admin('/api/crm/sendmailinglist', { id: listId, template_id: templateId });
      expect(res.statusCode, res.body).toBe(201);
      await t.drainJobs();
      const id = res.json().data.id as number;
      const report = (await t.get(`/api/crm/mailingsend?id=${id}`, { token: await t.tokenFor('admin') })).json().data;
      return { id, report, to: smtp.received.slice(mark).flatMap((m) => m.to).sort() };
    };

    const first = await send();
    expect(first.to).toEqual([customers[0], yes.email].sort());
    expect(first.report).toMatchObject({ sent: 2, skipped: 1, no_consent: 1 });
    const [skipped] = await t.db.select().from(mailingDeliveries).where(and(eq(mailingDeliveries.sendId, first.id), eq(mailingDeliveries.clientId, noClient)));
    expect(skipped).toMatchObject({ status: 'skipped', error: 'no marketing consent' });

    // The lead withdraws on the phone: its consent given at registration no longer counts.
    const res = await admin('/api/privacy/recordconsent', { lead_id: yes.lead.id, given: false, locale: 'en', note: 'Asked for no more mail' });
    expect(res.statusCode, res.body).toBe(200);
    const second = await send();
    expect(second.to).toEqual([customers[0]]);
    expect(second.report).toMatchObject({ sent: 1, skipped: 2, no_consent: 2 });
  });
});

describe('the information officer', () => {
  it('is empty until the admin names one, then public; a bad email is a 400 naming the field', async () => {
    expect((await t.get('/api/privacy/officer')).json().data).toEqual({ name: '', email: '', phone: '' });
    const bad = await admin('/api/privacy/saveofficer', { name: 'Ina Officer', email: 'not-an-email', phone: '' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toMatch(/email/);
    const saved = await admin('/api/privacy/saveofficer', { name: ' Ina Officer ', email: 'privacy@portal.test', phone: '+27 11 555 0101' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.get('/api/privacy/officer')).json().data).toEqual({ name: 'Ina Officer', email: 'privacy@portal.test', phone: '+27 11 555 0101' });
    expect(await t.audit('save_information_officer')).toHaveLength(1);
  });
});
