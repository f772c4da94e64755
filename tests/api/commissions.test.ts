import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments, commissionEntries, jobs } from '../../server/db/schema';
import { commissionMailHandler, COMMISSION_MAIL_JOB } from '../../server/modules/commissions/mail';
import type { MailMessage } from '../../server/mail/mailer';
import { monthOf, nextMonth } from '../../shared/commissions/months';
import { useTestApp } from './support/app';
import { bankFixtures } from './support/bank';
import { catalogueFactory } from './support/catalogue';
import { pdfText } from './support/pdfText';

/**
 * Rep commissions: plans and targets checked field by field, a month's statement from what the
 * rep's clients paid net of VAT, the tiers above the target, clawbacks on credit notes, a closed
 * month frozen (later money lands in the next open month), who sees which statement, the PDF.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
const bank = bankFixtures(t);
const admin = () => t.tokenFor('admin');
let counter = 0;

interface Statement {
  rep_id: number;
  month: string;
  target: number | null;
  paid_net: number;
  commission: number;
  clawbacks: number;
  tier: number;
  rate_bp: number;
  closed: boolean;
  lines: { kind: string; day: string; invoice_id: number; net: number; gross: number; rate_bp: number; commission: number; document: string }[];
}

async function ok(path: string, body: unknown) {
  const res = await t.post(path, body, { token: await admin() });
  expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

async function newRep() {
  return t.makeUser({ role: 'reseller', name: `Commission rep ${++counter}`, email: `commission-rep-${counter}-${Date.now()}@example.com` });
}

async function newClient(repId: number) {
  return (await ok('/api/clients/save', { type: 'stockist', name: `Commission shop ${++counter}`, email: `commission-${counter}-${Date.now()}@example.com`, rep_ids: [repId] })) as { id: number };
}

/** An invoice of `quantity` × R115.00 incl. VAT (R100.00 net each), dispatched so it is issued. */
async function invoiceFor(clientId: number, quantity = 4, productId?: number) {
  const product = productId ?? (await catalogue.product({ price: 11_500 })).id;
  const order = await ok('/api/orders/create', { client_id: clientId, lines: [{ product_id: product, quantity }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await ok('/api/orders/updatestatus', { id: order.id, status });
  const [invoice] = await t.db.select().from(billingDocuments).where(and(eq(billingDocuments.orderId, order.id), eq(billingDocuments.type, 'invoice')));
  return invoice;
}

const pay = (clientId: number, invoiceId: number, amount: number, paidAt: string) =>
  ok('/api/billing/payment', { client_id: clientId, amount, reference: `EFT ${++counter}`, paid_at: paidAt, allocations: [{ invoice_id: invoiceId, amount }] });

async function statementOf(repId: number, month: string, token?: string): Promise<Statement> {
  const res = await t.get(`/api/commissions/statement?rep_id=${repId}&month=${month}`, { token: token ?? (await admin()) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const today = () => t.clock.now().toISOString().slice(0, 10);

describe('plans and targets', () => {
  it('refuses bad input with a 400 naming the field, and keeps one plan per rep and product group', async () => {
    const rep = await newRep();
    const token = await admin();
    const refused = async (path: string, body: unknown, field: string, status = 400) => {
      const res = await t.post(path, body, { token });
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    };
    await refused('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 10_001 }, 'rate_bp');
    await refused('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: -1 }, 'rate_bp');
    await refused('/api/commissions/saveplan', { rate_bp: 500 }, 'rep_id');
    await refused('/api/commissions/saveplan', { rep_id: t.demo.admin.id, rate_bp: 500 }, 'rep_id');
    await refused('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500, product_group_id: 2_000_000 }, 'product_group_id');
    await refused('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500, tiers: [{ above: 0, rate_bp: 700 }, { above: 0, rate_bp: 900 }] }, 'tiers.1.above');
    await refused('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500, tiers: [{ above: 0, rate_bp: 70_000 }] }, 'tiers.0.rate_bp');
    await refused('/api/commissions/savetarget', { rep_id: rep.id, month: '2025-13', amount: 100 }, 'month');
    await refused('/api/commissions/savetarget', { rep_id: rep.id, month: '2025-01', amount: -5 }, 'amount');
    await refused('/api/commissions/savetarget', { rep_id: t.demo.stockist.id, month: '2025-01', amount: 5 }, 'rep_id');

    const group = await catalogue.group();
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500, tiers: [{ above: 0, rate_bp: 700 }] });
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 450 });
    const saved = await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 1_000, product_group_id: group.id });
    expect(saved.plans).toEqual([
      expect.objectContaining({ product_group_id: null, rate_bp: 450, tiers: [] }),
      expect.objectContaining({ product_group_id: group.id, product_group_name: group.name, rate_bp: 1_000 }),
    ]);
    const target = await ok('/api/commissions/savetarget', { rep_id: rep.id, month: '2025-01', amount: 100_000 });
    expect(target.targets).toEqual([{ month: '2025-01', amount: 100_000 }]);
    const listed = await t.get('/api/commissions/plans', { token });
    expect(listed.json().data.find((r: { rep_id: number }) => r.rep_id === rep.id)).toMatchObject({ rep_name: rep.name, plans: saved.plans });
  });
});

describe('a month statement', () => {
  it('earns on what the clients paid in the month, net of VAT, per product group', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    const grouped = await catalogue.product({ price: 11_500 });
    const group = await catalogue.group({ product_ids: [grouped.id] });
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 1_000, product_group_id: group.id });
    const plain = await invoiceFor(client.id, 4);
    const inGroup = await invoiceFor(client.id, 2, grouped.id);

    await pay(client.id, plain.id, 23_000, '2024-03-05');
    await pay(client.id, inGroup.id, 11_500, '2024-03-09');
    await pay(client.id, plain.id, 23_000, '2024-04-02');

    const march = await statementOf(rep.id, '2024-03');
    // 230.00 incl. VAT is 200.00 net at 5 %; 115.00 is 100.00 net at the group's 10 %.
    expect(march).toMatchObject({ rep_id: rep.id, month: '2024-03', target: null, paid_net: 30_000, commission: 2_000, clawbacks: 0, closed: false });
    expect(march.lines.map((l) => [l.day, l.invoice_id, l.gross, l.net, l.rate_bp, l.commission])).toEqual([
      ['2024-03-05', plain.id, 23_000, 20_000, 500, 1_000],
      ['2024-03-09', inGroup.id, 11_500, 10_000, 1_000, 1_000],
    ]);
    expect((await statementOf(rep.id, '2024-04')).paid_net).toBe(20_000);
    // Another rep's client pays: nothing of it here.
    const other = await newRep();
    const otherClient = await newClient(other.id);
    const otherInvoice = await invoiceFor(otherClient.id, 1);
    await pay(otherClient.id, otherInvoice.id, 11_500, '2024-03-20');
    expect((await statementOf(rep.id, '2024-03')).paid_net).toBe(30_000);
  });

  it('pays the tier rate on what is paid above the target', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500, tiers: [{ above: 0, rate_bp: 700 }] });
    await ok('/api/commissions/savetarget', { rep_id: rep.id, month: '2024-05', amount: 30_000 });
    const invoice = await invoiceFor(client.id, 4);
    await pay(client.id, invoice.id, 23_000, '2024-05-03');
    const below = await statementOf(rep.id, '2024-05');
    expect(below).toMatchObject({ target: 30_000, paid_net: 20_000, commission: 1_000, tier: 0, rate_bp: 500 });
    await pay(client.id, invoice.id, 23_000, '2024-05-10');
    const above = await statementOf(rep.id, '2024-05');
    // The second 200.00: 100.00 up to the target at 5 %, 100.00 above it at 7 %.
    expect(above).toMatchObject({ paid_net: 40_000, commission: 2_200, tier: 1, rate_bp: 700 });
    expect(above.lines.map((l) => l.commission)).toEqual([1_000, 1_200]);
  });

  it('claws back, in the month of the credit note, what a credit note takes off a commissioned invoice', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    const invoice = await invoiceFor(client.id, 4);
    await pay(client.id, invoice.id, 46_000, '2024-06-12');
    const [line] = await t.db.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoice.id));
    const note = await ok('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: line.id, quantity: 1 }], reason: 'One came back' });
    const month = monthOf(today());
    const now = await statementOf(rep.id, month);
    expect(now.lines).toEqual([expect.objectContaining({ kind: 'clawback', invoice_id: invoice.id, document: note.number, gross: -11_500, net: -10_000, commission: -500 })]);
    expect(now).toMatchObject({ paid_net: 0, clawbacks: 500, commission: -500 });
    // The month it was earned in stays as it was.
    expect(await statementOf(rep.id, '2024-06')).toMatchObject({ paid_net: 40_000, commission: 2_000, clawbacks: 0 });

    // A credit on an invoice nobody paid earned nothing and takes nothing back.
    const unpaid = await invoiceFor(client.id, 1);
    await ok('/api/billing/credit_note', { invoice_id: unpaid.id, reason: 'Never delivered' });
    expect((await statementOf(rep.id, month)).lines).toHaveLength(1);
  });

  it('takes back, when a bank match is undone, what was earned on its payment', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    const invoice = await invoiceFor(client.id, 4);
    const imported = await bank.upload(bank.absa([{ description: `PAYMENT ${invoice.number}`, amount: 23_000 }]));
    expect(imported.statusCode, imported.body).toBe(201);
    const [line] = (await (await t.get(`/api/bank/lines?statement_id=${imported.json().data.id}`, { token: await admin() })).json()).data as { id: number; status: string }[];
    expect(line.status).toBe('matched');
    const month = monthOf(bank.today());
    expect(await statementOf(rep.id, month)).toMatchObject({ paid_net: 20_000, commission: 1_000, clawbacks: 0 });

    await ok('/api/bank/unmatch', { line_id: line.id });
    const undone = await statementOf(rep.id, month);
    expect(undone.lines.map((l) => [l.kind, l.invoice_id, l.gross, l.net, l.commission])).toEqual([
      ['payment', invoice.id, 23_000, 20_000, 1_000],
      ['clawback', invoice.id, -23_000, -20_000, -1_000],
    ]);
    expect(undone).toMatchObject({ commission: 0, clawbacks: 1_000 });
  });
});

