import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankPayers, bankRules, billingDocuments, billingSettings, clientPaymentReferences, invoiceBalances } from '../../db/schema';
import type { OpenInvoice } from '../../../shared/billing/accounts';
import { decideMatch, type MatchDecision, type MatchFacts, type NamedInvoice } from '../../../shared/banking/match';
import { rowsOf } from '../../db/rows';
import { invoiceSequences, referenceTokens, textHolds } from '../../../shared/banking/text';

/** What one import (or one hand match) reads once: the invoice prefix, the rules and the learned payers. */
export interface MatchContext {
  prefix: string;
  rules: { pattern: string; clientId: number | null; ignore: boolean }[];
  payers: { clientId: number; text: string }[];
}

export async function matchContext(tx: Tx): Promise<MatchContext> {
  const [settings] = await tx.select({ prefix: billingSettings.invoicePrefix }).from(billingSettings);
  const rules = await tx.select({ pattern: bankRules.pattern, clientId: bankRules.clientId, ignore: bankRules.ignore }).from(bankRules).orderBy(bankRules.id);
  const payers = await tx.select({ clientId: bankPayers.clientId, text: bankPayers.payerText }).from(bankPayers);
  return { prefix: settings?.prefix ?? 'INV-', rules, payers };
}

const intArray = (values: Iterable<number>) => sql`${`{${[...values].join(',')}}`}::int[]`;
const textArray = (values: Iterable<string>) => sql`${JSON.stringify([...values])}::jsonb`;

/** A line as the matcher reads it. */
export interface LineToMatch {
  amount: number;
  description: string;
  reference: string;
}

/** An open invoice in the import's running state: what it owes after the lines before. */
type Running = OpenInvoice & { clientId: number };

/** Same-amount invoices read per amount: a few more than the matcher shows, as earlier lines may pay some. */
const SAME_AMOUNT_READ = 20;
const SAME_AMOUNT_SHOWN = 5;

/**
 * Every line of a statement decided in order, with four reads for the whole file however long:
 * the invoices the lines name (by sequence number), the clients whose payment reference they hold,
 * the open invoices of every client a line may pay (locked, in invoice order, for the rest of the
 * transaction), and the invoices owing each amount no line explains. Then, in memory, line by line,
 * the pure matcher decides, and what a match allocates comes off the running balances, so a later
 * line sees what an earlier one paid, as if each had been recorded before the next was read.
 */
