import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankLines } from '../../db/schema';
import { insertAllocatedPayments, insertConfirmedPayment } from '../billing/payments';
import { domainEvents } from '../../events/domain';
import type { MatchDecision } from '../../../shared/banking/match';
import type { Allocation } from '../../../shared/billing/accounts';

export interface LineToPay {
  id: number;
  date: string;
  amount: number;
  description: string;
  reference: string;
}

/** The text a payment from a bank line carries as its reference: what the payer typed, else the bank's description. */
const paymentReferenceText = (line: { id?: number; description: string; reference: string }) => (line.reference.trim() || line.description.trim() || 'Bank transfer').slice(0, 100);

/**
 * A bank line paid to a client, in the caller's transaction: a confirmed payment through billing's
 * own recording (allocations checked against the locked balances, the rest as credit), and the
 * line marked matched with it.
 */
export async function paymentForLine(tx: Tx, line: Omit<LineToPay, 'id'> & { id?: number }, clientId: number, allocations: Allocation[] | undefined, by: { userId: number | null; hand: boolean }, now: Date) {
  const reference = paymentReferenceText(line);
  const payment = await insertConfirmedPayment(
    tx,
    { clientId, amount: line.amount, reference, paidAt: line.date, allocations, userId: by.userId, source: by.hand ? 'eft_by_hand' : 'eft_matched' },
    now,
  );
  // Money received like any other: webhooks, the live screens and commissions hear of it.
  await domainEvents.publish(tx, 'payment.received', received(line, clientId, payment), { at: now, by: by.userId });
  return payment;
}

const received = (line: { date: string; amount: number; description: string; reference: string }, clientId: number, payment: { id: number; unallocated: number }) => ({
  id: payment.id,
  client_id: clientId,
  amount: line.amount,
  unallocated: payment.unallocated,
  paid_at: line.date,
  reference: paymentReferenceText(line),
});

/**
 * An import's matched lines paid at once, in the caller's transaction: billing writes all the
 * payments in a few statements, and one `payment.received` per payment is published together.
 */
export async function paymentsForLines(tx: Tx, matched: readonly { line: Omit<LineToPay, 'id'>; clientId: number; allocations: Allocation[] }[], userId: number, now: Date) {
  const paid = await insertAllocatedPayments(
    tx,
    matched.map(({ line, clientId, allocations }) => ({ clientId, amount: line.amount, reference: paymentReferenceText(line), paidAt: line.date, allocations, userId, source: 'eft_matched' as const })),
    now,
  );
  await domainEvents.publishMany(tx, 'payment.received', matched.map(({ line, clientId }, i) => received(line, clientId, paid[i])), { at: now, by: userId });
  return paid;
}

/** A line already kept, paid to a client by an admin's hand. */
export async function payLine(tx: Tx, line: LineToPay, clientId: number, allocations: Allocation[] | undefined, by: { userId: number | null; hand: boolean }, now: Date) {
  const payment = await paymentForLine(tx, line, clientId, allocations, by, now);
  await tx.update(bankLines).set({ status: 'matched', clientId, paymentId: payment.id, matchedBy: by.hand ? 'hand' : 'auto', suggestions: [], ignoreReason: '' }).where(eq(bankLines.id, line.id));
  return payment;
}

/** The line's state from the matcher's decision (a match is recorded by payLine). */
export async function markLine(tx: Tx, lineId: number, decision: Exclude<MatchDecision, { status: 'matched' }>) {
  await tx
    .update(bankLines)
    .set({ status: decision.status, suggestions: decision.status === 'suggested' ? decision.suggestions : [], ignoreReason: decision.status === 'ignored' ? decision.reason : '' })
    .where(eq(bankLines.id, lineId));
}
