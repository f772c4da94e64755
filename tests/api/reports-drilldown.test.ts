import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentLines, branches, groupProducts } from '../../server/db/schema';
import { insertDocument } from '../../server/modules/billing/issue';
import { salesGroupings, type SalesGrouping } from '../../shared/reports/periods';
import { drillDownFilter } from '../../shared/reports/drillDown';
import { useTestApp } from './support/app';
import { standardRateLine } from './support/documentLine';
import { catalogueFactory } from './support/catalogue';

/**
 * From a sales figure to the documents behind it: the invoices list filtered the way a chart's bar
 * is (the register, the bar's days and dimension) lists exactly the documents the bar counted, for
 * every grouping, and only those the caller may see. And production's queue: quantities, no money.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');
let counter = 0;

/** A year of this file's own, so its period holds only the documents made here. */
const YEAR = 2004;
const period = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };

async function newClient(fields: Record<string, unknown> = {}) {
  const res = await t.post('/api/clients/save', { type: 'stockist', name: `Drill shop ${++counter}`, email: `drill-${counter}-${Date.now()}@example.com`, ...fields }, { token: await admin() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

interface Row {
  key: string;
  net: number;
  documents: number;
}
interface Listed {
  id: number;
  type: string;
  client_id: number;
  total_excl_vat: number;
}

async function report(groupBy: SalesGrouping, token: string) {
  const res = await t.get(`/api/reports/sales?group_by=${groupBy}&from=${period.from}&to=${period.to}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; totals: { net: number; documents: number } };
}

async function listed(filter: Record<string, string | number | boolean>, token: string) {
  const query = new URLSearchParams(Object.entries({ ...filter, perPage: 100 }).map(([key, value]) => [key, String(value)]));
  const res = await t.get(`/api/billing/invoices?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; total: number };
}

const signedNet = (documents: Listed[]) => documents.reduce((sum, d) => sum + (d.type === 'credit_note' ? -d.total_excl_vat : d.total_excl_vat), 0);


let rep: { id: number };
let repsClient: { id: number };
let otherClient: { id: number };

beforeAll(async () => {
  rep = await t.makeUser({ role: 'reseller', name: 'Drill rep' });
  const [branch] = await t.db.insert(branches).values({ name: `Drill branch ${Date.now()}` }).returning();
  repsClient = await newClient({ rep_ids: [rep.id], branch_id: branch.id });
  otherClient = await newClient({ type: 'individual' });
  const [p1, p2, p3] = [await catalogue.product(), await catalogue.product(), await catalogue.product()];
  const [g1, g2] = [await catalogue.group(), await catalogue.group()];
  // p2 is in both groups and counts for the older; p3 in none.
  await t.db.insert(groupProducts).values([
    { groupId: g1.id, productId: p1.id },
    { groupId: g1.id, productId: p2.id },
    { groupId: g2.id, productId: p2.id },
  ]);
  const at = (month: number, day: number) => new Date(Date.UTC(YEAR, month - 1, day, 10));
  await t.db.transaction(async (tx) => {
    const base = (clientId: number) => ({ clientId, supplyDate: period.from, pricesIncludeVat: true, recipient: { name: 'R', address: '', vat_number: '' }, locale: 'en' });
    const first = await insertDocument(tx, null, at(3, 3), { ...base(repsClient.id), type: 'invoice', lines: [standardRateLine(p1.id, 20_000, 2), standardRateLine(p2.id, 5_000, 1)] });
    const second = await insertDocument(tx, null, at(3, 10), { ...base(otherClient.id), type: 'invoice', lines: [standardRateLine(p2.id, 15_000, 3)] });
    await insertDocument(tx, null, at(5, 20), { ...base(repsClient.id), type: 'invoice', lines: [standardRateLine(p3.id, 7_000, 1), standardRateLine(p1.id, 1_000, 1)] });
    const [firstLine] = await tx.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, first.id)).orderBy(billingDocumentLines.position);
    // A credit note in another month than its invoice, and a debit note without a product.
    await insertDocument(tx, null, at(4, 5), { ...base(repsClient.id), type: 'credit_note', invoiceId: first.id, lines: [standardRateLine(p1.id, 10_000, 1, firstLine.id)] });
    await insertDocument(tx, null, at(5, 21), { ...base(otherClient.id), type: 'debit_note', invoiceId: second.id, lines: [standardRateLine(null, 2_500, 1)] });
  });
});

describe('the invoices behind a sales figure', () => {
  it('lists for every row of every grouping the documents it counted; whole-document rows add up to its net', async () => {
    const token = await admin();
    let checked = 0;
    for (const groupBy of salesGroupings) {
      const result = await report(groupBy, token);
      for (const row of result.data) {
        const filter = drillDownFilter(groupBy, row.key, period);
        if (!filter) continue;
        const documents = await listed({ ...filter }, token);
        expect(documents.total, `${groupBy} ${row.key}`).toBe(row.documents);
        expect(documents.data).toHaveLength(row.documents);
        // A product's row holds only its lines, the listed documents all of theirs: the count lines up, the net only for whole documents.
        if (groupBy !== 'product' && groupBy !== 'product_group') expect(signedNet(documents.data), `${groupBy} ${row.key}`).toBe(row.net);
        checked += 1;
      }
    }
    // Months, weeks, three products, one group, two clients, two types, the rep and two branches at least.
    expect(checked).toBeGreaterThanOrEqual(14);
    // The whole period: every document of the register, notes included.
    const all = await listed({ register: true, date_from: period.from, date_to: period.to }, token);
    expect(all.total).toBe(5);
    expect(all.data.map((d) => d.type).sort()).toEqual(['credit_note', 'debit_note', 'invoice', 'invoice', 'invoice']);
    expect(signedNet(all.data)).toBe((await report('month', token)).totals.net);
  });

  it('keeps the plain invoices list to tax invoices, and refuses a bad filter naming it', async () => {
    const token = await admin();
    const plain = await listed({ date_from: period.from, date_to: period.to }, token);
    expect(plain.data.map((d) => d.type)).toEqual(['invoice', 'invoice', 'invoice']);
    const bad = await t.get('/api/billing/invoices?client_type=wholesaler', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('client_type');
    const badId = await t.get('/api/billing/invoices?product_group_id=abc', { token });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('product_group_id');
  });

  it('a rep drills into its linked clients only, a member into its own client only', async () => {
    const asRep = await t.tokenFor({ id: rep.id });
    const repMonths = await report('month', asRep);
    const march = repMonths.data.find((row) => row.key === `${YEAR}-03`)!;
    const repMarch = await listed({ ...drillDownFilter('month', march.key, period)! }, asRep);
    expect(repMarch.total).toBe(march.documents);
    expect(new Set(repMarch.data.map((d) => d.client_id))).toEqual(new Set([repsClient.id]));
    // Naming another client's id finds nothing rather than showing it.
    expect((await listed({ ...drillDownFilter('client', String(otherClient.id), period)! }, asRep)).total).toBe(0);

    const member = await t.makeUser({ role: 'individual', clientId: otherClient.id });
    const asMember = await t.tokenFor({ id: member.id });
    const whole = await listed({ register: true, date_from: period.from, date_to: period.to }, asMember);
    expect(whole.data.map((d) => d.client_id)).toEqual([otherClient.id, otherClient.id]);
    expect(whole.total).toBe((await report('month', asMember)).totals.documents);
  });
});

describe("production's queue", () => {
  it('sums what confirmed orders wait for by product (less what stock or a work order covers) and counts the orders waiting per status, with no money in it', async () => {
    const product = await catalogue.product({ price: 4_000 });
    const client = await newClient();
    const production = await t.tokenFor('production');
    const before = await t.get('/api/orders/production_queue', { token: production });
    expect(before.statusCode, before.body).toBe(200);
    const waitingBefore = new Map((before.json().waiting as { status: string; orders: number }[]).map((w) => [w.status, w.orders]));

    let branchId = 0;
    const order = async (quantity: number, confirm: boolean) => {
      const res = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity }] }, { token: await admin() });
      expect(res.statusCode, res.body).toBe(201);
      branchId = res.json().data.branch_id;
      if (confirm) expect((await t.post('/api/orders/updatestatus', { id: res.json().data.id, status: 'confirmed' }, { token: await admin() })).statusCode).toBe(200);
    };
    await order(5, true);
    await order(2, true);
    // A new order is not to be made yet.
    await order(9, false);

    const after = await t.get('/api/orders/production_queue', { token: production });
    expect(after.statusCode, after.body).toBe(200);
    const body = after.json() as { data: { product_id: number; quantity: number; orders: number; sku: string; name: string }[]; waiting: { status: string; orders: number }[] };
    expect(body.data.find((row) => row.product_id === product.id)).toEqual({ product_id: product.id, sku: product.sku, name: product.name, quantity: 7, orders: 2 });
    expect(body.waiting.map((w) => w.status)).toEqual(['new', 'confirmed', 'in_production', 'ready']);
    const waiting = new Map(body.waiting.map((w) => [w.status, w.orders]));
    expect(waiting.get('confirmed')).toBe(waitingBefore.get('confirmed')! + 2);
    expect(waiting.get('new')).toBe(waitingBefore.get('new')! + 1);
    // Production sees no money: no price, total or VAT field anywhere in the answer.
    const fields = [...Object.keys(body), ...body.data.flatMap(Object.keys), ...body.waiting.flatMap(Object.keys)];
    expect(new Set(fields)).toEqual(new Set(['data', 'waiting', 'product_id', 'sku', 'name', 'quantity', 'orders', 'status']));
    const asAdmin = await t.get('/api/orders/production_queue', { token: await admin() });
    expect(asAdmin.json()).toEqual(body);

    // Four counted in stock go to the oldest order (4 of its 5), a work order covers one more: two are left to make.
    const counted = await t.post('/api/stock/adjust', { branch_id: branchId, product_id: product.id, quantity: 4, reason: 'Found on the shelf' }, { token: production });
    expect(counted.statusCode, counted.body).toBe(200);
    const planned = await t.post('/api/production/createworkorder', { branch_id: branchId, product_id: product.id, quantity: 1 }, { token: production });
    expect(planned.statusCode, planned.body).toBe(200);
    // The dashboard asks again with the validator of what it shows: stock and work orders change
    // what is to make without touching an order, so that is no 304.
    const later = await t.get('/api/orders/production_queue', { token: production, headers: { 'if-none-match': after.headers.etag as string } });
    expect(later.statusCode).toBe(200);
    expect((later.json() as typeof body).data.find((row) => row.product_id === product.id)).toEqual({ product_id: product.id, sku: product.sku, name: product.name, quantity: 2, orders: 2 });
  });
});
