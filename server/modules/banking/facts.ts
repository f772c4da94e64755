import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankPayers, bankRules, billingDocuments, billingSettings, clientPaymentReferences, invoiceBalances } from '../../db/schema';
import type { OpenInvoice } from '../../../shared/billing/accounts';
import type { MatchFacts, NamedInvoice } from '../../../shared/banking/match';
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

/** Open invoices (open > 0) of some clients, oldest due first. */
async function openInvoicesOf(tx: Tx, clientIds: number[]): Promise<Map<number, OpenInvoice[]>> {
  const byClient = new Map<number, OpenInvoice[]>(clientIds.map((id) => [id, []]));
  if (clientIds.length === 0) return byClient;
  const rows = await tx
    .select({ id: invoiceBalances.invoiceId, clientId: invoiceBalances.clientId, due: invoiceBalances.dueDate, open: invoiceBalances.open })
    .from(invoiceBalances)
    .where(and(inArray(invoiceBalances.clientId, clientIds), gt(invoiceBalances.open, 0)))
    .orderBy(invoiceBalances.dueDate, invoiceBalances.invoiceId);
  for (const row of rows) byClient.get(row.clientId)!.push({ id: row.id, due: row.due, open: row.open });
  return byClient;
}

const namedColumns = { id: billingDocuments.id, sequence: billingDocuments.sequence, clientId: billingDocuments.clientId, number: billingDocuments.number, due: billingDocuments.dueDate, open: sql<number>`coalesce(${invoiceBalances.open}, 0)::int` };

/**
 * The facts about one line the pure matcher decides on: each read is an indexed lookup (invoice
 * sequence numbers, reference codes, one amount), so an import stays linear in its lines.
 */
export async function factsFor(tx: Tx, context: MatchContext, line: { amount: number; description: string; reference: string }): Promise<MatchFacts> {
  const text = `${line.description} ${line.reference}`;
  const sequences = invoiceSequences(text, context.prefix);
  const named: (NamedInvoice & { sequence: number })[] =
    sequences.length === 0
      ? []
      : await tx
          .select(namedColumns)
          .from(billingDocuments)
          .leftJoin(invoiceBalances, eq(invoiceBalances.invoiceId, billingDocuments.id))
          .where(and(eq(billingDocuments.type, 'invoice'), inArray(billingDocuments.sequence, sequences)));
  // In the order the payer named them: a part payment goes to the first named.
  named.sort((a, b) => sequences.indexOf(a.sequence) - sequences.indexOf(b.sequence));
  const tokens = referenceTokens(text);
  const referenceClients =
    tokens.length === 0 ? [] : (await tx.select({ clientId: clientPaymentReferences.clientId }).from(clientPaymentReferences).where(inArray(clientPaymentReferences.code, tokens))).map((r) => r.clientId);
  const ruleRow = context.rules.find((rule) => textHolds(text, rule.pattern));
  const rule = ruleRow ? (ruleRow.ignore ? { ignore: true as const } : { clientId: ruleRow.clientId! }) : null;
  const learnedClients = [...new Set(context.payers.filter((payer) => textHolds(line.description, payer.text)).map((payer) => payer.clientId))];
  const ruleClients = ruleRow?.clientId ? [ruleRow.clientId] : [];
  const open = await openInvoicesOf(tx, [...new Set([...referenceClients, ...ruleClients, ...learnedClients])]);
  const onlyAmount = line.amount > 0 && named.length === 0 && referenceClients.length === 0 && !rule && learnedClients.length === 0;
  const sameAmount: NamedInvoice[] = onlyAmount
    ? await tx
        .select(namedColumns)
        .from(invoiceBalances)
        .innerJoin(billingDocuments, eq(billingDocuments.id, invoiceBalances.invoiceId))
        .where(eq(invoiceBalances.open, line.amount))
        .orderBy(invoiceBalances.dueDate)
        .limit(5)
    : [];
  return { amount: line.amount, named, referenceClients, rule, learnedClients, openOf: (clientId) => open.get(clientId) ?? [], sameAmount };
}
