import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { invoiceBalances, payfastCheckouts, payfastNotifications, type NotificationOutcome } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import { domainEvents } from '../../../events/domain';
import { pageOf } from '../../../http/listQuery';
import { isoText } from '../../../db/queryParts';
import { businessDay } from '../../../../shared/billing/accounts';
import { insertConfirmedPayment } from '../payments';
import type { PayfastGateway } from './gateway';
import { payfastSignature, type PayfastFields } from './signature';

/** Why a notification paid nothing: the check it failed. */
export type RefusalReason = 'signature' | 'source' | 'checkout' | 'amount' | 'repeat' | 'confirmation';

export interface NotificationResult {
  outcome: NotificationOutcome;
  reason: string;
  paymentId: number | null;
}

const field = (fields: PayfastFields, name: string) => fields.find(([key]) => key === name)?.[1]?.trim() ?? '';

function signatureHolds(fields: PayfastFields, passphrase: string): boolean {
  const given = Buffer.from(field(fields, 'signature').toLowerCase());
  const expected = Buffer.from(payfastSignature(fields, passphrase));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** "123.45" as cents; anything else (no decimals, a sign, letters) is no amount. */
const cents = (amount: string): number | null => (/^\d{1,9}\.\d{2}$/.test(amount) ? Math.round(Number(amount) * 100) : null);

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * PayFast's notification (ITN), checked as PayFast asks: its signature over the fields as received,
 * its source among PayFast's servers, its amount equal to the checkout's, a payment id not acted on
 * before, and PayFast's server confirming it. A COMPLETE one then pays the checkout's invoices,
 * through billing's payment recording, in one transaction; every notification is logged either way.
 */
export async function receiveNotification(db: Db, gateway: PayfastGateway, fields: PayfastFields, caller: string, now: Date): Promise<NotificationResult> {
  const pfPaymentId = field(fields, 'pf_payment_id');
  const checkoutId = /^\d{1,9}$/.test(field(fields, 'm_payment_id')) ? Number(field(fields, 'm_payment_id')) : null;
  const [checkout] = checkoutId === null ? [] : await db.select().from(payfastCheckouts).where(eq(payfastCheckouts.id, checkoutId));
  const log = (tx: Db | Tx, outcome: NotificationOutcome, reason: string, paymentId: number | null = null) =>
    tx.insert(payfastNotifications).values({
      checkoutId: checkout?.id ?? null,
      pfPaymentId,
      paymentStatus: field(fields, 'payment_status'),
      amountGross: field(fields, 'amount_gross'),
      caller,
      outcome,
      reason,
      fields,
      paymentId,
      receivedAt: now,
    });
  const refuse = async (reason: RefusalReason): Promise<NotificationResult> => {
    await log(db, 'refused', reason);
    return { outcome: 'refused', reason, paymentId: null };
  };

  if (!signatureHolds(fields, gateway.settings.passphrase) || field(fields, 'merchant_id') !== gateway.settings.merchantId) return refuse('signature');
  if (!(await gateway.isSource(caller))) return refuse('source');
  if (!checkout) return refuse('checkout');
  if (cents(field(fields, 'amount_gross')) !== checkout.amount) return refuse('amount');
  if (!pfPaymentId || (await seen(db, pfPaymentId))) return refuse('repeat');
  if (!(await gateway.confirms(fields))) return refuse('confirmation');

  const status = field(fields, 'payment_status');
  try {
    if (status !== 'COMPLETE') {
      await log(db, 'not_paid', `status ${status || '(none)'}`);
      return { outcome: 'not_paid', reason: `status ${status || '(none)'}`, paymentId: null };
    }
    const paymentId = await db.transaction((tx) => pay(tx, checkout.id, pfPaymentId, now, log));
    return { outcome: 'recorded', reason: '', paymentId };
  } catch (error) {
    // The same notification from two retries at once: the one that lost the race is a repeat.
    if (isUniqueViolation(error)) return refuse('repeat');
    throw error;
  }
}

/** A PayFast payment id already acted on (paid, or known not to be a payment). */
async function seen(db: Db, pfPaymentId: string) {
  const [row] = await db
    .select({ id: payfastNotifications.id })
    .from(payfastNotifications)
    .where(and(eq(payfastNotifications.pfPaymentId, pfPaymentId), ne(payfastNotifications.outcome, 'refused')))
    .limit(1);
  return Boolean(row);
}

type Log = (tx: Tx, outcome: NotificationOutcome, reason: string, paymentId: number | null) => Promise<unknown>;

/**
 * The payment of a checkout: its invoices paid in their order, each up to what it still owes (a
 * second payment of the same checkout, or an invoice paid meanwhile by other means, leaves the
 * rest as credit), recorded as billing records every payment.
 */
async function pay(tx: Tx, checkoutId: number, pfPaymentId: string, now: Date, log: Log): Promise<number> {
  const [checkout] = await tx.select().from(payfastCheckouts).where(eq(payfastCheckouts.id, checkoutId)).for('update');
  // All the client's open invoices locked in invoice order, as billing's recording locks them next:
  // locking only the checkout's first, two payments of one client at once each held an invoice the
  // other's recording waited for, and PostgreSQL broke the deadlock by failing one after its 200.
  const locked = await tx
    .select({ id: invoiceBalances.invoiceId, open: invoiceBalances.open })
    .from(invoiceBalances)
    .where(and(eq(invoiceBalances.clientId, checkout.clientId), gt(invoiceBalances.open, 0)))
    .orderBy(asc(invoiceBalances.invoiceId))
    .for('update');
  const open = locked.filter((invoice) => checkout.invoiceIds.includes(invoice.id));
  let left = checkout.amount;
  const allocations = [];
  for (const invoice of open) {
    const amount = Math.min(left, Math.max(invoice.open, 0));
    if (amount > 0) allocations.push({ invoice_id: invoice.id, amount });
    left -= amount;
  }
  const paidAt = businessDay(now);
  const reference = `PayFast ${pfPaymentId}`.slice(0, 100);
  const payment = await insertConfirmedPayment(tx, { clientId: checkout.clientId, amount: checkout.amount, reference, paidAt, allocations, userId: null, source: 'payfast' }, now);
  await tx.update(payfastCheckouts).set({ status: 'paid', paymentId: payment.id }).where(eq(payfastCheckouts.id, checkout.id));
  await log(tx, 'recorded', '', payment.id);
  await recordAudit(tx, {
    userId: null,
    action: 'payfast_payment',
    entity: 'payment',
    entityId: payment.id,
    data: { checkout_id: checkout.id, pf_payment_id: pfPaymentId, client_id: checkout.clientId, amount: checkout.amount, allocations, unallocated: payment.unallocated },
  });
  await domainEvents.publish(
    tx,
    'payment.received',
    { id: payment.id, client_id: checkout.clientId, amount: checkout.amount, unallocated: payment.unallocated, paid_at: paidAt, reference },
    { at: now, by: null },
  );
  return payment.id;
}

/** `billing/payfast_notifications`: the log, newest first. */
export async function listNotifications(db: Db, query: { page: number; perPage: number; outcome?: NotificationOutcome }) {
  const where = query.outcome ? eq(payfastNotifications.outcome, query.outcome) : undefined;
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: payfastNotifications.id,
        received_at: isoText(payfastNotifications.receivedAt),
        checkout_id: payfastNotifications.checkoutId,
        pf_payment_id: payfastNotifications.pfPaymentId,
        payment_status: payfastNotifications.paymentStatus,
        amount_gross: payfastNotifications.amountGross,
        caller: payfastNotifications.caller,
        outcome: payfastNotifications.outcome,
        reason: payfastNotifications.reason,
        payment_id: payfastNotifications.paymentId,
      })
      .from(payfastNotifications)
      .where(where)
      .orderBy(desc(payfastNotifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(payfastNotifications).where(where),
  ]);
  return { data: rows, total: Number(total) };
}