export async function planMatches(tx: Tx, context: MatchContext, lines: readonly LineToMatch[]): Promise<MatchDecision[]> {
  const read = lines.map((line) => {
    const text = `${line.description} ${line.reference}`;
    const ruleRow = context.rules.find((rule) => textHolds(text, rule.pattern)) ?? null;
    // A debit is decided by its rule alone (ignored either way): nothing else is read for it.
    const credit = line.amount > 0 && !ruleRow?.ignore;
    return {
      line,
      ruleRow,
      sequences: credit ? invoiceSequences(text, context.prefix) : [],
      tokens: credit ? referenceTokens(text) : [],
      learned: credit ? [...new Set(context.payers.filter((payer) => textHolds(line.description, payer.text)).map((payer) => payer.clientId))] : [],
    };
  });

  const allSequences = new Set(read.flatMap((r) => r.sequences));
  const named = new Map<number, Omit<NamedInvoice, 'open'> & { sequence: number }>();
  if (allSequences.size > 0) {
    const rows = await tx
      .select({ id: billingDocuments.id, sequence: billingDocuments.sequence, clientId: billingDocuments.clientId, number: billingDocuments.number, due: billingDocuments.dueDate })
      .from(billingDocuments)
      .where(and(eq(billingDocuments.type, 'invoice'), sql`${billingDocuments.sequence} = any(${intArray(allSequences)})`));
    for (const row of rows) named.set(row.sequence, row);
  }
  const allTokens = new Set(read.flatMap((r) => r.tokens));
  const clientsOfCode = new Map<string, number[]>();
  if (allTokens.size > 0) {
    const rows = await tx
      .select({ code: clientPaymentReferences.code, clientId: clientPaymentReferences.clientId })
      .from(clientPaymentReferences)
      .where(sql`${clientPaymentReferences.code} in (select jsonb_array_elements_text(${textArray(allTokens)}))`);
    for (const row of rows) clientsOfCode.set(row.code, [...(clientsOfCode.get(row.code) ?? []), row.clientId]);
  }

  // The clients any line may pay, their open invoices locked in one order (two imports cannot deadlock).
  const payable = new Set<number>();
  for (const r of read) {
    for (const sequence of r.sequences) if (named.has(sequence)) payable.add(named.get(sequence)!.clientId);
    for (const token of r.tokens) for (const id of clientsOfCode.get(token) ?? []) payable.add(id);
    if (r.ruleRow?.clientId) payable.add(r.ruleRow.clientId);
    for (const id of r.learned) payable.add(id);
  }
  const running = new Map<number, Running>();
  const openByClient = new Map<number, Running[]>();
  if (payable.size > 0) {
    const rows = await tx
      .select({ id: invoiceBalances.invoiceId, clientId: invoiceBalances.clientId, due: invoiceBalances.dueDate, open: invoiceBalances.open })
      .from(invoiceBalances)
      .where(and(sql`${invoiceBalances.clientId} = any(${intArray(payable)})`, gt(invoiceBalances.open, 0)))
      .orderBy(invoiceBalances.invoiceId)
      .for('update');
    for (const row of rows) {
      running.set(row.id, row);
      openByClient.set(row.clientId, [...(openByClient.get(row.clientId) ?? []), row]);
    }
    // Oldest due first, as the matcher spreads a payment.
    for (const list of openByClient.values()) list.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.id - b.id));
  }

  const facts = read.map((r) => {
    const referenceClients = [...new Set(r.tokens.flatMap((token) => clientsOfCode.get(token) ?? []))];
    const namedHere = r.sequences.filter((sequence) => named.has(sequence)).map((sequence) => named.get(sequence)!);
    const rule = r.ruleRow ? (r.ruleRow.ignore ? { ignore: true as const } : { clientId: r.ruleRow.clientId! }) : null;
    const onlyAmount = r.line.amount > 0 && namedHere.length === 0 && referenceClients.length === 0 && !rule && r.learned.length === 0;
    return { r, referenceClients, namedHere, rule, onlyAmount };
  });

  const sameAmountOf = new Map<number, (NamedInvoice & { sequence: number })[]>();
  const amounts = new Set(facts.filter((f) => f.onlyAmount).map((f) => f.r.line.amount));
  if (amounts.size > 0) {
    const rows = rowsOf<{ id: number; sequence: number; client_id: number; number: string; due: string; open: number }>(
      await tx.execute(sql`
        select id, sequence, client_id, number, due, open from (
          select d.id, d.sequence, d.client_id, d.number, b.due_date::text as due, b.open,
                 row_number() over (partition by b.open order by b.due_date, b.invoice_id) as nth
          from ${invoiceBalances} b join ${billingDocuments} d on d.id = b.invoice_id
          where b.open = any(${intArray(amounts)})
        ) same where nth <= ${SAME_AMOUNT_READ}
        order by open, nth`),
    );
    for (const row of rows) {
      const invoice = { id: Number(row.id), sequence: Number(row.sequence), clientId: Number(row.client_id), number: row.number, due: row.due, open: Number(row.open) };
      sameAmountOf.set(invoice.open, [...(sameAmountOf.get(invoice.open) ?? []), invoice]);
    }
  }

  const owes = (id: number, fallback: number) => running.get(id)?.open ?? fallback;
  return facts.map(({ r, referenceClients, namedHere, rule, onlyAmount }) => {
    const decision = decideMatch({
      amount: r.line.amount,
      named: namedHere.map((invoice) => ({ ...invoice, open: owes(invoice.id, 0) })),
      referenceClients,
      rule,
      learnedClients: r.learned,
      openOf: (clientId) => (openByClient.get(clientId) ?? []).filter((invoice) => invoice.open > 0).map(({ id, due, open }) => ({ id, due, open })),
      sameAmount: onlyAmount
        ? (sameAmountOf.get(r.line.amount) ?? []).filter((invoice) => owes(invoice.id, invoice.open) === r.line.amount).slice(0, SAME_AMOUNT_SHOWN)
        : [],
    } satisfies MatchFacts);
    if (decision.status === 'matched') for (const a of decision.allocations) running.get(a.invoice_id)!.open -= a.amount;
    return decision;
  });
}
