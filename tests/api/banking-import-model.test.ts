import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankLines, billingSettings, clientPaymentReferences, invoiceBalances, paymentAllocations, payments } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import { decideMatch, type MatchDecision } from '../../shared/banking/match';
import { invoiceSequences, referenceTokens } from '../../shared/banking/text';
import { useTestApp } from './support/app';
import { bankFixtures } from './support/bank';

/**
 * A statement is matched as if its lines were recorded one by one, though the import reads the
 * facts of all its lines at once and writes all its payments together: for random statements
 * (invoice numbers named, several lines naming one invoice, payment references, amounts only,
 * debits) against random open invoices, the import decides each line as the pure matcher does
 * over the balances the lines before it left, and the database ends where those decisions lead —
 * no invoice owing less than nothing, every payment's allocations its own client's and within it,
 * and a second import of the file changing nothing.
 */
const t = useTestApp();
const { newClient, invoiceFor, absa, upload } = bankFixtures(t);

interface Invoice {
  id: number;
  number: string;
  clientId: number;
  due: string;
}

/** The matcher run line by line over the database's balances now, each match taken off before the next line. */
async function expectedDecisions(lines: { description: string; amount: number }[], invoices: Invoice[]): Promise<MatchDecision[]> {
  const [{ prefix }] = await t.db.select({ prefix: billingSettings.invoicePrefix }).from(billingSettings);
  const open = new Map((await t.db.select({ id: invoiceBalances.invoiceId, open: invoiceBalances.open }).from(invoiceBalances)).map((row) => [row.id, row.open]));
  const codes = new Map((await t.db.select().from(clientPaymentReferences)).map((row) => [row.code, row.clientId]));
  const bySequence = new Map(invoices.map((invoice) => [Number(invoice.number.replace(/\D/g, '')), invoice]));
  const oldestFirst = [...invoices].sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.id - b.id));
  const owing = (invoice: Invoice) => ({ id: invoice.id, due: invoice.due, open: open.get(invoice.id) ?? 0 });
  return lines.map((line) => {
    const named = invoiceSequences(line.description, prefix).flatMap((sequence) => (bySequence.has(sequence) ? [bySequence.get(sequence)!] : []));
    const referenceClients = [...new Set(referenceTokens(line.description).flatMap((token) => (codes.has(token) ? [codes.get(token)!] : [])))];
    const onlyAmount = line.amount > 0 && named.length === 0 && referenceClients.length === 0;
    const decision = decideMatch({
      amount: line.amount,
      named: named.map((invoice) => ({ ...owing(invoice), clientId: invoice.clientId, number: invoice.number })),
      referenceClients,
      rule: null,
      learnedClients: [],
      openOf: (clientId) => oldestFirst.filter((invoice) => invoice.clientId === clientId).map(owing).filter((invoice) => invoice.open > 0),
      sameAmount: onlyAmount
        ? oldestFirst.filter((invoice) => (open.get(invoice.id) ?? 0) === line.amount).slice(0, 5).map((invoice) => ({ ...owing(invoice), clientId: invoice.clientId, number: invoice.number }))
        : [],
    });
    if (decision.status === 'matched') for (const a of decision.allocations) open.set(a.invoice_id, open.get(a.invoice_id)! - a.amount);
    return decision;
  });
}

