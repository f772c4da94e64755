import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, invoiceBalances, payfastCheckouts, payfastNotifications, payments } from '../../server/db/schema';
import { businessDay } from '../../shared/billing/accounts';
import { domainEvents } from '../../server/events/domain';
import { payfastSignature } from '../../server/modules/billing/payfast/signature';
import { type TestAppOptions, useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

/**
 * Paying invoices through PayFast: the checkout a member or an admin asks for, and PayFast's
 * notification, refused for each check it fails and recorded once when genuine. PayFast's server
 * (`/eng/query/validate`) is a local HTTP server at PAYFAST_URL that answers what the test says.
 */
const PASSPHRASE = 'jt7NOE43FZPn';
const standIn = { answer: 'VALID', bodies: [] as string[] };
const server: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += String(chunk)));
  request.on('end', () => {
    standIn.bodies.push(`${request.method} ${request.url} ${body}`);
    response.end(standIn.answer);
  });
});
const options: TestAppOptions = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  options.payfast = { merchantId: '10000100', merchantKey: '46f0cd694581a', passphrase: PASSPHRASE, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const t = useTestApp(options);
const received: number[] = [];
let unsubscribe = () => undefined as void;
beforeAll(() => {
  unsubscribe = domainEvents.subscribe('payment.received', { kind: 'queued', name: 'test.payfast_probe', queue: async (_tx, event) => void received.push(event.data.id) });
});
afterAll(() => unsubscribe());
const catalogue = catalogueFactory(t);

async function invoiceFor(clientId: number, price = 23_000) {
  const admin = await t.tokenFor('admin');
  const product = await catalogue.product({ price });
  const placed = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 1 }] }, { token: admin });
  expect(placed.statusCode, placed.body).toBe(201);
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
    expect((await t.post('/api/orders/updatestatus', { id: placed.json().data.id, status }, { token: admin })).statusCode).toBe(200);
  }
  const [invoice] = await t.db.select({ id: billingDocuments.id, number: billingDocuments.number }).from(billingDocuments).where(eq(billingDocuments.orderId, placed.json().data.id));
  const [balance] = await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoice.id));
  return { ...invoice, open: balance.open };
}

async function checkout(role: 'admin' | 'stockist' | 'individual', invoiceIds: number[]) {
  return t.post('/api/billing/checkout', { invoice_ids: invoiceIds }, { token: await t.tokenFor(role) });
}

let pfCounter = 0;
/** A notification as PayFast sends one for a checkout, signed unless told otherwise. */
function notification(checkoutId: number, amount: string, overrides: Record<string, string> = {}, passphrase = PASSPHRASE): [string, string][] {
  const fields: [string, string][] = Object.entries({
    m_payment_id: String(checkoutId),
    pf_payment_id: String(1_000_000 + ++pfCounter),
    payment_status: 'COMPLETE',
    item_name: 'Invoices',
    amount_gross: amount,
    amount_fee: '-4.60',
    amount_net: String((Number(amount) - 4.6).toFixed(2)),
    name_first: 'Test',
    email_address: 'payer@example.com',
    merchant_id: '10000100',
    ...overrides,
  });
  return [...fields, ['signature', payfastSignature(fields, passphrase)]];
}

