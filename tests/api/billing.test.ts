import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, billingDocumentLines, billingDocuments, invoiceBalances, payments as paymentsTable, jobs, statementRuns } from '../../server/db/schema';
import { previousMonth, runStatements, statementRunHandler } from '../../server/modules/billing/mail';
import { addDays, ageingBuckets, ageItems, bucketOf, businessDay, daysBetween, overdueOf } from '../../shared/billing/accounts';
import { accountAgeing } from '../../server/modules/billing/debtors';
import { useTestApp } from './support/app';
import { rowsOf } from '../../server/db/rows';
import { catalogueFactory } from './support/catalogue';
import { uploadProof } from './support/proofUpload';

/**
 * Billing through the API on a real database: VAT on orders, tax invoices issued on
 * dispatch with gap-free numbers, the database refusing changes to them, credit notes, payments
 * and their allocation, statements, debtors, credit limits and who sees what.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
let counter = 0;
const admin = () => t.tokenFor('admin');

async function newClient(fields: Record<string, unknown> = {}) {
  const res = await t.post('/api/clients/save', { type: 'stockist', name: `Billing shop ${++counter}`, email: `billing-${counter}-${Date.now()}@example.com`, ...fields }, { token: await admin() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

async function order(clientId: number, lines: { product_id: number; quantity: number }[], token?: string) {
  const res = await t.post('/api/orders/create', { client_id: clientId, lines }, { token: token ?? (await admin()) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total: number; vat: number; total_excl_vat: number; lines: { vat: number; line_total: number }[] };
}

async function advance(orderId: number, to: string[]) {
  for (const status of to) {
    const res = await t.post('/api/orders/updatestatus', { id: orderId, status }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const dispatch = (orderId: number) => advance(orderId, ['confirmed', 'in_production', 'ready', 'dispatched']);

async function invoiceOf(orderId: number) {
  const [row] = await t.db.select({ id: billingDocuments.id }).from(billingDocuments).where(eq(billingDocuments.orderId, orderId));
  const res = await t.get(`/api/billing/invoice?id=${row.id}`, { token: await admin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A client with one dispatched order (and so one invoice) of `quantity` × a product at `price`. */
async function invoicedClient(price = 11_500, quantity = 2, clientFields: Record<string, unknown> = {}) {
  const client = await newClient(clientFields);
  const product = await catalogue.product({ price });
  const placed = await order(client.id, [{ product_id: product.id, quantity }]);
  await dispatch(placed.id);
  return { client, product, order: placed, invoice: await invoiceOf(placed.id) };
}

describe('VAT on orders', () => {
  it('shows amounts excluding VAT, the VAT per line and class, and the total on the quote, the order and the tracking page', async () => {
    const client = await newClient();
    const standard = await catalogue.product({ price: 11_500 });
    const zero = await catalogue.product({ price: 2_000, vat_class: 'zero' });
    expect(zero).toMatchObject({ vat_class: 'zero' });
    const lines = [
      { product_id: standard.id, quantity: 3 },
      { product_id: zero.id, quantity: 1 },
    ];
    const quote = (await t.post('/api/orders/quote', { client_id: client.id, lines }, { token: await admin() })).json().data;
    expect(quote).toMatchObject({ total: 36_500, vat: 4_500, total_excl_vat: 32_000, prices_include_vat: true });
    expect(quote.lines.map((l: { vat: number }) => l.vat)).toEqual([4_500, 0]);

    const placed = await order(client.id, lines);
    expect(placed).toMatchObject({ total: 36_500, vat: 4_500, total_excl_vat: 32_000 });
    const full = (await t.get(`/api/orders/order?id=${placed.id}`, { token: await admin() })).json().data;
    expect(full.vat_by_class).toEqual([
      { vat_class: 'standard', rate_bp: 1500, total_excl_vat: 30_000, vat: 4_500, total: 34_500 },
      { vat_class: 'zero', rate_bp: 0, total_excl_vat: 2_000, vat: 0, total: 2_000 },
    ]);
    const tracked = (await t.get(`/api/orders/orderbytoken?token=${full.token}`)).json().data;
    expect(tracked).toMatchObject({ total: 36_500, vat: 4_500, total_excl_vat: 32_000 });
    expect(tracked.lines.map((l: { vat: number }) => l.vat)).toEqual([4_500, 0]);
  });

  it('adds VAT to VAT-exclusive catalogue prices when the settings say so, and freezes that on the order', async () => {
    const token = await admin();
    expect((await t.post('/api/billing/savesettings', { prices_include_vat: false }, { token })).statusCode).toBe(200);
    try {
      const client = await newClient();
      const product = await catalogue.product({ price: 10 });
      // 10 c excl. → 1,5 c VAT → 2 c (half a cent up, s66).
      const placed = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
      expect(placed).toMatchObject({ total: 12, vat: 2, total_excl_vat: 10 });
    } finally {
      await t.post('/api/billing/savesettings', { prices_include_vat: true }, { token });
    }
  });

  it('takes the rate of the supply day from the dated table: a future change is a new row', async () => {
    const token = await admin();
    const today = businessDay(t.clock.now());
    const [y] = today.split('-').map(Number);
    const from = `${y + 1}-04-01`;
    const saved = await t.post('/api/billing/savesettings', { new_rate: { vat_class: 'standard', rate_bp: 1600, valid_from: from } }, { token });
    expect(saved.statusCode, saved.body).toBe(200);
    const past = await t.post('/api/billing/savesettings', { new_rate: { vat_class: 'standard', rate_bp: 1600, valid_from: today } }, { token });
    expect(past.statusCode).toBe(409);
    expect(past.json().errors).toHaveProperty(['new_rate.valid_from']);
    const client = await newClient();
    const product = await catalogue.product({ price: 11_600 });
    const before = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
    expect(before.vat).toBe(1_513); // 11600 × 15/115 = 1513,04
    t.clock.advance((Date.parse(`${from}T12:00:00Z`) - t.clock.now().getTime()) + 3600_000);
    try {
      const after = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
      expect(after.vat).toBe(1_600); // 11600 × 16/116
    } finally {
      t.clock.reset();
      await t.db.execute(sql`delete from vat_rates where valid_from = ${from}`);
    }
  });
});

