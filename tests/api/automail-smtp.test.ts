import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clients, jobs, products } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { runRenewals } from '../../server/modules/crm/membership/renewals';
import { MEMBERSHIP_SKU } from '../../server/modules/products/membershipFee';
import { type TestApp, PUBLIC_URL, createTestApp } from './support/app';
import { type ReceivedMail, type TestSmtp, headerOf, partOf, startSmtp } from './support/smtp';

/**
 * Automatic mail through a real SMTP server: each kind goes once per event, in the
 * member's language and the admin's wording for it, only while its switch is on and the member
 * wants it.
 */
let smtp: TestSmtp;
let t: TestApp;
const DAY = 86400_000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Members Portal <no-reply@portal.test>') });
});

afterEach(() => t.clock.reset());

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Delivers what is queued; the subjects of every message `to` has received. */
async function subjectsTo(to: string): Promise<string[]> {
  await t.drainJobs();
  return mailsTo(to).map((mail) => headerOf(mail.raw, 'Subject'));
}
const mailsTo = (to: string): ReceivedMail[] => smtp.received.filter((mail) => mail.to.includes(to));

let seq = 0;
async function member(fields: Partial<typeof clients.$inferInsert>) {
  const email = `auto.${Date.now().toString(36)}.${++seq}@automail.test`;
  const [client] = await t.db
    .insert(clients)
    .values({ type: 'stockist', name: `Shop ${seq}`, contactName: 'Amina', email, membershipStatus: 'approved', ...fields })
    .returning();
  return client;
}

const admin = async (url: string, body: unknown) => t.post(url, body, { token: await t.tokenFor('admin') });