async function notify(fields: [string, string][], remoteAddress = '127.0.0.1') {
  const res = await t.inject({ method: 'POST', url: '/api/billing/payfast_notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(), remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  // The notification's work goes on after its 200: wait for it, as the server's close does.
  await t.app.payfastNotifications.settled();
  return res;
}

async function logOf(pfPaymentId: string) {
  return t.db.select().from(payfastNotifications).where(eq(payfastNotifications.pfPaymentId, pfPaymentId));
}
const pfIdOf = (fields: [string, string][]) => fields.find(([name]) => name === 'pf_payment_id')![1];

async function memberCheckout(price = 23_000) {
  const invoice = await invoiceFor(t.demo.stockist.clientId!, price);
  const res = await checkout('stockist', [invoice.id]);
  expect(res.statusCode, res.body).toBe(201);
  return { invoice, form: res.json().data as { id: number; amount: number; action: string; fields: [string, string][] } };
}

describe('the checkout', () => {
  it('gives a member the signed PayFast form for its own open invoices, for what they owe', async () => {
    const first = await invoiceFor(t.demo.stockist.clientId!, 11_500);
    const second = await invoiceFor(t.demo.stockist.clientId!, 4_600);
    const res = await checkout('stockist', [first.id, second.id]);
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json().data;
    expect(form.amount).toBe(first.open + second.open);
    expect(form.action).toBe(`${options.payfast!.url}/eng/process`);
    const fields = form.fields as [string, string][];
    expect(fields.map(([name]) => name)).toEqual(['merchant_id', 'merchant_key', 'return_url', 'cancel_url', 'notify_url', 'email_address', 'm_payment_id', 'amount', 'item_name', 'signature']);
    const value = (name: string) => fields.find(([key]) => key === name)![1];
    expect(value('amount')).toBe(((first.open + second.open) / 100).toFixed(2));
    expect(value('m_payment_id')).toBe(String(form.id));
    expect(value('notify_url')).toMatch(/\/api\/billing\/payfast_notify$/);
    expect(value('signature')).toBe(payfastSignature(fields.slice(0, -1), PASSPHRASE));
    const state = await t.get(`/api/billing/checkout?id=${form.id}`, { token: await t.tokenFor('stockist') });
    expect(state.json().data).toMatchObject({ id: form.id, amount: form.amount, status: 'open', invoices: [{ id: first.id }, { id: second.id }] });
  });

  it("answers a member 404 for another client's invoice and for another member's checkout; an admin may check out anyone's", async () => {
    const others = await invoiceFor(t.demo.individual.clientId!);
    const refused = await checkout('stockist', [others.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors).toHaveProperty('invoice_ids');
    const byAdmin = await checkout('admin', [others.id]);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((await t.get(`/api/billing/checkout?id=${byAdmin.json().data.id}`, { token: await t.tokenFor('stockist') })).statusCode).toBe(404);
    expect((await t.get(`/api/billing/checkout?id=${byAdmin.json().data.id}`, { token: await t.tokenFor('individual') })).statusCode).toBe(200);
  });

  it('refuses an invoice with nothing owed, naming invoice_ids, and writes nothing', async () => {
    const invoice = await invoiceFor(t.demo.stockist.clientId!);
    const today = businessDay(t.clock.now());
    const paid = await t.post('/api/billing/payment', { client_id: t.demo.stockist.clientId, amount: invoice.open, reference: 'EFT', paid_at: today, allocations: [{ invoice_id: invoice.id, amount: invoice.open }] }, { token: await t.tokenFor('admin') });
    expect(paid.statusCode, paid.body).toBe(201);
    const before = (await t.db.select().from(payfastCheckouts)).length;
    const res = await checkout('stockist', [invoice.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.invoice_ids).toContain(invoice.number);
    expect((await checkout('stockist', [])).json().errors).toHaveProperty('invoice_ids');
    expect((await t.db.select().from(payfastCheckouts)).length).toBe(before);
  });
});

describe("PayFast's notification", () => {
  it('a genuine COMPLETE notification, sent three times, records one PayFast payment on the invoice and tells the rest of the portal', async () => {
    const { invoice, form } = await memberCheckout();
    const fields = notification(form.id, (form.amount / 100).toFixed(2));
    standIn.bodies.length = 0;
    for (let i = 0; i < 3; i++) await notify(fields);
    const recorded = await t.db.select().from(payments).where(and(eq(payments.clientId, t.demo.stockist.clientId!), eq(payments.source, 'payfast')));
    const mine = recorded.filter((payment) => payment.reference === `PayFast ${pfIdOf(fields)}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: form.amount, status: 'confirmed', unallocated: 0 });
    const [balance] = await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoice.id));
    expect(balance.open).toBe(0);
    expect((await logOf(pfIdOf(fields))).map((row) => [row.outcome, row.reason])).toEqual([
      ['recorded', ''],
      ['refused', 'repeat'],
      ['refused', 'repeat'],
    ]);
    // PayFast's server was asked once, with the signed parameter string.
    expect(standIn.bodies).toHaveLength(1);
    expect(standIn.bodies[0]).toMatch(/^POST \/eng\/query\/validate m_payment_id=/);
    const state = await t.get(`/api/billing/checkout?id=${form.id}`, { token: await t.tokenFor('stockist') });
    expect(state.json().data).toMatchObject({ status: 'paid', payment_id: mine[0].id });
    expect(received.filter((id) => id === mine[0].id)).toHaveLength(1);
    expect(await t.audit('payfast_payment', mine[0].id)).toHaveLength(1);
    const csv = await t.get(`/api/billing/export?from=${mine[0].paidAt}&to=${mine[0].paidAt}`, { token: await t.tokenFor('admin') });
    expect(csv.body).toMatch(new RegExp(`PayFast ${pfIdOf(fields)}.*,payfast\\r\\n`));
  });

  const refusals: { name: string; reason: string; send: (form: { id: number; amount: number }) => Promise<[string, string][]> }[] = [
    { name: 'a wrong signature', reason: 'signature', send: async (form) => notify(remember(notification(form.id, (form.amount / 100).toFixed(2), {}, 'not-the-passphrase'))).then(() => lastFields) },
    { name: 'a caller that is not PayFast', reason: 'source', send: async (form) => notify(remember(notification(form.id, (form.amount / 100).toFixed(2))), '203.0.113.7').then(() => lastFields) },
    {
      name: "PayFast's server not confirming it",
      reason: 'confirmation',
      send: async (form) => {
        standIn.answer = 'INVALID';
        try {
          await notify(remember(notification(form.id, (form.amount / 100).toFixed(2))));
        } finally {
          standIn.answer = 'VALID';
        }
        return lastFields;
      },
    },
    { name: 'an amount other than the checkout’s', reason: 'amount', send: async (form) => notify(remember(notification(form.id, ((form.amount - 100) / 100).toFixed(2)))).then(() => lastFields) },
  ];
  let lastFields: [string, string][] = [];
  const remember = (fields: [string, string][]) => (lastFields = fields);

  for (const refusal of refusals) {
    it(`pays nothing for ${refusal.name}, and logs why`, async () => {
      const { invoice, form } = await memberCheckout();
      const fields = await refusal.send(form);
      const [balance] = await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoice.id));
      expect(balance.open).toBe(form.amount);
      expect((await logOf(pfIdOf(fields))).map((row) => [row.outcome, row.reason])).toEqual([['refused', refusal.reason]]);
      expect((await t.db.select().from(payments).where(eq(payments.reference, `PayFast ${pfIdOf(fields)}`))).length).toBe(0);
    });
  }

  it('pays every one of many notifications arriving at once for one client, none lost after its 200', async () => {
    const forms = [];
    for (let i = 0; i < 8; i++) forms.push((await memberCheckout(11_500 + i * 100)).form);
    const sent = forms.map((form) => notification(form.id, (form.amount / 100).toFixed(2)));
    const answers = await Promise.all(
      sent.map((fields) => t.inject({ method: 'POST', url: '/api/billing/payfast_notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(), remoteAddress: '127.0.0.1' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(sent.map(() => 200));
    await t.app.payfastNotifications.settled();
    for (const fields of sent) expect((await logOf(pfIdOf(fields))).map((row) => row.outcome)).toEqual(['recorded']);
  });

  it('pays nothing for a payment id seen before, even on another checkout', async () => {
    const first = await memberCheckout();
    const fields = notification(first.form.id, (first.form.amount / 100).toFixed(2));
    await notify(fields);
    const second = await memberCheckout();
    const again = notification(second.form.id, (second.form.amount / 100).toFixed(2), { pf_payment_id: pfIdOf(fields) });
    await notify(again);
    const [balance] = await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, second.invoice.id));
    expect(balance.open).toBe(second.form.amount);
    expect((await logOf(pfIdOf(fields))).map((row) => [row.outcome, row.reason, row.checkoutId])).toEqual([
      ['recorded', '', first.form.id],
      ['refused', 'repeat', second.form.id],
    ]);
  });

  it('pays nothing for a genuine notification that is not COMPLETE, and logs it for the admin', async () => {
    const { invoice, form } = await memberCheckout();
    const fields = notification(form.id, (form.amount / 100).toFixed(2), { payment_status: 'CANCELLED' });
    await notify(fields);
    const [balance] = await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoice.id));
    expect(balance.open).toBe(form.amount);
    const log = await t.get('/api/billing/payfast_notifications?perPage=100', { token: await t.tokenFor('admin') });
    expect(log.statusCode).toBe(200);
    expect(log.json().data.find((row: { pf_payment_id: string }) => row.pf_payment_id === pfIdOf(fields))).toMatchObject({ outcome: 'not_paid', reason: 'status CANCELLED', payment_status: 'CANCELLED', checkout_id: form.id, payment_id: null });
    expect((await t.get('/api/billing/payfast_notifications', { token: await t.tokenFor('stockist') })).statusCode).toBe(403);
  });
});