describe('tax invoices', () => {
  it('issues one when the order is dispatched, in the same transaction, with the order’s figures and a due date from the terms', async () => {
    const { client, order: placed, invoice } = await invoicedClient(11_500, 2, { type: 'stockist' });
    expect(invoice).toMatchObject({
      type: 'invoice',
      order_id: placed.id,
      client_id: client.id,
      total: 23_000,
      vat: 3_000,
      total_excl_vat: 20_000,
      balance: 23_000,
      status: 'open',
      full: false,
    });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({ quantity: 2, unit_price: 11_500, vat: 3_000, total: 23_000 });
    // The supplier as the billing settings name it, copied into the invoice on the day of issue.
    const settings = (await t.get('/api/billing/settings', { token: await admin() })).json().data;
    expect(invoice.supplier).toMatchObject({ name: settings.legal_name, address: settings.address, vat_number: settings.vat_number });
    expect(invoice.recipient).toMatchObject({ name: client.name });
    expect(invoice.due_at > invoice.issue_date).toBe(true); // the default 30 days
    const view = (await t.get(`/api/orders/order?id=${placed.id}`, { token: await admin() })).json().data;
    expect(view.invoice).toEqual({ id: invoice.id, number: invoice.number });
    // Issuing it again is a conflict naming the order; the dispatch path never issues twice.
    const again = await t.post('/api/billing/issue_invoice', { order_id: placed.id }, { token: await admin() });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toHaveProperty('order_id');
  });

  it('is a full tax invoice above R5 000 with the recipient’s VAT number, abridged at or below', async () => {
    const client = await newClient();
    const terms = await t.post('/api/billing/saveclientbilling', { client_id: client.id, vat_number: '4555555555' }, { token: await admin() });
    expect(terms.statusCode, terms.body).toBe(200);
    const product = await catalogue.product({ price: 500_001 });
    const placed = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
    await dispatch(placed.id);
    const invoice = await invoiceOf(placed.id);
    expect(invoice.full).toBe(true);
    expect(invoice.recipient).toMatchObject({ name: client.name, vat_number: '4555555555' });
    const { invoice: small } = await invoicedClient(500_000, 1);
    expect(small.full).toBe(false);
  });

  it('refuses an invoice for a cancelled order, and an admin may issue one before dispatch', async () => {
    const client = await newClient();
    const product = await catalogue.product({ price: 1_000 });
    const cancelled = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
    await advance(cancelled.id, ['cancelled']);
    const refused = await t.post('/api/billing/issue_invoice', { order_id: cancelled.id }, { token: await admin() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toHaveProperty('order_id');
    const early = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
    const issued = await t.post('/api/billing/issue_invoice', { order_id: early.id }, { token: await admin() });
    expect(issued.statusCode, issued.body).toBe(201);
    // Dispatch later keeps that invoice.
    await dispatch(early.id);
    const invoices = await t.db.select({ n: count() }).from(billingDocuments).where(eq(billingDocuments.orderId, early.id));
    expect(invoices[0].n).toBe(1);
  });

  it('cancelling an invoiced order issues a credit note for all of it; an invoiced order cannot be deleted', async () => {
    const client = await newClient();
    const product = await catalogue.product({ price: 4_600 });
    const placed = await order(client.id, [{ product_id: product.id, quantity: 3 }]);
    const issued = (await t.post('/api/billing/issue_invoice', { order_id: placed.id }, { token: await admin() })).json().data;
    await advance(placed.id, ['cancelled']);
    const invoice = (await t.get(`/api/billing/invoice?id=${issued.id}`, { token: await admin() })).json().data;
    expect(invoice.notes).toHaveLength(1);
    expect(invoice.notes[0]).toMatchObject({ type: 'credit_note', total: 13_800 });
    expect(invoice).toMatchObject({ balance: 0, status: 'credited' });
    const deleted = await t.post('/api/orders/delete', { id: placed.id }, { token: await admin() });
    expect(deleted.statusCode).toBe(409);
  });

  it('numbers 50 invoices issued at once 1..n with no gap and no repeat', async () => {
    const client = await newClient();
    const product = await catalogue.product({ price: 100 });
    const placed = [];
    for (let i = 0; i < 50; i += 1) placed.push(await order(client.id, [{ product_id: product.id, quantity: 1 }]));
    const [{ before }] = (await t.db.execute(sql`select last as before from document_counters where series = 'invoice'`) as unknown as { rows: { before: number }[] }).rows;
    const token = await admin();
    const answers = await Promise.all(placed.map((o) => t.post('/api/billing/issue_invoice', { order_id: o.id }, { token })));
    expect(answers.map((a) => a.statusCode)).toEqual(placed.map(() => 201));
    const all = await t.db.select({ sequence: billingDocuments.sequence }).from(billingDocuments).where(eq(billingDocuments.type, 'invoice'));
    const sequences = all.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    expect(sequences.length).toBe(Number(before) + 50);
  });

  it('the database itself refuses a line added to an issued invoice later, even inside a transaction; the issuing transaction may add its own', async () => {
    const { invoice } = await invoicedClient(1_000, 1);
    const line = (documentId: number) =>
      sql`insert into billing_document_lines (document_id, position, description, quantity, unit_price, vat_class, rate_bp, total_excl_vat, vat, total)
          values (${documentId}, 99, 'Smuggled', 1, 100, 'standard', 1500, 87, 13, 100)`;
    const cause = (error: Error & { cause?: Error }) => (error.cause ?? error).message;
    expect(await t.db.execute(line(invoice.id)).then(() => 'added', cause)).toMatch(/issued billing documents cannot gain lines/);
    // Inside a later transaction that also issues another document: still refused for the old one.
    let ownLineAdded = false;
    const inLaterTransaction = await t.db
      .transaction(async (tx) => {
        const [{ id }] = rowsOf<{ id: number }>(
          await tx.execute(sql`insert into billing_documents (type, sequence, number, invoice_id, client_id, issued_at, issue_date, supply_date, due_date, "full",
              prices_include_vat, total_excl_vat, vat, total, by_class, reason, supplier, recipient, locale)
            select 'debit_note', sequence + 1000000, number || '-x', id, client_id, issued_at, issue_date, supply_date, due_date, "full",
              prices_include_vat, total_excl_vat, vat, total, by_class, 'test', supplier, recipient, locale from billing_documents where id = ${invoice.id} returning id`),
        );
        await tx.execute(line(Number(id)));
        ownLineAdded = true;
        await tx.execute(line(invoice.id));
      })
      .then(() => 'added', cause);
    expect(ownLineAdded).toBe(true);
    expect(inLaterTransaction).toMatch(/issued billing documents cannot gain lines/);
    const lines = await t.db.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoice.id));
    expect(lines.map((l) => l.description)).not.toContain('Smuggled');
  });

  it('the database itself refuses to change or delete an issued invoice or its lines', async () => {
    const { invoice } = await invoicedClient(1_000, 1);
    // The database's own refusal (drizzle wraps it; the trigger's message is the cause).
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'changed',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    for (const statement of [
      sql`update billing_documents set total = 1 where id = ${invoice.id}`,
      sql`delete from billing_documents where id = ${invoice.id}`,
      sql`update billing_document_lines set quantity = 9 where document_id = ${invoice.id}`,
      sql`delete from billing_document_lines where document_id = ${invoice.id}`,
    ]) {
      expect(await refusal(statement)).toMatch(/issued billing documents cannot be changed or deleted/);
    }
    const [row] = await t.db.select({ total: billingDocuments.total }).from(billingDocuments).where(eq(billingDocuments.id, invoice.id));
    expect(row.total).toBe(1_000);
  });
});

