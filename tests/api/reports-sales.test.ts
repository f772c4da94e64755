import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments, branches, groupProducts, salesSummaries } from '../../server/db/schema';
import { insertDocument, type NewDocumentLine } from '../../server/modules/billing/issue';
import { rowsOf } from '../../server/db/rows';
import { salesGroupings } from '../../shared/reports/periods';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

/**
 * Sales reports from the invoice register: the summaries kept by the issuing transactions, the
 * groupings adding up to the register to the cent, the comparison period, top N, and who sees what.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');
let counter = 0;

async function newClient(fields: Record<string, unknown> = {}) {
  const res = await t.post('/api/clients/save', { type: 'stockist', name: `Report shop ${++counter}`, email: `report-${counter}-${Date.now()}@example.com`, ...fields }, { token: await admin() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

async function dispatchedOrder(clientId: number, lines: { product_id: number; quantity: number }[], token?: string) {
  const res = await t.post('/api/orders/create', { client_id: clientId, lines }, { token: token ?? (await admin()) });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.id as number;
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
    const moved = await t.post('/api/orders/updatestatus', { id: orderId, status }, { token: await admin() });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, orderId));
  return invoice;
}

const report = async (query: string, token?: string) => {
  const res = await t.get(`/api/reports/sales?${query}`, { token: token ?? (await admin()) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { key: string; label: string; quantity: number; net: number; vat: number; total: number; documents: number; compare?: { net: number; total: number } }[];
    totals: { quantity: number; net: number; vat: number; total: number; documents: number; compare?: { net: number; vat: number; total: number } };
    compare_period?: { from: string; to: string };
  };
};

/** The register itself, independently of the summaries: documents of the period, credit notes negative. */
async function register(from: string, to: string) {
  const [row] = rowsOf<{ net: string | null; vat: string | null; total: string | null }>(
    await t.db.execute(sql`select sum(case when type = 'credit_note' then -total_excl_vat else total_excl_vat end) as net,
      sum(case when type = 'credit_note' then -vat else vat end) as vat, sum(case when type = 'credit_note' then -total else total end) as total
      from billing_documents where issue_date between ${from} and ${to}`),
  );
  return { net: Number(row.net ?? 0), vat: Number(row.vat ?? 0), total: Number(row.total ?? 0) };
}

describe('sales summaries kept by the issuing transaction', () => {
  it('counts an invoice on dispatch and takes a credit note off, for the product, the client and its rep', async () => {
    const rep = t.demo.reseller;
    const client = await newClient({ rep_ids: [rep.id] });
    const product = await catalogue.product({ price: 11_500 });
    const invoice = await dispatchedOrder(client.id, [{ product_id: product.id, quantity: 4 }]);
    expect(invoice).toMatchObject({ total: 46_000, totalExclVat: 40_000, vat: 6_000 });

    const byProduct = await report(`group_by=product&product_id=${product.id}&from=${invoice.issueDate}&to=${invoice.issueDate}`);
    expect(byProduct.data).toEqual([{ key: String(product.id), label: product.name, quantity: 4, net: 40_000, vat: 6_000, total: 46_000, documents: 1 }]);

    const [line] = await t.db.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoice.id));
    const credited = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: line.id, quantity: 1 }], reason: 'One came back broken' }, { token: await admin() });
    expect(credited.statusCode, credited.body).toBe(201);

    const after = await report(`group_by=client&client_id=${client.id}&from=${invoice.issueDate}&to=${invoice.issueDate}`);
    // A credit note is a document of the register too: two documents, three units net.
    expect(after.data).toEqual([{ key: String(client.id), label: client.name, quantity: 3, net: 30_000, vat: 4_500, total: 34_500, documents: 2 }]);
    const byRep = await report(`group_by=rep&client_id=${client.id}&from=${invoice.issueDate}&to=${invoice.issueDate}`);
    expect(byRep.data).toEqual([expect.objectContaining({ key: String(rep.id), label: rep.name, net: 30_000 })]);
  });

  it('keeps the rep and branch a sale was counted for when a later credit note comes after the client changed reps', async () => {
    const first = t.demo.reseller;
    const second = await t.makeUser({ role: 'reseller', name: 'Second rep' });
    const client = await newClient({ rep_ids: [first.id] });
    const product = await catalogue.product({ price: 2_300 });
    const invoice = await dispatchedOrder(client.id, [{ product_id: product.id, quantity: 2 }]);
    const relinked = await t.post('/api/clients/save', { id: client.id, rep_ids: [second.id] }, { token: await admin() });
    expect(relinked.statusCode, relinked.body).toBe(200);
    const credited = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, reason: 'All of it back' }, { token: await admin() });
    expect(credited.statusCode, credited.body).toBe(201);
    const byRep = await report(`group_by=rep&client_id=${client.id}&from=${invoice.issueDate}&to=${invoice.issueDate}`);
    expect(byRep.data).toEqual([expect.objectContaining({ key: String(first.id), quantity: 0, net: 0, total: 0, documents: 2 })]);
  });

  it('refuses a period that ends before it starts, naming the field; production sees no money', async () => {
    const res = await t.get('/api/reports/sales?from=2026-05-01&to=2026-04-01', { token: await admin() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('to');
    const bad = await t.get('/api/reports/sales?group_by=colour', { token: await admin() });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('group_by');
    expect((await t.get('/api/reports/sales', { token: await t.tokenFor('production') })).statusCode).toBe(403);
  });
});

