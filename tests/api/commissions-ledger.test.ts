import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments, commissionEntries, invoiceBalances } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import { ledgerOf, plansOf, targetOf } from '../../server/modules/commissions/statements';
import { computeStatement } from '../../shared/commissions/statement';
import { nextMonth } from '../../shared/commissions/months';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

/**
 * The commission statements against the ledger, for random payments and credit notes: a month's
 * statement is its ledger's, to the cent (and the ledger the payments' own allocations, net of
 * VAT); a closed month's statement is stored as it stood and never changes, whatever comes after.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');
let counter = 0;

async function ok(path: string, body: unknown) {
  const res = await t.post(path, body, { token: await admin() });
  expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

const statementOf = async (repId: number, month: string) => {
  const res = await t.get(`/api/commissions/statement?rep_id=${repId}&month=${month}`, { token: await admin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const state = { repId: 0, clientId: 0, productIds: [] as number[] };

beforeAll(async () => {
  const rep = await t.makeUser({ role: 'reseller', name: 'Ledger rep', email: `ledger-rep-${Date.now()}@example.com` });
  state.repId = rep.id;
  state.clientId = (await ok('/api/clients/save', { type: 'stockist', name: 'Ledger shop', email: `ledger-${Date.now()}@example.com`, rep_ids: [rep.id] })).id;
  // Prices that do not divide evenly, so the net shares round.
  for (const price of [11_500, 9_999, 1_234]) state.productIds.push((await catalogue.product({ price })).id);
  await ok('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 475, tiers: [{ above: 0, rate_bp: 725 }, { above: 5_000, rate_bp: 1_000 }] });
});

async function newInvoice(product: number, quantity: number) {
  const order = await ok('/api/orders/create', { client_id: state.clientId, lines: [{ product_id: state.productIds[product], quantity }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await ok('/api/orders/updatestatus', { id: order.id, status });
  const [invoice] = await t.db.select().from(billingDocuments).where(and(eq(billingDocuments.orderId, order.id), eq(billingDocuments.type, 'invoice')));
  return invoice;
}

const open = async (invoiceId: number) => (await t.db.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoiceId)))[0].open;

/** Pays part of an invoice (what remains of it at most), dated `day`; nothing when it is paid. */
async function payPart(invoiceId: number, share: number, day: string): Promise<number | null> {
  const left = await open(invoiceId);
  if (left <= 0) return null;
  const amount = Math.max(1, Math.floor(left * share));
  const payment = await ok('/api/billing/payment', { client_id: state.clientId, amount, reference: `LEDGER ${++counter}`, paid_at: day, allocations: [{ invoice_id: invoiceId, amount }] });
  return payment.id;
}

/** The nets the payments' allocations stand for, from billing's own rows: each allocation's share of its invoice's lines excluding VAT. */
async function allocatedNet(paymentIds: number[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const [row] = rowsOf<{ net: string | null }>(
    await t.db.execute(sql`select sum(round(a.amount::numeric * d.total_excl_vat / d.total)) as net from payment_allocations a join billing_documents d on d.id = a.invoice_id
      where a.payment_id in (${sql.join(paymentIds.map((id) => sql`${id}`), sql`, `)})`),
  );
  return Number(row.net ?? 0);
}

const operation = fc.record({
  invoice: fc.nat({ max: 1 }),
  share: fc.double({ min: 0.05, max: 1, noNaN: true }),
  day: fc.integer({ min: 1, max: 28 }),
  credit: fc.boolean(),
});

describe('commission statements and their ledger', () => {
  let year = 2000;
  it('a statement is its ledger’s to the cent, and a closed month’s never changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 5 }),
        fc.array(operation, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.tuple(fc.nat({ max: 2 }), fc.integer({ min: 1, max: 5 }), fc.nat({ max: 2 }), fc.integer({ min: 1, max: 5 })),
        async (before, after, target, [p1, q1, p2, q2]) => {
          // A month of its own per run: January of a year no other run uses.
          year += 1;
          const month = `${year}-01`;
          await ok('/api/commissions/savetarget', { rep_id: state.repId, month, amount: target });
          const invoices = [await newInvoice(p1, q1), await newInvoice(p2, q2)];
          const paid: number[] = [];
          for (const op of before) {
            const id = await payPart(invoices[op.invoice].id, op.share, `${month}-${String(op.day).padStart(2, '0')}`);
            if (id) paid.push(id);
          }
          const live = await statementOf(state.repId, month);
          // The ledger is the allocations' nets, and the statement its ledger's.
          expect(live.paid_net).toBe(await allocatedNet(paid));
          const recomputed = computeStatement(await ledgerOf(t.db, state.repId, month), await plansOf(t.db, state.repId), await targetOf(t.db, state.repId, month));
          expect(live).toMatchObject(recomputed);
          expect(live.commission).toBe(recomputed.lines.reduce((sum, line) => sum + line.commission, 0));

          await ok('/api/commissions/closemonth', { month });
          const stored = await statementOf(state.repId, month);
          expect({ ...stored, closed: false, closed_at: null }).toEqual(live);

          // Whatever comes later: payments dated in the closed month, credit notes, a new plan.
          const late: number[] = [];
          for (const op of after) {
            if (op.credit) {
              const [line] = await t.db.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoices[op.invoice].id)).orderBy(asc(billingDocumentLines.id));
              const credited = await t.post('/api/billing/credit_note', { invoice_id: invoices[op.invoice].id, lines: [{ invoice_line_id: line.id, quantity: 1 }], reason: 'Returned' }, { token: await admin() });
              expect([201, 400, 409], credited.body).toContain(credited.statusCode);
            } else {
              const id = await payPart(invoices[op.invoice].id, op.share, `${month}-${String(op.day).padStart(2, '0')}`);
              if (id) late.push(id);
            }
          }
          expect(await statementOf(state.repId, month)).toEqual(stored);
          const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from commission_entries where month = ${month} and rep_user_id = ${state.repId}`));
          expect(n).toBe(stored.lines.length);
          // The late payments count in the next month, as their allocations say.
          if (late.length > 0) {
            const lateEntries = await t.db.select({ month: commissionEntries.month }).from(commissionEntries).where(inArray(commissionEntries.paymentId, late));
            expect(new Set(lateEntries.map((e) => e.month))).toEqual(new Set([nextMonth(month)]));
            expect((await statementOf(state.repId, nextMonth(month))).paid_net).toBe(await allocatedNet(late));
          }
        },
      ),
      { numRuns: 5 },
    );
  });
});