describe('credit and debit notes', () => {
  it('credits chosen lines and quantities with their share of VAT, never more than remains', async () => {
    const { invoice } = await invoicedClient(11_500, 3);
    const lineId = invoice.lines[0].id;
    const token = await admin();
    const first = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: lineId, quantity: 1 }], reason: 'One returned' }, { token });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ type: 'credit_note', total: 11_500, vat: 1_500, invoice_id: invoice.id, invoice_number: invoice.number, reason: 'One returned' });
    expect(first.json().data.number).toMatch(/^CN-\d{6}$/);
    const beyond = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: lineId, quantity: 3 }], reason: 'Too many' }, { token });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors).toHaveProperty(['lines.0.quantity']);
    const foreign = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: 999_999, quantity: 1 }], reason: 'Not mine' }, { token });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty(['lines.0.invoice_line_id']);
    const rest = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, reason: 'The rest' }, { token });
    expect(rest.json().data).toMatchObject({ total: 23_000, vat: 3_000 });
    const done = await t.post('/api/billing/credit_note', { invoice_id: invoice.id, reason: 'Once more' }, { token });
    expect(done.statusCode).toBe(409);
    const after = (await t.get(`/api/billing/invoice?id=${invoice.id}`, { token })).json().data;
    expect(after).toMatchObject({ balance: 0, status: 'credited' });
  });

  it('a debit note adds to what the invoice owes', async () => {
    const { invoice } = await invoicedClient(1_000, 1);
    const res = await t.post('/api/billing/debit_note', { invoice_id: invoice.id, description: 'Courier surcharge', amount: 2_300, reason: 'Undercharged delivery' }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'debit_note', total: 2_300, vat: 300 });
    expect((await t.get(`/api/billing/invoice?id=${invoice.id}`, { token: await admin() })).json().data.balance).toBe(3_300);
  });
});