describe('the welcome when a membership becomes active', () => {
  it('goes once, in the admin’s wording of the member’s language, however the activation is repeated', async () => {
    const saved = await admin('/api/automail/savetemplate', {
      kind: 'membership_welcome',
      locale: 'fr',
      subject: 'Bienvenue chez nous, {name} !',
      body: 'Bonjour {contact_name},\n\nVotre adhésion est active depuis le {date}.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ overridden: true, subject: 'Bienvenue chez nous, {name} !' });
    const french = await member({ locale: 'fr' });

    const activated = await admin('/api/clients/activate_membership', { id: french.id });
    expect(activated.statusCode, activated.body).toBe(200);
    // A second activation (an early renewal, a retried call) and an edit saving it active again.
    expect((await admin('/api/clients/activate_membership', { id: french.id })).statusCode).toBe(200);
    expect((await admin('/api/clients/save', { id: french.id, membership_status: 'active' })).statusCode).toBe(200);
    expect(await subjectsTo(french.email)).toEqual([`Bienvenue chez nous, ${french.name} !`]);
    const [welcome] = mailsTo(french.email);
    expect(partOf(welcome.raw, 'text/plain')).toContain(`Votre adhésion est active depuis le ${new Date().toISOString().slice(0, 10)}.`);
    expect(partOf(welcome.raw, 'text/html')).toContain('lang="fr"');

    // The admin's edit is an activation too; an English member gets the default wording.
    const english = await member({ membershipStatus: 'expired' });
    expect((await admin('/api/clients/save', { id: english.id, membership_status: 'active' })).statusCode).toBe(200);
    expect(await subjectsTo(english.email)).toEqual(['Your membership is active']);

    // A placeholder the kind cannot fill is refused, naming the field, and nothing is written.
    const bad = await admin('/api/automail/savetemplate', { kind: 'membership_welcome', locale: 'fr', subject: 'Hi {reference}', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('subject');
    expect((await t.get('/api/automail/template?kind=membership_welcome&locale=fr', { token: await t.tokenFor('admin') })).json().data.subject).toBe(
      'Bienvenue chez nous, {name} !',
    );
  });
});

describe('renewal reminders', () => {
  it('30 and 7 days before and on the expiry day, once each, whatever repeats the run', async () => {
    const start = t.clock.now().getTime();
    const midnight = start - (start % DAY);
    // Noon of the 21st day from today (UTC): the runs below land 20, 6 and 0 days before it.
    const renewing = await member({ membershipStatus: 'active', membershipExpiresAt: new Date(midnight + 21 * DAY + 12 * 3600_000), locale: 'es' });
    const optedOut = await member({ membershipStatus: 'active', membershipExpiresAt: new Date(midnight + 21 * DAY + 12 * 3600_000) });
    const member2 = await t.makeUser({ role: 'stockist', clientId: optedOut.id });
    const choice = await t.post('/api/automail/savepreferences', { order_confirmation: true, order_status: true, renewal_reminders: false }, { token: await t.tokenFor(member2) });
    expect(choice.statusCode, choice.body).toBe(200);

    t.clock.advance(DAY);
    await t.drainJobs();
    await runRenewals(t.db, PUBLIC_URL, t.clock.now()); // the run repeating (another instance, a retry)
    expect(await subjectsTo(renewing.email)).toEqual(['Su membresía termina en 30 días']);

    t.clock.advance(14 * DAY);
    await t.drainJobs();
    await runRenewals(t.db, PUBLIC_URL, t.clock.now());
    t.clock.advance(3 * DAY);
    await t.drainJobs();
    expect(await subjectsTo(renewing.email)).toEqual(['Su membresía termina en 30 días', 'Su membresía termina en 7 días']);

    t.clock.advance(3 * DAY); // the expiry day
    await t.drainJobs();
    await runRenewals(t.db, PUBLIC_URL, t.clock.now());
    t.clock.advance(DAY);
    await t.drainJobs();
    expect(await subjectsTo(renewing.email)).toEqual(['Su membresía termina en 30 días', 'Su membresía termina en 7 días', 'Su membresía termina hoy']);
    const [after] = await t.db.select().from(clients).where(eq(clients.id, renewing.id));
    expect(after.membershipStatus).toBe('expired');
    // The member that chose no reminders got none.
    expect(await subjectsTo(optedOut.email)).toEqual([]);
  });
});

describe('order notices', () => {
  it('confirmation and status changes follow the member’s choice and the admin’s switch, once per event', async () => {
    const stockist = await t.tokenFor('stockist');
    const clientId = t.demo.stockist.clientId!;
    const [{ email }] = await t.db.select({ email: clients.email }).from(clients).where(eq(clients.id, clientId));
    const [product] = await t.db.select({ id: products.id }).from(products).where(and(eq(products.active, true), ne(products.sku, MEMBERSHIP_SKU))).limit(1);
    const order = async (key: string) => {
      const res = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 1 }] }, { token: stockist, headers: { 'idempotency-key': key } });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data as { id: number; reference: string };
    };
    const move = async (id: number, status: string) => {
      const res = await admin('/api/orders/updatestatus', { id, status });
      expect(res.statusCode, res.body).toBe(200);
    };
    const own = (subjects: string[], reference: string) => subjects.filter((s) => s.includes(reference));
    const prefs = (body: Record<string, boolean>) => t.post('/api/automail/savepreferences', body, { token: stockist });

    // The member turns confirmations off: its order comes without one.
    expect((await prefs({ order_confirmation: false, order_status: true, renewal_reminders: true })).json().data.order_confirmation).toBe(false);
    const quiet = await order(`automail-quiet-${Date.now()}`);
    expect(own(await subjectsTo(email), quiet.reference)).toEqual([]);

    // On again: one confirmation, though the order was sent twice (its Idempotency-Key).
    await prefs({ order_confirmation: true, order_status: true, renewal_reminders: true });
    const key = `automail-${Date.now()}`;
    const placed = await order(key);
    expect((await order(key)).id).toBe(placed.id);
    await move(placed.id, 'confirmed');
    expect(own(await subjectsTo(email), placed.reference)).toEqual([`We received your order ${placed.reference}`, `Order ${placed.reference}: Confirmed`]);
    expect(partOf(mailsTo(email).at(-1)!.raw, 'text/plain')).toContain(`${PUBLIC_URL}/client/view/order/${placed.id}`);

    // The admin switches status mail off: the next step sends nothing; the member's "no" does the same.
    expect((await admin('/api/automail/setenabled', { kind: 'order_status', enabled: false })).statusCode).toBe(200);
    await move(placed.id, 'in_production');
    expect((await admin('/api/automail/setenabled', { kind: 'order_status', enabled: true })).statusCode).toBe(200);
    await prefs({ order_confirmation: true, order_status: false, renewal_reminders: true });
    await move(placed.id, 'ready');
    await prefs({ order_confirmation: true, order_status: true, renewal_reminders: true });
    expect(own(await subjectsTo(email), placed.reference)).toHaveLength(2);
    const statusJobs = await t.db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.ref, `order:${placed.id}`));
    // The confirmation's job (in the order's own statement), the confirmation, and the one status mail sent.
    expect(statusJobs.map((j) => j.key).sort()).toEqual([`automail-job:order_confirmation:${placed.id}`, `order_confirmation:${placed.id}`, `order_status:${placed.id}:confirmed`]);
  });

  it('the switches list, preview and reset', async () => {
    const kinds = (await t.get('/api/automail/kinds', { token: await t.tokenFor('admin') })).json().data as { kind: string; enabled: boolean; overridden: string[] }[];
    expect(kinds.map((k) => k.kind)).toEqual(['membership_welcome', 'renewal_30', 'renewal_7', 'renewal_0', 'order_confirmation', 'order_status']);
    expect(kinds.every((k) => k.enabled)).toBe(true);
    const preview = await admin('/api/automail/preview', { kind: 'order_status', locale: 'ar', subject: 'الطلب {reference}', body: '<b>{name}</b>' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.html).toContain('dir="rtl"');
    expect(preview.json().data.html).toContain('&lt;b&gt;');
    const reset = await admin('/api/automail/resettemplate', { kind: 'membership_welcome', locale: 'fr' });
    expect(reset.json().data).toMatchObject({ overridden: false, subject: 'Votre adhésion est active' });
  });
});
