import { spreadInOrder, allocateOldestFirst, type Allocation, type OpenInvoice } from '../billing/accounts';

/**
 * Automatic matching of a bank line to a client's invoices, pure: the server gathers the facts
 * (the invoices the text names, the clients whose payment reference, rule or learned payer text
 * it holds, their open invoices, invoices of the same amount) and this decides. Only what is
 * certain is matched; anything less certain is a suggestion an admin accepts or not.
 */

/** An invoice named in a line's text, with whose it is and what it still owes. */
export interface NamedInvoice extends OpenInvoice {
  clientId: number;
  number: string;
}

export interface Suggestion {
  client_id: number;
  invoice_ids: number[];
  /** Why it is only a suggestion. */
  reason: 'amount' | 'invoice_paid' | 'several_clients' | 'amount_differs';
}

export interface MatchFacts {
  amount: number;
  /** The invoices the text names, in the order named. */
  named: NamedInvoice[];
  /** Clients whose payment reference the text holds. */
  referenceClients: number[];
  /** The first rule that fits: a client, or ignore (bank charges). */
  rule: { clientId: number } | { ignore: true } | null;
  /** Clients whose learned payer text the text holds. */
  learnedClients: number[];
  /** Open invoices (open > 0) of the clients above. */
  openOf: (clientId: number) => OpenInvoice[];
  /** Open invoices of any client whose open amount equals the line's amount (a few). */
  sameAmount: NamedInvoice[];
}

export type MatchDecision =
  | { status: 'matched'; clientId: number; allocations: Allocation[]; unallocated: number }
  | { status: 'suggested'; suggestions: Suggestion[] }
  | { status: 'ignored'; reason: string }
  | { status: 'unmatched' };

/**
 * A payment spread over the invoices it names, in the order named, each up to what it owes; the
 * rest stays as credit on the account (never on an invoice the payer did not name).
 */
export function allocateNamed(amount: number, named: readonly OpenInvoice[]): { allocations: Allocation[]; unallocated: number } {
  const { taken, left } = spreadInOrder(amount, named.map((invoice) => ({ id: invoice.id, holds: invoice.open })));
  return { allocations: taken.map((t) => ({ invoice_id: t.id, amount: t.amount })), unallocated: left };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** The client's invoices the amount pays exactly: one open invoice of that amount, or all of them. */
function exactFit(amount: number, open: readonly OpenInvoice[]): OpenInvoice[] | null {
  const one = open.find((invoice) => invoice.open === amount);
  if (one) return [one];
  const all = open.reduce((sum, invoice) => sum + invoice.open, 0);
  return open.length > 0 && all === amount ? [...open] : null;
}

function byClient(facts: MatchFacts, clientId: number): MatchDecision {
  const { allocations, unallocated } = allocateOldestFirst(facts.amount, facts.openOf(clientId));
  return { status: 'matched', clientId, allocations, unallocated };
}

/** A client known from a rule or a learned payer: matched when the amount pays one open invoice or all; a suggestion otherwise. */
function byPayer(facts: MatchFacts, clientIds: number[]): MatchDecision {
  if (clientIds.length > 1) return { status: 'suggested', suggestions: clientIds.map((id) => ({ client_id: id, invoice_ids: [], reason: 'several_clients' })) };
  const fit = exactFit(facts.amount, facts.openOf(clientIds[0]));
  if (!fit) return { status: 'suggested', suggestions: [{ client_id: clientIds[0], invoice_ids: [], reason: 'amount_differs' }] };
  return { status: 'matched', clientId: clientIds[0], ...allocateNamed(facts.amount, fit) };
}

export function decideMatch(facts: MatchFacts): MatchDecision {
  if (facts.rule && 'ignore' in facts.rule) return { status: 'ignored', reason: 'rule' };
  if (facts.amount <= 0) return { status: 'ignored', reason: 'debit' };
  // 1. Invoice numbers in the text.
  if (facts.named.length > 0) {
    const clientsNamed = unique(facts.named.map((invoice) => invoice.clientId));
    if (clientsNamed.length > 1) {
      return { status: 'suggested', suggestions: clientsNamed.map((id) => ({ client_id: id, invoice_ids: facts.named.filter((n) => n.clientId === id).map((n) => n.id), reason: 'several_clients' })) };
    }
    const owing = facts.named.filter((invoice) => invoice.open > 0);
    if (owing.length === 0) return { status: 'suggested', suggestions: [{ client_id: clientsNamed[0], invoice_ids: facts.named.map((n) => n.id), reason: 'invoice_paid' }] };
    return { status: 'matched', clientId: clientsNamed[0], ...allocateNamed(facts.amount, owing) };
  }
  // 2. The client's own payment reference.
  const referenced = unique(facts.referenceClients);
  if (referenced.length === 1) return byClient(facts, referenced[0]);
  if (referenced.length > 1) return { status: 'suggested', suggestions: referenced.map((id) => ({ client_id: id, invoice_ids: [], reason: 'several_clients' })) };
  // 3. An admin's rule, then a learned payer, with an amount that fits.
  if (facts.rule) return byPayer(facts, [facts.rule.clientId]);
  const learned = unique(facts.learnedClients);
  if (learned.length > 0) return byPayer(facts, learned);
  // Only the amount: a suggestion per invoice of that amount.
  if (facts.sameAmount.length > 0) return { status: 'suggested', suggestions: facts.sameAmount.map((invoice) => ({ client_id: invoice.clientId, invoice_ids: [invoice.id], reason: 'amount' })) };
  return { status: 'unmatched' };
}