describe('payments', () => {
  it('allocates to the oldest invoices first and keeps the rest as credit, which the next invoice uses', async () => {
    const { client, product, invoice: first } = await invoicedClient(1_000, 1);
    const second = await order(client.id, [{ product_id: product.id, quantity: 2 }]);
    await dispatch(second.id);
    const token = await admin();
    const paid = await t.post('/api/billing/payment', { client_id: client.id, amount: 3_500, reference: 'EFT 42', paid_at: businessDay(t.clock.now()) }, { token });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json().data;
    expect(payment).toMatchObject({ amount: 3_500, unallocated: 500, status: 'confirmed' });
    expect(payment.allocations.map((a: { invoice_id: number; amount: number }) => a.amount)).toEqual([1_000, 2_000]);
    expect(payment.allocations[0].invoice_id).toBe(first.id);
    const account = (await t.get(`/api/billing/account?client_id=${client.id}`, { token })).json().data;
    expect(account).toMatchObject({ balance: -500, unallocated_credit: 500 });
    const third = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
    await dispatch(third.id);
    expect((await invoiceOf(third.id)).balance).toBe(500);
  });

  it('allocates as chosen, and refuses more than an invoice owes, fractions and negatives, writing nothing', async () => {
    const { client, invoice } = await invoicedClient(1_000, 1);
    const token = await admin();
    const audit = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
    const before = await audit();
    const today = businessDay(t.clock.now());
    const over = await t.post('/api/billing/payment', { client_id: client.id, amount: 5_000, reference: 'x', paid_at: today, allocations: [{ invoice_id: invoice.id, amount: 1_001 }] }, { token });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toHaveProperty(['allocations.0.amount']);
    for (const amount of [-100, 0, 10.5]) {
      const bad = await t.post('/api/billing/payment', { client_id: client.id, amount, reference: 'x', paid_at: today }, { token });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toMatch(/amount/);
    }
    const future = await t.post('/api/billing/payment', { client_id: client.id, amount: 100, reference: 'x', paid_at: '2999-01-01' }, { token });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toHaveProperty('paid_at');
    expect(await audit()).toBe(before);
    const [balance] = await t.db.select().from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoice.id));
    expect(balance.open).toBe(1_000);
    const chosen = await t.post('/api/billing/payment', { client_id: client.id, amount: 600, reference: 'part', paid_at: today, allocations: [{ invoice_id: invoice.id, amount: 400 }] }, { token });
    expect(chosen.json().data).toMatchObject({ unallocated: 200 });
    expect((await t.get(`/api/billing/invoice?id=${invoice.id}`, { token })).json().data).toMatchObject({ balance: 600, status: 'partly_paid' });
  });

  it('refuses business dates outside 2000-01-01 to tomorrow with a 400 naming the field: payments, proofs, statements, exports and list ranges', async () => {
    const { client } = await invoicedClient(1_000, 1);
    const token = await admin();
    const today = businessDay(t.clock.now());
    const tomorrow = addDays(today, 1);
    const dayAfter = addDays(today, 2);
    const payments = async () => (await t.db.select({ n: count() }).from(paymentsTable).where(eq(paymentsTable.clientId, client.id)))[0].n;
    const before = await payments();
    for (const [paidAt, field] of [['0001-01-01', 'paid_at'], ['1999-12-31', 'paid_at'], [dayAfter, 'paid_at']] as const) {
      const res = await t.post('/api/billing/payment', { client_id: client.id, amount: 100, reference: 'x', paid_at: paidAt }, { token });
      expect(res.statusCode, paidAt).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    const proof = await uploadProof(t, await t.tokenFor('stockist'), Buffer.from('%PDF-1.4 old'), { paidAt: '0001-01-01' });
    expect(proof.statusCode).toBe(400);
    expect(proof.json().errors).toHaveProperty('paid_at');
    expect(await payments()).toBe(before);
    // The window's edges are in it.
    for (const paidAt of ['2000-01-01', tomorrow]) {
      expect((await t.post('/api/billing/payment', { client_id: client.id, amount: 100, reference: `edge ${paidAt}`, paid_at: paidAt }, { token })).statusCode, paidAt).toBe(201);
    }
    const refused: [string, string][] = [
      [`/api/billing/statement?client_id=${client.id}&from=0001-01-01`, 'from'],
      [`/api/billing/statement?client_id=${client.id}&to=9999-12-31`, 'to'],
      [`/api/billing/statement_pdf?client_id=${client.id}&from=1970-01-01&to=${today}`, 'from'],
      [`/api/billing/export?from=0001-01-01&to=${today}`, 'from'],
      [`/api/billing/export?from=${today}&to=${dayAfter}`, 'to'],
      ['/api/billing/invoices?date_from=0001-01-01', 'date_from'],
      ['/api/billing/notes?date_to=3000-01-01', 'date_to'],
      ['/api/billing/payments?date_from=1900-01-01', 'date_from'],
    ];
    for (const [url, field] of refused) {
      const res = await t.get(url, { token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveProperty(field);
    }
    expect((await t.get(`/api/billing/statement?client_id=${client.id}&from=2000-01-01&to=${tomorrow}`, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/billing/export?from=2000-01-01&to=${today}`, { token })).statusCode).toBe(200);
  });

  it('a member uploads proof of payment (judged by its bytes), an admin confirms or refuses it', async () => {
    const member = t.demo.stockist;
    const token = await t.tokenFor('stockist');
    const form = (file: Buffer, name: string, amount = '1000') => uploadProof(t, token, file, { name, amount, paidAt: businessDay(t.clock.now()) });
    const fake = await form(Buffer.from('<script>alert(1)</script>'), 'proof.pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toHaveProperty('proof');
    // A picture other than PNG or JPEG is not what the member was asked for, whatever its name.
    const gif = await form(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'proof.pdf');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors).toHaveProperty('proof');
    const badAmount = await form(Buffer.from('%PDF-1.4 test'), 'proof.pdf', '10.5');
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().errors).toHaveProperty('amount');
    const sent = await form(Buffer.from('%PDF-1.4 a bank statement'), 'proof.pdf');
    expect(sent.statusCode, sent.body).toBe(201);
    const pending = sent.json().data;
    expect(pending).toMatchObject({ status: 'pending', client_id: member.clientId, has_proof: true });
    const file = await t.get(`/api/billing/proof?id=${pending.id}`, { token: await admin() });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body.startsWith('%PDF-')).toBe(true);
    // A member's bank papers are never kept by a browser or a shared cache.
    expect(file.headers['cache-control']).toBe('private, no-store');
    const otherMember = await t.get(`/api/billing/proof?id=${pending.id}`, { token: await t.tokenFor('individual') });
    expect(otherMember.statusCode).toBe(404);
    const refused = await t.post('/api/billing/refuse_payment', { id: pending.id, reason: 'Not in our bank account' }, { token: await admin() });
    expect(refused.json().data).toMatchObject({ status: 'refused', refused_reason: 'Not in our bank account' });
    const twice = await t.post('/api/billing/confirm_payment', { id: pending.id }, { token: await admin() });
    expect(twice.statusCode).toBe(409);
    const second = (await form(Buffer.from('%PDF-1.4 another'), 'proof2.pdf')).json().data;
    const confirmed = await t.post('/api/billing/confirm_payment', { id: second.id }, { token: await admin() });
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed' });
  });
});

/** Every debtor of this test database fits one page: the totals line is the sums of the rows. */
function expectTotalsOfRows(list: { data: Record<string, number>[]; total: number; totals: Record<string, number> }) {
  expect(list.total).toBe(list.data.length);
  for (const bucket of ageingBuckets) {
    expect(list.totals[bucket], bucket).toBe(list.data.reduce((total, row) => total + row[bucket], 0));
  }
}

describe('statements and debtors', () => {
  it('a statement: opening + invoices − credit notes − payments = closing, entries with a running balance, ageing that adds up', async () => {
    const { client, product, invoice } = await invoicedClient(10_000, 1);
    const token = await admin();
    await t.post('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: invoice.lines[0].id, quantity: 1 }], reason: 'Returned' }, { token });
    const second = await order(client.id, [{ product_id: product.id, quantity: 3 }]);
    await dispatch(second.id);
    const today = businessDay(t.clock.now());
    await t.post('/api/billing/payment', { client_id: client.id, amount: 5_000, reference: 'EFT 1', paid_at: today }, { token });
    const res = await t.get(`/api/billing/statement?client_id=${client.id}&from=${today}&to=${today}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json().data;
    expect(statement.opening_balance).toBe(0);
    expect(statement.entries.map((e: { type: string }) => e.type)).toEqual(['invoice', 'credit_note', 'invoice', 'payment']);
    expect(statement.closing_balance).toBe(10_000 - 10_000 + 30_000 - 5_000);
    expect(statement.entries.at(-1).balance).toBe(statement.closing_balance);
    const buckets = Object.values(statement.ageing as Record<string, number>);
    expect(buckets.reduce((a, b) => a + b, 0)).toBe(statement.closing_balance);
    // Aged from the balances kept now (nothing is dated after the last day) or recomputed as of the
    // last day (a payment dated tomorrow exists): the same figures.
    const tomorrowPaid = await t.post('/api/billing/payment', { client_id: client.id, amount: 2_000, reference: 'EFT 2', paid_at: addDays(today, 1) }, { token });
    expect(tomorrowPaid.statusCode, tomorrowPaid.body).toBe(201);
    const asOfToday = (await t.get(`/api/billing/statement?client_id=${client.id}&from=${today}&to=${today}`, { token })).json().data;
    expect(asOfToday).toMatchObject({ closing_balance: statement.closing_balance, ageing: statement.ageing });
    // A period after it (tomorrow, the last day a statement may cover) opens with everything before it.
    const tomorrow = addDays(businessDay(t.clock.now()), 1);
    const later = (await t.get(`/api/billing/statement?client_id=${client.id}&from=${tomorrow}&to=${tomorrow}`, { token })).json().data;
    expect(later).toMatchObject({ opening_balance: 25_000, closing_balance: 23_000 });
    expect(later.entries.map((e: { type: string; credit: number }) => [e.type, e.credit])).toEqual([['payment', 2_000]]);
  });

  it('a statement a page at a time: each page carries the balance forward, every entry’s running balance as on the whole statement', async () => {
    const { client, product } = await invoicedClient(2_000, 1);
    const token = await admin();
    const today = businessDay(t.clock.now());
    for (let i = 0; i < 3; i += 1) {
      const placed = await order(client.id, [{ product_id: product.id, quantity: i + 1 }]);
      await dispatch(placed.id);
      await t.post('/api/billing/payment', { client_id: client.id, amount: 500 + i, reference: `EFT page ${i}`, paid_at: today }, { token });
    }
    const url = (query: string) => `/api/billing/statement?client_id=${client.id}&from=${today}&to=${today}&${query}`;
    const whole = (await t.get(url('perPage=500'), { token })).json().data;
    expect(whole.total).toBe(7);
    expect(whole.entries).toHaveLength(7);
    const seen: unknown[] = [];
    let carried = whole.opening_balance;
    for (const page of [1, 2, 3]) {
      const res = await t.get(url(`page=${page}&perPage=3`), { token });
      expect(res.statusCode, res.body).toBe(200);
      const part = res.json().data;
      expect(part).toMatchObject({ total: 7, page, per_page: 3, opening_balance: whole.opening_balance, closing_balance: whole.closing_balance, ageing: whole.ageing });
      expect(part.brought_forward, `page ${page}`).toBe(carried);
      expect(part.entries).toHaveLength(page < 3 ? 3 : 1);
      seen.push(...part.entries);
      carried = part.carried_forward;
      expect(carried).toBe(part.entries.at(-1).balance);
    }
    expect(seen).toEqual(whole.entries);
    expect(carried).toBe(whole.closing_balance);
    // Past the last page: no entries, both balances the closing one.
    const beyond = (await t.get(url('page=9&perPage=3'), { token })).json().data;
    expect(beyond).toMatchObject({ entries: [], brought_forward: whole.closing_balance, carried_forward: whole.closing_balance });
    const tooBig = await t.get(url('perPage=501'), { token });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toContain('perPage');
  });

  it('debtors: every client with a balance by age bucket, filtered and summed', async () => {
    const { client } = await invoicedClient(7_700, 1);
    const token = await admin();
    const res = await t.get(`/api/billing/debtors?q=${encodeURIComponent(client.name)}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ id: client.id, balance: 7_700, current: 7_700, days_1_30: 0 });
    expect(body.totals.current).toBe(7_700);
    // 75 days on, it is 45 days past its due date (30-day terms): in the 31–60 bucket and "overdue".
    t.clock.advance(75 * 86400_000);
    try {
      const overdue = (await t.get(`/api/billing/debtors?overdue=true&q=${encodeURIComponent(client.name)}`, { token: await admin() })).json();
      expect(overdue.data, JSON.stringify(overdue)).toHaveLength(1);
      expect(overdue.data[0]).toMatchObject({ id: client.id, days_31_60: 7_700, current: 0 });
    } finally {
      t.clock.reset();
    }
  });

  it('a searched debtors list pages in the order asked, its totals of every match', async () => {
    const tag = `Sorted debtor ${Date.now()}`;
    for (const [name, amount] of [['Cedar', 3_000], ['alder', 9_000], ['Birch', 6_000]] as const) await invoicedClient(amount, 1, { name: `${tag} ${name}` });
    const token = await admin();
    const page = async (query: string) => {
      const res = await t.get(`/api/billing/debtors?q=${encodeURIComponent(tag)}&${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { client_name: string; balance: number }[]; total: number; totals: { current: number } };
    };
    const byName = await page('sort=client_name&order=ASC');
    expect(byName.data.map((d) => d.client_name)).toEqual([`${tag} alder`, `${tag} Birch`, `${tag} Cedar`]);
    expect((await page('sort=client_name&order=DESC')).data.map((d) => d.client_name)).toEqual([`${tag} Cedar`, `${tag} Birch`, `${tag} alder`]);
    const second = await page('sort=balance&order=DESC&page=2&perPage=1');
    expect(second.data.map((d) => d.balance)).toEqual([6_000]);
    expect(second.total).toBe(3);
    expect(second.totals.current).toBe(18_000);
  });

  it('the debtors list (kept per client by every write) agrees with each client’s account worked out from its open items', async () => {
    const { client, invoice } = await invoicedClient(5_000, 2);
    const token = await admin();
    await t.post('/api/billing/credit_note', { invoice_id: invoice.id, lines: [{ invoice_line_id: invoice.lines[0].id, quantity: 1 }], reason: 'One back' }, { token });
    await t.post('/api/billing/payment', { client_id: client.id, amount: 7_000, reference: 'EFT x', paid_at: businessDay(t.clock.now()) }, { token });
    const all = (await t.get('/api/billing/debtors?perPage=1000', { token })).json();
    expect(all.data.find((d: { id: number }) => d.id === client.id)).toMatchObject({ balance: -2_000, current: -2_000 });
    for (const debtor of all.data as { id: number; balance: number }[]) {
      const account = (await t.get(`/api/billing/account?client_id=${debtor.id}`, { token })).json().data;
      expect(account.balance, `client ${debtor.id}`).toBe(debtor.balance);
    }
    expectTotalsOfRows(all);
  });

  it('an admin’s debtors filtered by a rep are that rep’s clients, with their totals; a rep asking for another rep’s clients gets none', async () => {
    const token = await admin();
    const [rep, otherRep] = [await t.makeUser({ role: 'reseller' }), await t.makeUser({ role: 'reseller' })];
    const first = await invoicedClient(3_000, 1);
    const second = await invoicedClient(4_000, 2);
    const notTheirs = await invoicedClient(5_000, 1);
    for (const [repUser, linked] of [[rep, [first, second]], [otherRep, [notTheirs]]] as const) {
      const res = await t.post('/api/reps/saveclientlinks', { rep_user_id: repUser.id, client_ids: linked.map(({ client }) => client.id) }, { token });
      expect(res.statusCode, res.body).toBe(200);
    }

    const res = await t.get(`/api/billing/debtors?perPage=1000&rep_user_id=${rep.id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.data.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b)).toEqual([first.client.id, second.client.id].sort((a, b) => a - b));
    expect(list.data.find((d: { id: number }) => d.id === second.client.id)).toMatchObject({ balance: 8_000, current: 8_000 });
    expect(list.totals.current).toBe(11_000);
    expectTotalsOfRows(list);
    // Unfiltered, the admin sees the other rep's client too.
    const all = (await t.get('/api/billing/debtors?perPage=1000', { token })).json();
    expect(all.data.some((d: { id: number }) => d.id === notTheirs.client.id)).toBe(true);

    // A rep's own clients stay the bound: another rep's id finds nothing; its own finds its own.
    const repToken = await t.tokenFor(rep);
    const others = (await t.get(`/api/billing/debtors?perPage=1000&rep_user_id=${otherRep.id}`, { token: repToken })).json();
    expect(others).toMatchObject({ data: [], total: 0, totals: { current: 0 } });
    const own = (await t.get(`/api/billing/debtors?perPage=1000&rep_user_id=${rep.id}`, { token: repToken })).json();
    expect(own.total).toBe(2);
    expectTotalsOfRows(own);
  });

  it('the unfiltered totals line (a row the database keeps) follows every write, a paid-up client and the next day’s ageing', async () => {
    const token = await admin();
    const paidUp = await invoicedClient(4_000, 1);
    await t.post('/api/billing/payment', { client_id: paidUp.client.id, amount: 4_000, reference: 'EFT paid', paid_at: businessDay(t.clock.now()) }, { token });
    const owing = await invoicedClient(6_000, 1);
    const today = (await t.get('/api/billing/debtors?perPage=1000', { token })).json();
    expect(today.data.some((d: { id: number }) => d.id === paidUp.client.id)).toBe(false);
    expect(today.data.find((d: { id: number }) => d.id === owing.client.id)).toMatchObject({ balance: 6_000, current: 6_000 });
    expectTotalsOfRows(today);
    // 75 days on, the first reader ages every row: the totals move with them.
    t.clock.advance(75 * 86400_000);
    try {
      const later = (await t.get('/api/billing/debtors?perPage=1000', { token: await admin() })).json();
      expect(later.data.find((d: { id: number }) => d.id === owing.client.id)).toMatchObject({ balance: 6_000, current: 0, days_31_60: 6_000 });
      expectTotalsOfRows(later);
      expect(later.totals.current).not.toBe(today.totals.current);
    } finally {
      t.clock.reset();
    }
  });

  it('ages in SQL exactly as the shared rule does, at every bucket’s edge', async () => {
    const { client, invoice } = await invoicedClient(1_000, 1);
    for (const late of [-5, 0, 1, 20, 30, 31, 60, 61, 90, 91, 120, 121, 400]) {
      const asOf = addDays(invoice.due_at, late);
      const ageing = await accountAgeing(t.db, client.id, new Date(`${asOf}T10:00:00Z`));
      const expected = ageItems([{ due: invoice.due_at, open: 1_000 }], asOf);
      expect({ late, ...ageing }).toEqual({ late, ...expected, unallocated_credit: 0 });
      expect(ageing[bucketOf(invoice.due_at, asOf)], `${late} days late`).toBe(1_000);
    }
  });

  it('an invoice 20 days past due is "overdue" on the invoices list, under days_1_30 everywhere ageing is answered, and "Overdue only" finds its client — all to the cent', async () => {
    const onTerms = async (price: number, terms: '30' | '60') => {
      const client = await newClient();
      await t.post('/api/billing/saveclientbilling', { client_id: client.id, payment_terms: terms }, { token: await admin() });
      const product = await catalogue.product({ price });
      const placed = await order(client.id, [{ product_id: product.id, quantity: 1 }]);
      await dispatch(placed.id);
      return { client, invoice: await invoiceOf(placed.id) };
    };
    const { client, invoice } = await onTerms(4_321, '30');
    const { client: notDue } = await onTerms(1_234, '60');
    // 50 days on: 30-day terms make it 20 days past due; 60-day terms are not yet due.
    const asOf = addDays(invoice.due_at, 20);
    t.clock.advance(daysBetween(businessDay(t.clock.now()), asOf) * 86_400_000);
    try {
      const token = await admin();
      const invoices = (await t.get(`/api/billing/invoices?client_id=${client.id}&status=overdue`, { token })).json();
      expect(invoices.data.map((d: { id: number; status: string }) => [d.id, d.status])).toEqual([[invoice.id, 'overdue']]);
      const overdueOnList = invoices.data.reduce((sum: number, d: { balance: number }) => sum + d.balance, 0);
      expect(overdueOnList).toBe(4_321);

      const expected = { current: 0, days_1_30: 4_321, days_31_60: 0, days_61_90: 0, days_91_120: 0, days_120_plus: 0 };
      const debtors = (await t.get(`/api/billing/debtors?overdue=true&perPage=1000`, { token })).json();
      const row = debtors.data.find((d: { id: number }) => d.id === client.id);
      expect(row).toMatchObject({ balance: 4_321, ...expected });
      expect(overdueOf(row)).toBe(overdueOnList);
      // The client whose invoice is not yet due is not "overdue" and is all current.
      expect(debtors.data.some((d: { id: number }) => d.id === notDue.id)).toBe(false);
      const all = (await t.get(`/api/billing/debtors?perPage=1000`, { token })).json();
      expect(all.data.find((d: { id: number }) => d.id === notDue.id)).toMatchObject({ current: 1_234, days_1_30: 0 });
      expectTotalsOfRows(all);

      const account = (await t.get(`/api/billing/account?client_id=${client.id}`, { token })).json().data;
      expect(account.ageing).toEqual(expected);
      const statement = (await t.get(`/api/billing/statement?client_id=${client.id}&to=${asOf}`, { token })).json().data;
      expect(statement.ageing).toEqual(expected);
    } finally {
      t.clock.reset();
    }
  });

  it('an accounting export of the period in the columns a package imports', async () => {
    const { invoice } = await invoicedClient(2_300, 1);
    const today = businessDay(t.clock.now());
    const res = await t.get(`/api/billing/export?from=${today}&to=${today}`, { token: await admin() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe('document_type,number,date,client,account_code,reference,amount_excl_vat,vat,total,source');
    expect(rows.some((row) => row.startsWith(`invoice,${invoice.number},${today},`) && row.endsWith(',20.00,3.00,23.00,'))).toBe(true);
    const backwards = await t.get(`/api/billing/export?from=${today}&to=2000-01-01`, { token: await admin() });
    expect(backwards.statusCode).toBe(400);
  });

  it('the monthly run queues one statement per client and month, however often it runs, and only in the first days of a month', async () => {
    const { client } = await invoicedClient(1_000, 1);
    const handler = statementRunHandler({ db: t.db });
    const midMonth = new Date('2031-05-15T08:00:00Z');
    await handler.run({} as never, midMonth);
    expect(await t.db.select().from(statementRuns).where(eq(statementRuns.month, '2031-04'))).toHaveLength(0);
    await handler.run({} as never, new Date('2031-06-01T08:00:00Z'));
    expect((await t.db.select().from(statementRuns).where(eq(statementRuns.month, '2031-05'))).length).toBeGreaterThan(0);
    const nextMonth = new Date(t.clock.now().getTime() + 32 * 86400_000);
    await runStatements(t.db, nextMonth);
    await runStatements(t.db, nextMonth);
    const runs = await t.db.select().from(statementRuns).where(eq(statementRuns.clientId, client.id));
    expect(runs.filter((run) => run.month === previousMonth(nextMonth).month)).toHaveLength(1);
    const queued = await t.db.select().from(jobs).where(eq(jobs.ref, `client:${client.id}`));
    expect(queued.filter((job) => job.kind === 'billing_statement_mail' && (job.payload as { to: string }).to === previousMonth(nextMonth).to)).toHaveLength(1);
  });
});

describe('credit limits', () => {
  it('refuses a member’s order over its limit saying by how much; an admin overrides with a reason, audited', async () => {
    const client = await newClient({ type: 'stockist' });
    await t.post('/api/billing/saveclientbilling', { client_id: client.id, credit_limit: 10_000, payment_terms: '7' }, { token: await admin() });
    const member = await t.makeUser({ role: 'stockist', clientId: client.id });
    const memberToken = await t.tokenFor(member);
    const product = await catalogue.product({ price: 6_000 });
    const first = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: memberToken });
    expect(first.statusCode, first.body).toBe(201);
    const over = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: memberToken });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/R 20\.00 over its credit limit/);
    expect(over.json().errors).toHaveProperty('credit_limit');
    const adminNoReason = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: await admin() });
    expect(adminNoReason.statusCode).toBe(409);
    expect(adminNoReason.json().errors).toHaveProperty('credit_override_reason');
    const overridden = await t.post(
      '/api/orders/create',
      { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }], credit_override_reason: 'Long-standing customer, paying Friday' },
      { token: await admin() },
    );
    expect(overridden.statusCode).toBe(201);
    const entries = await t.audit('create_order', overridden.json().data.id);
    expect(entries[0].data).toMatchObject({ credit_override_reason: 'Long-standing customer, paying Friday' });
    const quote = (await t.post('/api/orders/quote', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: memberToken })).json().data;
    expect(quote.credit).toMatchObject({ limit: 10_000, exposure: 12_000, over_by: 8_000 });
  });
});

describe('who sees which documents', () => {
  it('a member sees its own invoices and statement, never another client’s (404); a rep its linked clients’', async () => {
    const stockist = t.demo.stockist;
    const product = await catalogue.product({ price: 1_000 });
    const own = await order(stockist.clientId!, [{ product_id: product.id, quantity: 1 }]);
    await dispatch(own.id);
    const ownInvoice = await invoiceOf(own.id);
    const { invoice: foreign, client: other } = await invoicedClient(1_000, 1);
    const token = await t.tokenFor('stockist');
    expect((await t.get(`/api/billing/invoice?id=${ownInvoice.id}`, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/billing/invoice?id=${foreign.id}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/billing/invoice_pdf?id=${foreign.id}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/billing/statement?client_id=${other.id}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/billing/account?client_id=${other.id}`, { token })).statusCode).toBe(404);
    const list = (await t.get('/api/billing/invoices?perPage=1000', { token })).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((d: { client_id: number }) => d.client_id === stockist.clientId)).toBe(true);
    const reseller = await t.tokenFor('reseller');
    expect((await t.get(`/api/billing/invoice?id=${foreign.id}`, { token: reseller })).statusCode).toBe(404);
    const debtors = (await t.get('/api/billing/debtors?perPage=1000', { token: reseller })).json();
    expect(debtors.data.some((d: { id: number }) => d.id === other.id)).toBe(false);
  });
});