describe('who sees a statement', () => {
  it('a rep its own (the running month live), the admin any, members and production none', async () => {
    const rep = await newRep();
    const other = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    const invoice = await invoiceFor(client.id, 1);
    await pay(client.id, invoice.id, 11_500, today());
    const month = monthOf(today());
    const token = await t.tokenFor(rep);
    const own = await t.get(`/api/commissions/statement?month=${month}`, { token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ rep_id: rep.id, paid_net: 10_000, commission: 500, closed: false });
    expect((await t.get(`/api/commissions/statement?rep_id=${rep.id}&month=${month}`, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/commissions/statement?rep_id=${other.id}&month=${month}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/commissions/statement_pdf?rep_id=${other.id}&month=${month}`, { token })).statusCode).toBe(404);
    const plans = await t.get('/api/commissions/plans', { token });
    expect(plans.json().data.map((r: { rep_id: number }) => r.rep_id)).toEqual([rep.id]);
    for (const role of ['stockist', 'individual', 'production'] as const) {
      expect((await t.get(`/api/commissions/statement?rep_id=${rep.id}&month=${month}`, { token: await t.tokenFor(role) })).statusCode).toBe(403);
    }
    expect((await t.post('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 9_000 }, { token })).statusCode).toBe(403);
    const noRep = await t.get(`/api/commissions/statement?month=${month}`, { token: await admin() });
    expect(noRep.statusCode).toBe(400);
    expect(noRep.json().errors).toHaveProperty('rep_id');
  });

  it('answers the statement as a PDF, in the language asked for', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    const invoice = await invoiceFor(client.id, 2);
    await pay(client.id, invoice.id, 23_000, '2024-07-15');
    const res = await t.get(`/api/commissions/statement_pdf?rep_id=${rep.id}&month=2024-07`, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Commission Statement');
    expect(text).toContain(rep.name);
    expect(text).toContain(invoice.number);
    expect(text).toContain('R 200,00');
    expect(text).toContain('R 10,00');
    const arabic = await t.get(`/api/commissions/statement_pdf?rep_id=${rep.id}&month=2024-07&locale=ar`, { token: await t.tokenFor(rep) });
    expect(arabic.statusCode).toBe(200);
    expect(await pdfText(arabic.rawPayload)).toContain('كشف العمولات');
  });
});

describe('closing a month', () => {
  it('freezes its statements: a later payment dated in it lands in the next open month; the rep is mailed its PDF', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    const invoice = await invoiceFor(client.id, 4);
    await pay(client.id, invoice.id, 11_500, '2023-02-10');
    const before = await statementOf(rep.id, '2023-02');

    const closed = await ok('/api/commissions/closemonth', { month: '2023-02' });
    expect(closed).toMatchObject({ month: '2023-02' });
    expect(closed.statements).toBeGreaterThanOrEqual(1);
    const frozen = await statementOf(rep.id, '2023-02');
    expect(frozen).toEqual({ ...before, closed: true, closed_at: closed.closed_at });

    await pay(client.id, invoice.id, 11_500, '2023-02-20');
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 900 });
    expect(await statementOf(rep.id, '2023-02')).toEqual(frozen);
    const march = await statementOf(rep.id, '2023-03');
    expect(march.lines).toEqual([expect.objectContaining({ day: '2023-02-20', net: 10_000, commission: 900 })]);

    const again = await t.post('/api/commissions/closemonth', { month: '2023-02' }, { token: await admin() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toHaveProperty('month');
    const target = await t.post('/api/commissions/savetarget', { rep_id: rep.id, month: '2023-02', amount: 1 }, { token: await admin() });
    expect(target.statusCode).toBe(409);
    const future = await t.post('/api/commissions/closemonth', { month: nextMonth(monthOf(today())) }, { token: await admin() });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toHaveProperty('month');
    // The database itself refuses to change a closed month.
    await expect(t.db.execute(sql`update commission_statements set statement = '{}' where month = '2023-02'`)).rejects.toThrow();
    await expect(t.db.insert(commissionEntries).values({ repUserId: rep.id, month: '2023-02', kind: 'payment', day: '2023-02-01', clientId: client.id, invoiceId: invoice.id, gross: 1, net: 1 })).rejects.toThrow();

    // The mail: queued in the closing, its PDF drawn when it goes.
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.kind, COMMISSION_MAIL_JOB), sql`${jobs.payload}->>'rep_id' = ${String(rep.id)}`));
    expect(job.payload).toMatchObject({ rep_id: rep.id, month: '2023-02', to: rep.email });
    const sent: MailMessage[] = [];
    await commissionMailHandler({ db: t.db, mailer: { from: 'portal@example.com', send: async (m: MailMessage) => void sent.push(m) } as never }).run(job, t.clock.now());
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain('Commission statement');
    expect(await pdfText(sent[0].attachments![0].content as Buffer)).toContain(rep.name);
  });

  it('a credit note after the running month is closed lands in the next month', async () => {
    const rep = await newRep();
    const client = await newClient(rep.id);
    await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 });
    const invoice = await invoiceFor(client.id, 2);
    await pay(client.id, invoice.id, 23_000, today());
    const month = monthOf(today());
    await ok('/api/commissions/closemonth', { month });
    const frozen = await statementOf(rep.id, month);
    expect(frozen).toMatchObject({ paid_net: 20_000, commission: 1_000, closed: true });
    await ok('/api/billing/credit_note', { invoice_id: invoice.id, reason: 'All returned' });
    expect(await statementOf(rep.id, month)).toEqual(frozen);
    expect(await statementOf(rep.id, nextMonth(month))).toMatchObject({ paid_net: 0, clawbacks: 1_000, commission: -1_000, closed: false });
  });
});
