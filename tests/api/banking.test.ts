import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../server/events/domain';
import { auditLog, bankLines, bankPayers, bankStatements, clientPaymentReferences, paymentReversals, payments } from '../../server/db/schema';
import { useTestApp } from './support/app';
import { bankFixtures } from './support/bank';

/**
 * Bank statements through the API on a real database: import, automatic matching into billing's
 * payments, suggestions, matching by hand, undo by reversal, ignore, rules, and the refusals.
 */
const t = useTestApp();
/** The payments the domain events announced as received (webhooks, live screens and commissions follow them). */
const received: number[] = [];
let unsubscribe = () => undefined as void;
beforeAll(() => {
  unsubscribe = domainEvents.subscribe('payment.received', { kind: 'queued', name: 'test.bank_probe', queue: async (_tx, event) => void received.push(event.data.id) });
});
afterAll(() => unsubscribe());
const { admin, newClient, invoiceFor, openOf, absa, upload } = bankFixtures(t);

const linesOf = async (statementId: number) => {
  const res = await t.get(`/api/bank/lines?statement_id=${statementId}&sort=id&perPage=100`, { token: await admin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string; amount: number; client_id: number | null; payment_id: number | null; suggestions: { client_id: number; invoice_ids: number[]; reason: string }[] }[];
};
const statementCount = async () => (await t.db.select({ n: count() }).from(bankStatements))[0].n;
const paymentCount = async () => (await t.db.select({ n: count() }).from(payments))[0].n;

describe('importing a statement and matching it', () => {
  it('matches invoice numbers as typed, the payment reference and splits; suggests what is uncertain; keeps debits; a second import changes nothing', async () => {
    const acme = await newClient('Acme Trading');
    const beans = await newClient('Magic Beans');
    const zulu = await newClient('Zulu and Sons');
    const a1 = await invoiceFor(acme.id, 11_500);
    const a2 = await invoiceFor(acme.id, 23_000);
    const b1 = await invoiceFor(beans.id, 40_000);
    const b2 = await invoiceFor(beans.id, 10_000);
    const z1 = await invoiceFor(zulu.id, 77_731);
    const [beansRef] = await t.db.select({ code: clientPaymentReferences.code }).from(clientPaymentReferences).where(eq(clientPaymentReferences.clientId, beans.id));
    expect(beansRef.code).toBe(`MAG${beans.id}`);
    const seq = (number: string) => Number(number.replace(/\D/g, ''));
    const file = absa([
      // Two invoices named, the first as people type it: paid in full, split over both, 50 c over as credit.
      { description: `ACME TRADING inv${String(seq(a1.number)).padStart(6, '0')} and ${seq(a2.number)}`, amount: a1.total + a2.total + 50 },
      // The payment reference: part payment on the oldest open invoice.
      { description: `IMMEDIATE TRF CR ${beansRef.code.toLowerCase()}`, amount: 30_000 },
      // Only the amount fits one open invoice: a suggestion.
      { description: 'INWARD EFT CREDIT Z SONS', amount: z1.total },
      // A bank charge: kept, not matched.
      { description: 'MONTHLY ACC FEE', amount: -2_550 },
      // Nothing known.
      { description: 'CASH DEPOSIT', amount: 12_301 },
    ]);
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json().data;
    expect(summary).toMatchObject({ format: 'absa', lines: 5, credits: 4, matched: 2, suggested: 1, unmatched: 1, already_imported: 0 });
    expect(await openOf(a1.id)).toBe(0);
    expect(await openOf(a2.id)).toBe(0);
    expect(await openOf(b1.id)).toBe(40_000 - 30_000);
    expect(await openOf(b2.id)).toBe(10_000);
    expect(await openOf(z1.id)).toBe(z1.total);
    const lines = await linesOf(summary.id);
    expect(lines.map((l) => l.status)).toEqual(['matched', 'matched', 'suggested', 'ignored', 'unmatched']);
    const [acmePayment] = await t.db.select().from(payments).where(eq(payments.id, lines[0].payment_id!));
    expect(acmePayment).toMatchObject({ clientId: acme.id, amount: a1.total + a2.total + 50, unallocated: 50, status: 'confirmed', source: 'eft_matched' });
    expect(lines[2].suggestions).toEqual([{ client_id: zulu.id, client_name: 'Zulu and Sons', invoice_ids: [z1.id], reason: 'amount' }]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import_bank_statement'));
    expect(audit.data).toMatchObject({ matched: 2 });

    // The same file again: 409, nothing new kept, no payment recorded twice.
    const before = { statements: await statementCount(), payments: await paymentCount() };
    const again = await upload(file);
    expect(again.statusCode, again.body).toBe(409);
    expect({ statements: await statementCount(), payments: await paymentCount() }).toEqual(before);

    // A file overlapping the first: only its new line is kept.
    const overlap = absa([
      { description: 'MONTHLY ACC FEE', amount: -2_550 },
      { description: 'CASH DEPOSIT', amount: 12_301 },
      { description: 'CASH DEPOSIT', amount: 5_000 },
    ], 1_000_000 + a1.total + a2.total + 50 + 30_000 + z1.total);
    const second = await upload(overlap);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ lines: 1, already_imported: 2, unmatched: 1 });

    // Accepting the suggestion: paid to the suggested invoice; the payer's words are learned.
    const accept = await t.post('/api/bank/match', { line_id: lines[2].id, client_id: zulu.id }, { token: await admin() });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().data).toMatchObject({ status: 'matched', client_id: zulu.id, matched_by: 'hand' });
    expect(await openOf(z1.id)).toBe(0);
    expect((await t.db.select().from(bankPayers).where(eq(bankPayers.clientId, zulu.id))).map((p) => p.payerText)).toEqual(['Z SONS']);
    const [handPayment] = await t.db.select().from(payments).where(eq(payments.id, accept.json().data.payment_id));
    expect(handPayment.source).toBe('eft_by_hand');

    // Undo: the payment is reversed (kept, with a reversal row), the invoice owes again.
    const undo = await t.post('/api/bank/unmatch', { line_id: lines[2].id }, { token: await admin() });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ status: 'unmatched', payment_id: null });
    expect(await openOf(z1.id)).toBe(z1.total);
    const [reversed] = await t.db.select().from(payments).where(eq(payments.id, handPayment.id));
    expect(reversed.status).toBe('reversed');
    const [reversal] = await t.db.select().from(paymentReversals).where(eq(paymentReversals.paymentId, handPayment.id));
    expect(reversal.allocations).toEqual([{ invoice_id: z1.id, amount: z1.total }]);
    const statement = await t.get(`/api/billing/statement?client_id=${zulu.id}`, { token: await admin() });
    expect(statement.json().data.closing_balance).toBe(z1.total);
    expect((await t.post('/api/bank/unmatch', { line_id: lines[2].id }, { token: await admin() })).statusCode).toBe(409);

    // The learned payer now matches by itself when the amount equals the open invoice.
    const learned = await upload(absa([{ description: 'INWARD EFT CREDIT Z SONS', amount: z1.total }], 5_000_000));
    expect(learned.json().data).toMatchObject({ matched: 1 });
    expect(await openOf(z1.id)).toBe(0);

    // Ignore the unknown deposit with a reason.
    const ignored = await t.post('/api/bank/ignore', { line_id: lines[4].id, reason: 'cash from the till' }, { token: await admin() });
    expect(ignored.json().data).toMatchObject({ status: 'ignored', ignore_reason: 'cash from the till' });
    const matchedList = await t.get(`/api/bank/lines?statement_id=${summary.id}&status=matched`, { token: await admin() });
    expect(matchedList.json().total).toBe(2);
    const statements = await t.get('/api/bank/statements?sort=id&order=DESC', { token: await admin() });
    expect(statements.json().data.find((s: { id: number }) => s.id === summary.id).totals).toMatchObject({ matched: 2, ignored: 2, unmatched: 1, matched_amount: a1.total + a2.total + 50 + 30_000 });
  });

  it('an invoice named that is already paid, or invoices of two clients, stay suggestions; a part payment goes to the invoice named', async () => {
    const one = await newClient('First Shop');
    const two = await newClient('Second Shop');
    const paid = await invoiceFor(one.id, 5_000);
    const part = await invoiceFor(one.id, 90_000);
    const other = await invoiceFor(two.id, 8_000);
    const first = await upload(absa([{ description: `PAYMENT ${paid.number}`, amount: 5_000 }], 2_000_000));
    expect(first.json().data.matched).toBe(1);
    const res = await upload(absa([
      { description: `PAYMENT ${paid.number}`, amount: 5_000 },
      { description: `${part.number} ${other.number}`, amount: 1_000 },
      { description: `Part ${part.number}`, amount: 40_000 },
    ], 3_000_000));
    expect(res.json().data).toMatchObject({ matched: 1, suggested: 2 });
    const lines = await linesOf(res.json().data.id);
    expect(lines[0].suggestions).toEqual([expect.objectContaining({ client_id: one.id, invoice_ids: [paid.id], reason: 'invoice_paid' })]);
    expect(lines[1].suggestions.map((s) => s.client_id).sort()).toEqual([one.id, two.id].sort());
    expect(await openOf(part.id)).toBe(50_000);
  });

  it('rules: an ignore rule keeps charges out; a client rule matches an exact amount; a rule is one of the two', async () => {
    const shop = await newClient('Rule Shop');
    const inv = await invoiceFor(shop.id, 33_333);
    const token = await admin();
    expect((await t.post('/api/bank/saverule', { pattern: 'SMS NOTIFY' }, { token })).statusCode).toBe(400);
    expect((await t.post('/api/bank/saverule', { pattern: 'xx', ignore: true }, { token })).json().errors).toHaveProperty('pattern');
    const ignoreRule = await t.post('/api/bank/saverule', { pattern: 'SMS NOTIFY', ignore: true }, { token });
    expect(ignoreRule.statusCode, ignoreRule.body).toBe(201);
    const clientRule = await t.post('/api/bank/saverule', { pattern: 'RS HOLDINGS', client_id: shop.id }, { token });
    expect(clientRule.json().data).toMatchObject({ client_id: shop.id, client_name: 'Rule Shop', ignore: false });
    const res = await upload(absa([
      { description: 'SMS NOTIFY FEE REFUND', amount: 300 },
      { description: 'CREDIT TRANSFER RS HOLDINGS', amount: 33_333 },
    ], 4_000_000));
    expect(res.json().data).toMatchObject({ matched: 1, suggested: 0, unmatched: 0 });
    expect(await openOf(inv.id)).toBe(0);
    expect((await t.get('/api/bank/rules', { token })).json().total).toBeGreaterThanOrEqual(2);
    expect((await t.post('/api/bank/deleterule', { id: ignoreRule.json().data.id }, { token })).statusCode).toBe(200);
    expect((await t.post('/api/bank/deleterule', { id: ignoreRule.json().data.id }, { token })).statusCode).toBe(404);
  });

  it('a hand match with allocations is checked against what the invoices owe; a debit is not matched', async () => {
    const shop = await newClient('Hand Shop');
    const inv = await invoiceFor(shop.id, 20_000);
    const res = await upload(absa([{ description: 'UNKNOWN PAYER', amount: 15_000 }, { description: 'BANK CHARGE', amount: -100 }], 6_000_000));
    const lines = await linesOf(res.json().data.id);
    const token = await admin();
    const over = await t.post('/api/bank/match', { line_id: lines[0].id, client_id: shop.id, allocations: [{ invoice_id: inv.id, amount: 16_000 }] }, { token });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toHaveProperty('allocations');
    expect((await t.post('/api/bank/match', { line_id: lines[1].id, client_id: shop.id }, { token })).json().errors).toHaveProperty('line_id');
    const ok = await t.post('/api/bank/match', { line_id: lines[0].id, client_id: shop.id, allocations: [{ invoice_id: inv.id, amount: 15_000 }] }, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await openOf(inv.id)).toBe(5_000);
    // Announced as money received, as a payment recorded by hand is.
    await t.drainJobs();
    expect(received).toContain(ok.json().data.payment_id);
    expect((await t.post('/api/bank/match', { line_id: lines[0].id, client_id: shop.id }, { token })).statusCode).toBe(409);
  });
});

