import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideMatch, type MatchFacts, type NamedInvoice } from '../../shared/banking/match';
import { invoiceSequences, payerText, paymentReference, referenceTokens, textHolds } from '../../shared/banking/text';
import type { OpenInvoice } from '../../shared/billing/accounts';

describe('reading what payers type', () => {
  it('finds invoice numbers in the shapes people type them', () => {
    expect(invoiceSequences('INV-000123', 'INV-')).toEqual([123]);
    expect(invoiceSequences('inv000123', 'INV-')).toEqual([123]);
    expect(invoiceSequences('ACME TRADING INV 123 THANKS', 'INV-')).toEqual([123]);
    expect(invoiceSequences('Payment INV-000123 and INV-000124', 'INV-')).toEqual([123, 124]);
    expect(invoiceSequences('inv000124, 125 & 126', 'INV-')).toEqual([124, 125, 126]);
    expect(invoiceSequences('Inv#77/78', 'INV-')).toEqual([77, 78]);
    expect(invoiceSequences('INVESTEC 123', 'INV-')).toEqual([]);
    expect(invoiceSequences('PAYMENT 2025/03 SAVINV', 'INV-')).toEqual([]);
  });
  it('payment references: three letters and the id, found as tokens', () => {
    expect(paymentReference('Acme Trading (Pty) Ltd', 42)).toBe('ACM42');
    expect(paymentReference('42 & Co', 7)).toBe('COX7');
    expect(referenceTokens('FNB APP PAYMENT acm42 march')).toEqual(['ACM42']);
    expect(referenceTokens('XACM42')).toEqual([]);
  });
  it('learns the payer’s words without the channel words and numbers', () => {
    expect(payerText('FNB APP PAYMENT FROM ACME TRADING INV-000123')).toBe('ACME TRADING');
    expect(payerText('Inward EFT Credit magic beans 2025')).toBe('MAGIC BEANS');
    expect(payerText('EFT 123')).toBeNull();
    expect(textHolds('CREDIT TRANSFER ACME TRADING PTY', 'acme trading')).toBe(true);
    expect(textHolds('ACMETRADING', 'ACME TRADING')).toBe(false);
  });
});

const facts = (over: Partial<MatchFacts>): MatchFacts => ({ amount: 10_000, named: [], referenceClients: [], rule: null, learnedClients: [], openOf: () => [], sameAmount: [], ...over });
const inv = (id: number, clientId: number, open: number, due = '2025-01-01'): NamedInvoice => ({ id, clientId, open, due, number: `INV-${id}` });