describe('who sees what', () => {
  it('a rep sees only its linked clients, a member only its own client', async () => {
    const rep = await t.makeUser({ role: 'reseller', name: 'Scoped rep' });
    const mine = await newClient({ rep_ids: [rep.id] });
    const other = await newClient();
    const product = await catalogue.product({ price: 1_150 });
    const a = await dispatchedOrder(mine.id, [{ product_id: product.id, quantity: 1 }]);
    await dispatchedOrder(other.id, [{ product_id: product.id, quantity: 3 }]);
    const day = a.issueDate;

    const asRep = await report(`group_by=client&from=${day}&to=${day}`, await t.tokenFor({ id: rep.id }));
    expect(asRep.data.map((row) => row.key)).toEqual([String(mine.id)]);
    expect(asRep.totals).toMatchObject({ quantity: 1, net: 1_000 });
    // Naming another client's id narrows to nothing rather than showing it.
    const peek = await report(`group_by=product&client_id=${other.id}&from=${day}&to=${day}`, await t.tokenFor({ id: rep.id }));
    expect(peek.data).toEqual([]);
    expect(peek.totals.net).toBe(0);

    const member = await t.makeUser({ role: 'stockist', clientId: other.id });
    const asMember = await report(`group_by=client&from=${day}&to=${day}`, await t.tokenFor({ id: member.id }));
    expect(asMember.data.map((row) => row.key)).toEqual([String(other.id)]);
    expect(asMember.totals).toMatchObject({ quantity: 3, net: 3_000 });
  });
});