describe('the statements list', () => {
  it('answers one statement by ids (the reconciliation screen reads its statement so), with its balances and totals; an unknown id matches nothing', async () => {
    const first = await upload(absa([{ description: 'IDS PAYER ONE', amount: 1_111 }], 7_000_000));
    const second = await upload(absa([{ description: 'IDS PAYER TWO', amount: 2_222 }, { description: 'IDS FEE', amount: -50 }], 8_000_000));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const token = await admin();
    const res = await t.get(`/api/bank/statements?ids=${first.json().data.id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ id: first.json().data.id, format: 'absa', lines: 1, totals: { unmatched: 1, unmatched_amount: 1_111, matched: 0 } });
    const both = await t.get(`/api/bank/statements?ids=${first.json().data.id},${second.json().data.id}&sort=id&order=ASC`, { token });
    expect(both.json().data.map((s: { id: number }) => s.id)).toEqual([first.json().data.id, second.json().data.id]);
    expect(both.json().data[1].totals).toMatchObject({ unmatched: 1, ignored: 1 });
    const none = await t.get('/api/bank/statements?ids=2147483648', { token });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: [], total: 0 });
  });
});

describe('files refused, nothing kept', () => {
  it('answers 400 naming the file: unknown format, empty, over 10 MB, unreadable date or amount with its line, balances that do not add up', async () => {
    const before = { statements: await statementCount(), lines: (await t.db.select({ n: count() }).from(bankLines))[0].n, payments: await paymentCount() };
    const refused = async (text: string | Buffer, message: RegExp) => {
      const res = await upload(text);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.file).toMatch(message);
    };
    await refused('name,age\nbob,3\n', /not a statement format/);
    await refused('', /file is required/);
    await refused(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), /too large/);
    await refused('Date,Description,Amount,Balance\n20250301,X,10.00,110.00\n20250231,Y,5.00,115.00\n', /^Line 3: the date "20250231"/);
    await refused('Date,Description,Amount,Balance\n20250301,X,10.00,110.00\n20250302,Y,5.0x,115.00\n', /^Line 3: the amount "5.0x"/);
    await refused('Date,Description,Amount,Balance\n20250301,X,10.00,110.00\n20250302,Y,5.00,116.00\n', /^Line 3: the balance 116\.00 does not follow/);
    expect({ statements: await statementCount(), lines: (await t.db.select({ n: count() }).from(bankLines))[0].n, payments: await paymentCount() }).toEqual(before);
  });

  it('a file with an unreadable line after a matchable one pays nothing: the whole file is refused', async () => {
    const shop = await newClient('Rollback Shop');
    const inv = await invoiceFor(shop.id, 7_000);
    const res = await upload(absa([{ description: inv.number, amount: 7_000 }]).replace(/\n$/, '') + '\n2025x,Y,1.00,1.00\n');
    expect(res.statusCode).toBe(400);
    expect(await openOf(inv.id)).toBe(7_000);
    expect(await t.db.select().from(bankLines).where(inArray(bankLines.description, [inv.number]))).toEqual([]);
  });
});