describe('deciding a match', () => {
  it('named invoices: split over them in the order named, part payment on the first, surplus as credit', () => {
    expect(decideMatch(facts({ amount: 15_000, named: [inv(1, 7, 10_000), inv(2, 7, 8_000)] }))).toEqual({ status: 'matched', clientId: 7, allocations: [{ invoice_id: 1, amount: 10_000 }, { invoice_id: 2, amount: 5_000 }], unallocated: 0 });
    expect(decideMatch(facts({ amount: 4_000, named: [inv(1, 7, 10_000)] }))).toMatchObject({ allocations: [{ invoice_id: 1, amount: 4_000 }], unallocated: 0 });
    expect(decideMatch(facts({ amount: 12_000, named: [inv(1, 7, 10_000)] }))).toMatchObject({ allocations: [{ invoice_id: 1, amount: 10_000 }], unallocated: 2_000 });
  });
  it('an invoice already paid, or invoices of two clients, stay suggestions', () => {
    expect(decideMatch(facts({ named: [inv(1, 7, 0)] }))).toEqual({ status: 'suggested', suggestions: [{ client_id: 7, invoice_ids: [1], reason: 'invoice_paid' }] });
    expect(decideMatch(facts({ named: [inv(1, 7, 5), inv(2, 8, 5)] }))).toMatchObject({ status: 'suggested', suggestions: [{ client_id: 7 }, { client_id: 8 }] });
  });
  it('the client’s payment reference: oldest open invoices first', () => {
    const open = [inv(3, 9, 6_000, '2025-02-01'), inv(2, 9, 6_000, '2025-01-01')];
    expect(decideMatch(facts({ referenceClients: [9], openOf: () => open }))).toMatchObject({ status: 'matched', clientId: 9, allocations: [{ invoice_id: 2, amount: 6_000 }, { invoice_id: 3, amount: 4_000 }] });
    expect(decideMatch(facts({ referenceClients: [9, 10] }))).toMatchObject({ status: 'suggested' });
  });
  it('a rule or learned payer matches only with an amount equal to one open invoice or to all', () => {
    const open = [inv(4, 5, 6_000), inv(5, 5, 4_000)];
    expect(decideMatch(facts({ learnedClients: [5], openOf: () => open }))).toMatchObject({ status: 'matched', allocations: [{ invoice_id: 4, amount: 6_000 }, { invoice_id: 5, amount: 4_000 }] });
    expect(decideMatch(facts({ amount: 4_000, rule: { clientId: 5 }, openOf: () => open }))).toMatchObject({ status: 'matched', allocations: [{ invoice_id: 5, amount: 4_000 }] });
    expect(decideMatch(facts({ amount: 4_500, learnedClients: [5], openOf: () => open }))).toEqual({ status: 'suggested', suggestions: [{ client_id: 5, invoice_ids: [], reason: 'amount_differs' }] });
    expect(decideMatch(facts({ learnedClients: [5, 6], openOf: () => open }))).toMatchObject({ status: 'suggested' });
  });
  it('an amount alone is only a suggestion; an ignore rule or a debit is not matched', () => {
    expect(decideMatch(facts({ sameAmount: [inv(8, 3, 10_000)] }))).toEqual({ status: 'suggested', suggestions: [{ client_id: 3, invoice_ids: [8], reason: 'amount' }] });
    expect(decideMatch(facts({ rule: { ignore: true } }))).toEqual({ status: 'ignored', reason: 'rule' });
    expect(decideMatch(facts({ amount: -2_550, named: [inv(1, 7, 10_000)] }))).toEqual({ status: 'ignored', reason: 'debit' });
    expect(decideMatch(facts({}))).toEqual({ status: 'unmatched' });
  });
});

describe('matching, properties', () => {
  const invoices = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 60 }), clientId: fc.integer({ min: 1, max: 4 }), open: fc.integer({ min: 0, max: 50_000 }), due: fc.constantFrom('2025-01-01', '2025-02-01', '2025-03-01') }), { selector: (i) => i.id, maxLength: 20 });
  it('never allocates more than the payment, more than an invoice owes, or to an invoice not named / not the client’s', () => {
    fc.assert(
      fc.property(invoices, fc.integer({ min: 1, max: 200_000 }), fc.array(fc.nat(), { maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }), (all, amount, picks, refs) => {
        const named = all.length === 0 ? [] : [...new Set(picks.map((p) => all[p % all.length]))].map((i) => ({ ...i, number: `INV-${i.id}` }));
        const openOf = (clientId: number): OpenInvoice[] => all.filter((i) => i.clientId === clientId && i.open > 0);
        const decision = decideMatch(facts({ amount, named, referenceClients: refs, openOf }));
        if (decision.status !== 'matched') return;
        const allocated = decision.allocations.reduce((s, a) => s + a.amount, 0);
        expect(allocated + decision.unallocated).toBe(amount);
        expect(decision.unallocated).toBeGreaterThanOrEqual(0);
        const allowed = named.length > 0 ? named : openOf(decision.clientId);
        for (const a of decision.allocations) {
          const invoice = allowed.find((i) => i.id === a.invoice_id);
          expect(invoice).toBeDefined();
          expect(all.find((i) => i.id === a.invoice_id)!.clientId).toBe(decision.clientId);
          expect(a.amount).toBeGreaterThan(0);
          expect(a.amount).toBeLessThanOrEqual(invoice!.open);
        }
        expect(new Set(decision.allocations.map((a) => a.invoice_id)).size).toBe(decision.allocations.length);
      }),
      { numRuns: 500 },
    );
  });
});
