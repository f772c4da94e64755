import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { billingDocuments, invoiceBalances } from '../../../server/db/schema';
import { businessDay } from '../../../shared/billing/accounts';
import type { TestApp } from './app';
import { catalogueFactory } from './catalogue';

/** What the bank tests build on: clients with issued invoices, statement files, their upload. */
export function bankFixtures(t: TestApp) {
  const catalogue = catalogueFactory(t);
  let counter = 0;
  const admin = () => t.tokenFor('admin');
  const today = () => businessDay(t.clock.now());

  async function newClient(name: string) {
    const res = await t.post('/api/clients/save', { type: 'stockist', name, email: `bank-${++counter}-${Date.now()}@example.com` }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; name: string };
  }

  /** An issued invoice of one product at `price` (VAT-inclusive): its id, number and total. */
  async function invoiceFor(clientId: number, price: number) {
    const product = await catalogue.product({ price });
    const placed = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 1 }] }, { token: await admin() });
    expect(placed.statusCode, placed.body).toBe(201);
    for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
      const res = await t.post('/api/orders/updatestatus', { id: placed.json().data.id, status }, { token: await admin() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [row] = await t.db.select({ id: billingDocuments.id, number: billingDocuments.number, total: billingDocuments.total }).from(billingDocuments).where(eq(billingDocuments.orderId, placed.json().data.id));
    return row;
  }

  const openOf = async (invoiceId: number) => (await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoiceId)))[0].open;
  const rand = (cents: number) => (cents / 100).toFixed(2);

  /** An ABSA export (Date, Description, Amount, Balance) of these lines, with running balances from `opening`. */
  function absa(lines: { description: string; amount: number }[], opening = 1_000_000, day = today()) {
    let balance = opening;
    const rows = lines.map((line) => {
      balance += line.amount;
      return `${day.replace(/-/g, '')},${line.description},${rand(line.amount)},${rand(balance)}`;
    });
    return ['Date,Description,Amount,Balance', ...rows].join('\n');
  }

  async function upload(text: string | Buffer, name = 'statement.csv', token?: string) {
    const boundary = `----bank${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.isBuffer(text) ? text : Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.inject({ method: 'POST', url: '/api/bank/import', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token ?? (await admin())}` } });
  }

  return { catalogue, admin, today, newClient, invoiceFor, openOf, rand, absa, upload };
}