describe('groupings add up to the register', () => {
  let clientPool: { id: number; type: string }[] = [];
  let productPool: (number | null)[] = [];

  beforeAll(async () => {
    const rep = t.demo.reseller;
    const [branch] = await t.db.insert(branches).values({ name: `Report branch ${Date.now()}` }).returning();
    clientPool = [
      { ...(await newClient({ rep_ids: [rep.id], branch_id: branch.id })), type: 'stockist' },
      { ...(await newClient({ type: 'individual' })), type: 'individual' },
      { ...(await newClient({ rep_ids: [rep.id] })), type: 'stockist' },
    ];
    const products = [await catalogue.product(), await catalogue.product(), await catalogue.product()];
    const [g1, g2] = [await catalogue.group(), await catalogue.group()];
    // One product in two groups (its sales count for the older), one in one, one in none.
    await t.db.insert(groupProducts).values([
      { groupId: g1.id, productId: products[0].id },
      { groupId: g2.id, productId: products[0].id },
      { groupId: g2.id, productId: products[1].id },
    ]);
    productPool = [...products.map((p) => p.id), null];
  });

  const amounts = fc.record({ net: fc.integer({ min: 0, max: 5_000_000 }), vat: fc.integer({ min: 0, max: 750_000 }), quantity: fc.integer({ min: 1, max: 50 }) });
  const documentArb = fc.record({
    client: fc.nat(),
    day: fc.integer({ min: 0, max: 364 }),
    lines: fc.array(fc.record({ product: fc.nat(), amounts }), { minLength: 1, maxLength: 4 }),
    // Each invoice may get a credit note on some of its lines (never more than the line) and a debit note.
    credit: fc.option(fc.array(fc.record({ line: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 3 })),
    debit: fc.option(amounts),
    noteDelay: fc.integer({ min: 0, max: 40 }),
  });

  const line = (productId: number | null, a: { net: number; vat: number; quantity: number }, invoiceLineId: number | null = null): NewDocumentLine => ({
    productId,
    invoiceLineId,
    sku: '',
    description: 'Property line',
    quantity: a.quantity,
    unitPrice: Math.floor(a.net / a.quantity),
    vat_class: 'standard',
    rate_bp: 1500,
    total_excl_vat: a.net,
    vat: a.vat,
    total: a.net + a.vat,
  });

  let year = 1990;
  it('for random invoices, credit and debit notes: every grouping sums to its totals, and the totals to the register, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentArb, { minLength: 1, maxLength: 8 }), fc.tuple(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 364 })), async (documents, cutDays) => {
        // A year of its own per run, so the register of the period is this run's documents only.
        year += 1;
        const from = `${year}-01-01`;
        const to = `${year}-12-31`;
        const at = (day: number) => new Date(Date.UTC(year, 0, 1 + Math.min(day, 364), 10));
        await t.db.transaction(async (tx) => {
          for (const doc of documents) {
            const client = clientPool[doc.client % clientPool.length];
            const base = { clientId: client.id, supplyDate: from, pricesIncludeVat: true, recipient: { name: 'R', address: '', vat_number: '' }, locale: 'en' };
            const invoiceLines = doc.lines.map((l) => line(productPool[l.product % productPool.length], l.amounts));
            const invoice = await insertDocument(tx, null, at(doc.day), { ...base, type: 'invoice', lines: invoiceLines });
            const stored = await tx.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoice.id)).orderBy(billingDocumentLines.position);
            const noteDay = doc.day + doc.noteDelay;
            if (doc.credit) {
              const picked = [...new Set(doc.credit.map((c) => c.line % stored.length))];
              const creditLines = picked.map((index) => {
                const share = doc.credit!.find((c) => c.line % stored.length === index)!.share;
                const source = stored[index];
                return line(source.productId, { net: Math.floor(source.totalExclVat * share), vat: Math.floor(source.vat * share), quantity: Math.max(1, Math.floor(source.quantity * share)) }, source.id);
              });
              await insertDocument(tx, null, at(noteDay), { ...base, type: 'credit_note', invoiceId: invoice.id, lines: creditLines });
            }
            if (doc.debit) await insertDocument(tx, null, at(noteDay), { ...base, type: 'debit_note', invoiceId: invoice.id, lines: [line(null, doc.debit)] });
          }
        });
        const expected = await register(from, to);
        for (const groupBy of salesGroupings) {
          const result = await report(`group_by=${groupBy}&from=${from}&to=${to}`);
          expect(result.totals, groupBy).toMatchObject(expected);
          const summed = result.data.reduce((sum, row) => ({ net: sum.net + row.net, vat: sum.vat + row.vat, total: sum.total + row.total }), { net: 0, vat: 0, total: 0 });
          expect(summed, groupBy).toEqual(expected);
          for (const row of result.data) expect(row.total, `${groupBy} ${row.key}`).toBe(row.net + row.vat);
          // Every document counted once whatever the grouping (no product filter): as many as were issued.
          if (!['product', 'product_group'].includes(groupBy)) {
            expect(result.data.reduce((sum, row) => sum + row.documents, 0), groupBy).toBe(result.totals.documents);
          }
        }
        const [issued] = rowsOf<{ n: string }>(await t.db.execute(sql`select count(*) as n from billing_documents where issue_date between ${from} and ${to}`));
        expect((await report(`group_by=month&from=${from}&to=${to}`)).totals.documents).toBe(Number(issued.n));
        // Top N: the shown rows and "others" still add up to the same totals.
        const top = await report(`group_by=product&from=${from}&to=${to}&limit=1`);
        expect(top.data.length).toBeLessThanOrEqual(2);
        expect(top.data.reduce((sum, row) => sum + row.net, 0)).toBe(expected.net);
        // The comparison is the register of the period a year before (the previous run's year).
        const compared = await report(`group_by=client&from=${from}&to=${to}&compare=last_year`);
        expect(compared.totals.compare).toMatchObject(await register(`${year - 1}-01-01`, `${year - 1}-12-31`));
        // A period that cuts months: the admin's report reads whole months from the monthly
        // rollups and the cut ones from the daily summaries, and still adds up to the register.
        const [cutFrom, cutTo] = [Math.min(...cutDays), Math.max(...cutDays)].map((day) => at(day).toISOString().slice(0, 10));
        const expectedCut = await register(cutFrom, cutTo);
        for (const groupBy of salesGroupings) {
          const result = await report(`group_by=${groupBy}&from=${cutFrom}&to=${cutTo}`);
          expect(result.totals, `${groupBy} ${cutFrom}..${cutTo}`).toMatchObject(expectedCut);
          const summed = result.data.reduce((sum, row) => ({ net: sum.net + row.net, vat: sum.vat + row.vat, total: sum.total + row.total }), { net: 0, vat: 0, total: 0 });
          expect(summed, `${groupBy} ${cutFrom}..${cutTo}`).toEqual(expectedCut);
        }
        // The same narrowed by a client reads the daily summaries: both ways agree row by row.
        const client = clientPool[documents[0].client % clientPool.length];
        const whole = await report(`group_by=client&from=${cutFrom}&to=${cutTo}`);
        const narrowed = await report(`group_by=client&from=${cutFrom}&to=${cutTo}&client_id=${client.id}`);
        expect(narrowed.data).toEqual(whole.data.filter((row) => row.key === String(client.id)));
      }),
      { numRuns: 10 },
    );
    // Each run issues up to 24 documents and asks for eight groupings and four more reports: ~15 s
    // on an idle machine, so more than the default 30 s when the machine is shared.
  }, 180_000);

  it('lines up months against the comparison period by place, empty months included', async () => {
    const result = await report('group_by=month&from=1995-02-01&to=1995-04-30&compare=previous');
    // Whole months compare with as many whole months before; other periods with as many days.
    expect(result.compare_period).toEqual({ from: '1994-11-01', to: '1995-01-31' });
    expect((await report('group_by=week&from=1995-02-10&to=1995-02-20&compare=previous')).compare_period).toEqual({ from: '1995-01-30', to: '1995-02-09' });
    expect((await report('group_by=week&from=1996-02-29&to=1996-03-10&compare=last_year')).compare_period).toEqual({ from: '1995-02-28', to: '1995-03-10' });
    expect(result.data.map((row) => row.key)).toEqual(['1995-02', '1995-03', '1995-04']);
    expect(result.data.every((row) => row.compare !== undefined)).toBe(true);
  });

  it('keeps one summary row per day and dimensions: the rows are the register summed, not copied', async () => {
    const [summaries] = rowsOf<{ rows: string; lines: string }>(
      await t.db.execute(sql`select (select count(*) from ${salesSummaries}) as rows, (select count(*) from ${billingDocumentLines}) as lines`),
    );
    expect(Number(summaries.rows)).toBeGreaterThan(0);
    expect(Number(summaries.rows)).toBeLessThanOrEqual(Number(summaries.lines));
  });
});