describe('a statement imported at once is matched as if line by line', () => {
  it('for random statements against random open invoices', { timeout: 240_000 }, async () => {
    const clients = [await newClient('Acme Trading'), await newClient('Beacon Supplies'), await newClient('Cedar Foods')];
    const invoices: Invoice[] = [];
    for (const [i, client] of clients.entries()) {
      for (const price of [11_500 + i * 1_000, 23_000, 4_999 + i]) {
        const row = await invoiceFor(client.id, price);
        const [balance] = await t.db.select({ due: invoiceBalances.dueDate }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, row.id));
        invoices.push({ id: row.id, number: row.number, clientId: client.id, due: balance.due });
      }
    }
    const codes = new Map((await t.db.select().from(clientPaymentReferences)).map((row) => [row.clientId, row.code]));
    const sequenceOf = (invoice: Invoice) => Number(invoice.number.replace(/\D/g, ''));

    const line = fc.oneof(
      // One or two invoices named, as people type them, for an amount around what they owe.
      fc.record({ kind: fc.constant('named' as const), picks: fc.array(fc.nat(invoices.length - 1), { minLength: 1, maxLength: 2 }), cents: fc.integer({ min: 1, max: 60_000 }) }),
      fc.record({ kind: fc.constant('reference' as const), picks: fc.array(fc.nat(clients.length - 1), { minLength: 1, maxLength: 1 }), cents: fc.integer({ min: 1, max: 60_000 }) }),
      fc.record({ kind: fc.constant('amount' as const), picks: fc.array(fc.nat(invoices.length - 1), { minLength: 1, maxLength: 1 }), cents: fc.constant(0) }),
      fc.record({ kind: fc.constant('debit' as const), picks: fc.constant([] as number[]), cents: fc.integer({ min: 1, max: 5_000 }) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 10 }), async (drawn) => {
        run++;
        const open = new Map((await t.db.select({ id: invoiceBalances.invoiceId, open: invoiceBalances.open }).from(invoiceBalances)).map((row) => [row.id, row.open]));
        const lines = drawn.map(({ kind, picks, cents }, i) => {
          if (kind === 'named') return { description: `PAYMENT ${picks.map((p) => `INV ${sequenceOf(invoices[p])}`).join(' and ')} L${i}`, amount: cents };
          if (kind === 'reference') return { description: `IMMEDIATE TRF CR ${codes.get(clients[picks[0]].id)} L${i}`, amount: cents };
          // What one invoice owes now (a suggestion at best), or a cent when it owes nothing.
          if (kind === 'amount') return { description: `CASH DEPOSIT L${i}`, amount: Math.max(open.get(invoices[picks[0]].id) ?? 0, 1) };
          return { description: `MONTHLY FEE L${i}`, amount: -cents };
        });
        const expected = await expectedDecisions(lines, invoices);
        const paymentsBefore = (await t.db.select({ id: payments.id }).from(payments)).length;

        const file = absa(lines, 1_000_000 + run * 10_000);
        const res = await upload(file, `model-${run}.csv`);
        expect(res.statusCode, res.body).toBe(201);
        const statementId = res.json().data.id as number;
        const kept = await t.db.select().from(bankLines).where(eq(bankLines.statementId, statementId)).orderBy(bankLines.position);
        expect(kept.map((row) => row.status)).toEqual(expected.map((decision) => decision.status));
        for (const [i, decision] of expected.entries()) {
          if (decision.status === 'matched') {
            expect(kept[i].clientId).toBe(decision.clientId);
            const allocated = await t.db.select({ invoice_id: paymentAllocations.invoiceId, amount: paymentAllocations.amount }).from(paymentAllocations).where(eq(paymentAllocations.paymentId, kept[i].paymentId!)).orderBy(paymentAllocations.id);
            expect(allocated).toEqual(decision.allocations);
          }
          if (decision.status === 'suggested') expect(kept[i].suggestions).toEqual(decision.suggestions);
        }

        // Where the decisions lead: balances, payments, and nothing below zero.
        const [{ negative }] = rowsOf<{ negative: number }>(await t.db.execute(sql`select count(*)::int as negative from invoice_balances where open < 0`));
        expect(negative).toBe(0);
        const paid = await t.db.select().from(payments).where(inArray(payments.id, kept.flatMap((row) => (row.paymentId ? [row.paymentId] : [0]))));
        for (const payment of paid) {
          const allocations = await t.db.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment.id));
          expect(payment.amount - allocations.reduce((sum, a) => sum + a.amount, 0)).toBe(payment.unallocated);
          for (const a of allocations) expect(invoices.find((invoice) => invoice.id === a.invoiceId)?.clientId).toBe(payment.clientId);
        }
        const [{ drift }] = rowsOf<{ drift: number }>(
          await t.db.execute(sql`select count(*)::int as drift from invoice_balances b
            where b.open <> b.value - coalesce((select sum(a.amount) from payment_allocations a join payments p on p.id = a.payment_id where a.invoice_id = b.invoice_id and p.status = 'confirmed'), 0)`),
        );
        expect(drift).toBe(0);
        expect((await t.db.select({ id: payments.id }).from(payments)).length).toBe(paymentsBefore + expected.filter((d) => d.status === 'matched').length);

        // The same file again: refused, nothing changed.
        const again = await upload(file, `model-${run}-again.csv`);
        expect(again.statusCode).toBe(409);
        expect((await t.db.select({ id: payments.id }).from(payments)).length).toBe(paymentsBefore + expected.filter((d) => d.status === 'matched').length);
      }),
      { numRuns: 25, seed: Number(process.env.BANK_MODEL_SEED ?? 20261127) },
    );
    expect(run).toBe(25);
  });
});
