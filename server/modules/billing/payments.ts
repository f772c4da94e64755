import { and, asc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingDocuments, clients, invoiceBalances, paymentAllocations, payments, type PaymentSource } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { badRequest, conflict, notFound } from '../../http/errors';
import { jsonRows, aliased, isoText } from '../../db/queryParts';
import { rowsOf } from '../../db/rows';
import { orderByOf, pageOf } from '../../http/listQuery';
import { allocateOldestFirst, allocationProblem, type Allocation } from '../../../shared/billing/accounts';
import { refreshDebtor, refreshDebtors } from './debtorBalances';
import { clientsVisibleTo, visibleClient } from './access';
import type { PaymentBody, PaymentListParams, PaymentRecord } from './wire';
import { domainEvents } from '../../events/domain';

/**
 * Spreads `amount` over the client's open invoices (chosen, or the oldest due first), in the
 * caller's transaction, with the invoices' balances locked. Answers what is left as credit.
 */
async function allocate(tx: Tx, clientId: number, paymentId: number, amount: number, chosen: Allocation[] | undefined): Promise<number> {
  const open = await tx
    .select({ id: invoiceBalances.invoiceId, due: invoiceBalances.dueDate, open: invoiceBalances.open })
    .from(invoiceBalances)
    .where(and(eq(invoiceBalances.clientId, clientId), gt(invoiceBalances.open, 0)))
    .orderBy(asc(invoiceBalances.invoiceId))
    .for('update');
  let allocations: Allocation[];
  if (chosen) {
    const problem = allocationProblem(amount, chosen, new Map(open.map((invoice) => [invoice.id, invoice.open])));
    if (problem) throw badRequest(problem.field, problem.message);
    allocations = chosen;
  } else {
    allocations = allocateOldestFirst(amount, open).allocations;
  }
  if (allocations.length > 0) {
    // Two statements whatever the number of invoices: the allocations, then the balances they lower.
    await tx.insert(paymentAllocations).values(allocations.map((a) => ({ paymentId, invoiceId: a.invoice_id, amount: a.amount })));
    const lowered = sql.join(allocations.map((a) => sql`(${a.invoice_id}::int, ${a.amount}::int)`), sql`, `);
    await tx.execute(sql`update ${invoiceBalances} b set open = b.open - v.amount from (values ${lowered}) as v (invoice_id, amount) where b.invoice_id = v.invoice_id`);
  }
  return amount - allocations.reduce((sum, a) => sum + a.amount, 0);
}

export interface ConfirmedPayment {
  clientId: number;
  amount: number;
  reference: string;
  paidAt: string;
  /** Chosen allocations (checked against the locked balances); none: the oldest open invoices first. */
  allocations?: Allocation[];
  userId: number | null;
  source: PaymentSource;
}

/**
 * A confirmed payment written and allocated in the caller's transaction, the debtor row
 * refreshed: billing's own recording and the bank import's matches go through here alike.
 */
export async function insertConfirmedPayment(tx: Tx, payment: ConfirmedPayment, now: Date): Promise<{ id: number; unallocated: number }> {
  const [row] = await tx
    .insert(payments)
    .values({
      clientId: payment.clientId,
      amount: payment.amount,
      reference: payment.reference.trim(),
      paidAt: payment.paidAt,
      status: 'confirmed',
      unallocated: payment.amount,
      source: payment.source,
      createdBy: payment.userId,
      decidedBy: payment.userId,
    })
    .returning({ id: payments.id });
  const unallocated = await allocate(tx, payment.clientId, row.id, payment.amount, payment.allocations);
  await tx.update(payments).set({ unallocated }).where(eq(payments.id, row.id));
  await refreshDebtor(tx, payment.clientId, now);
  return { id: row.id, unallocated };
}

/** A confirmed payment already spread by its caller over invoices of its client that it locked. */
export interface AllocatedPayment extends Omit<ConfirmedPayment, 'allocations'> {
  allocations: Allocation[];
}

/** Rows a statement takes at once: well under the protocol's 65,535 parameters for these tables. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Many confirmed payments, already allocated, written in the caller's transaction in a handful
 * of statements however many they are: a bank import's thousands of matches. The database checks
 * what the one-payment path checks: every allocation goes to an invoice of the payment's client,
 * and no invoice is left owing less than nothing; else the whole change is refused.
 */
export async function insertAllocatedPayments(tx: Tx, list: readonly AllocatedPayment[], now: Date): Promise<{ id: number; unallocated: number }[]> {
  if (list.length === 0) return [];
  // Ids drawn first, so each payment's allocations know it without relying on RETURNING's order.
  const ids = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('payments', 'id'))::int as id from generate_series(1, ${list.length})`)).map((row) => Number(row.id));
  const written = list.map((payment, i) => ({ id: ids[i], unallocated: payment.amount - payment.allocations.reduce((sum, a) => sum + a.amount, 0) }));
  const rows = list.map((payment, i) => ({
    id: ids[i],
    clientId: payment.clientId,
    amount: payment.amount,
    reference: payment.reference.trim(),
    paidAt: payment.paidAt,
    status: 'confirmed' as const,
    unallocated: written[i].unallocated,
    source: payment.source,
    createdBy: payment.userId,
    decidedBy: payment.userId,
  }));
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) await tx.insert(payments).values(rows.slice(at, at + ROWS_PER_STATEMENT));
  const allocations = list.flatMap((payment, i) => payment.allocations.map((a) => ({ paymentId: ids[i], invoiceId: a.invoice_id, amount: a.amount, clientId: payment.clientId })));
  for (let at = 0; at < allocations.length; at += ROWS_PER_STATEMENT) {
    await tx.insert(paymentAllocations).values(allocations.slice(at, at + ROWS_PER_STATEMENT).map(({ clientId: _client, ...row }) => row));
  }
  // Each invoice lowered once by what all the payments allocate to it, where it is the client's.
  const perInvoice = new Map<number, { invoice_id: number; client_id: number; amount: number }>();
  for (const a of allocations) {
    const seen = perInvoice.get(a.invoiceId);
    if (seen && seen.client_id !== a.clientId) throw conflict('allocations', `Invoice ${a.invoiceId} is allocated by payments of two clients`);
    perInvoice.set(a.invoiceId, { invoice_id: a.invoiceId, client_id: a.clientId, amount: (seen?.amount ?? 0) + a.amount });
  }
  if (perInvoice.size > 0) {
    const lowered = rowsOf<{ invoice_id: number; open: number }>(
      await tx.execute(sql`update ${invoiceBalances} b set open = b.open - v.amount
        from jsonb_to_recordset(${JSON.stringify([...perInvoice.values()])}::jsonb) as v (invoice_id int, client_id int, amount int)
        where b.invoice_id = v.invoice_id and b.client_id = v.client_id
        returning b.invoice_id, b.open`),
    );
    if (lowered.length !== perInvoice.size) throw conflict('allocations', 'An allocation names an invoice that is not an open invoice of its client');
    const over = lowered.find((row) => Number(row.open) < 0);
    if (over) throw conflict('allocations', `Invoice ${over.invoice_id} would owe less than nothing`);
  }
  await refreshDebtors(tx, list.map((payment) => payment.clientId), now);
  return written;
}

/** `billing/payment`: an admin records money received (EFT) and allocates it; the rest stays as credit. */
export async function recordPayment(db: Db, user: CurrentUser, body: PaymentBody, now: Date): Promise<PaymentRecord> {
  // paid_at is held to the business-date window by the route (server/http/businessDates.ts).
  const id = await db.transaction(async (tx) => {
    const client = await visibleClient(tx, user, body.client_id);
    const payment = await insertConfirmedPayment(
      tx,
      { clientId: client.id, amount: body.amount, reference: body.reference, paidAt: body.paid_at, allocations: body.allocations, userId: user.id, source: 'manual' },
      now,
    );
    await recordAudit(tx, {
      userId: user.id,
      action: 'record_payment',
      entity: 'payment',
      entityId: payment.id,
      data: { client_id: client.id, amount: body.amount, reference: body.reference, paid_at: body.paid_at, allocations: body.allocations ?? 'oldest first', unallocated: payment.unallocated },
    });
    const received = { id: payment.id, client_id: client.id, amount: body.amount, unallocated: payment.unallocated, paid_at: body.paid_at, reference: body.reference.trim() };
    await domainEvents.publish(tx, 'payment.received', received, { at: now, by: user.id });
    return payment.id;
  });
  return getPayment(db, user, id);
}

export interface ProofFile {
  file: string;
  type: string;
  name: string;
}

/** A member's proof of payment: a pending payment an admin confirms or refuses. */
export async function submitProof(db: Db, user: CurrentUser, body: { amount: number; reference: string; paid_at: string }, proof: ProofFile) {
  const id = await db.transaction(async (tx) => {
    const client = await visibleClient(tx, user, user.clientId ?? -1);
    const [payment] = await tx
      .insert(payments)
      .values({
        clientId: client.id,
        amount: body.amount,
        reference: body.reference,
        paidAt: body.paid_at,
        status: 'pending',
        unallocated: body.amount,
        source: 'proof',
        proofFile: proof.file,
        proofType: proof.type,
        proofName: proof.name,
        createdBy: user.id,
      })
      .returning({ id: payments.id });
    await recordAudit(tx, { userId: user.id, action: 'submit_payment_proof', entity: 'payment', entityId: payment.id, data: { client_id: client.id, amount: body.amount, reference: body.reference } });
    return payment.id;
  });
  return getPayment(db, user, id);
}

async function lockPending(tx: Tx, id: number) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!payment) throw Object.assign(notFound('Payment'), { errors: { id: 'Payment not found' } });
  if (payment.status !== 'pending') throw conflict('id', `This payment is ${payment.status} already`);
  return payment;
}

export async function confirmPayment(db: Db, user: CurrentUser, id: number, chosen: Allocation[] | undefined, now: Date) {
  await db.transaction(async (tx) => {
    const payment = await lockPending(tx, id);
    const unallocated = await allocate(tx, payment.clientId, payment.id, payment.amount, chosen);
    await tx.update(payments).set({ status: 'confirmed', unallocated, decidedBy: user.id }).where(eq(payments.id, id));
    await refreshDebtor(tx, payment.clientId, now);
    await recordAudit(tx, { userId: user.id, action: 'confirm_payment', entity: 'payment', entityId: id, data: { amount: payment.amount, allocations: chosen ?? 'oldest first', unallocated } });
    const received = { id, client_id: payment.clientId, amount: payment.amount, unallocated, paid_at: payment.paidAt, reference: payment.reference };
    await domainEvents.publish(tx, 'payment.received', received, { at: now, by: user.id });
  });
  return getPayment(db, user, id);
}

export async function refusePayment(db: Db, user: CurrentUser, id: number, reason: string) {
  await db.transaction(async (tx) => {
    await lockPending(tx, id);
    await tx.update(payments).set({ status: 'refused', refusedReason: reason.trim(), decidedBy: user.id }).where(eq(payments.id, id));
    await recordAudit(tx, { userId: user.id, action: 'refuse_payment', entity: 'payment', entityId: id, data: { reason } });
  });
  return getPayment(db, user, id);
}

const allocationsOf = (db: Db | Tx) =>
  db
    .select(aliased({ invoice_id: paymentAllocations.invoiceId, number: billingDocuments.number, amount: paymentAllocations.amount }))
    .from(paymentAllocations)
    .innerJoin(billingDocuments, eq(billingDocuments.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, payments.id))
    .orderBy(asc(paymentAllocations.id));

function paymentColumns(db: Db | Tx) {
  return {
    id: payments.id,
    client_id: payments.clientId,
    client_name: clients.name,
    amount: payments.amount,
    reference: payments.reference,
    paid_at: payments.paidAt,
    status: payments.status,
    unallocated: payments.unallocated,
    has_proof: sql<boolean>`${payments.proofFile} is not null`,
    proof_name: payments.proofName,
    refused_reason: payments.refusedReason,
    created_at: isoText(payments.createdAt),
    allocations: sql<PaymentRecord['allocations']>`${jsonRows(allocationsOf(db))}`,
  };
}

export async function getPayment(db: Db | Tx, user: CurrentUser, id: number): Promise<PaymentRecord> {
  const [row] = await db
    .select(paymentColumns(db))
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .where(and(eq(payments.id, id), clientsVisibleTo(user, payments.clientId)));
  if (!row) throw notFound('Payment');
  return row;
}

/** The stored proof file of a payment the user may see. */
export async function proofOf(db: Db, user: CurrentUser, id: number) {
  const [row] = await db
    .select({ file: payments.proofFile, type: payments.proofType, name: payments.proofName })
    .from(payments)
    .where(and(eq(payments.id, id), clientsVisibleTo(user, payments.clientId)));
  if (!row?.file) throw notFound('Proof of payment');
  return row as ProofFile;
}

export async function listPayments(db: Db, user: CurrentUser, query: PaymentListParams) {
  const conditions: (SQL | undefined)[] = [clientsVisibleTo(user, payments.clientId)];
  if (query.client_id) conditions.push(eq(payments.clientId, query.client_id));
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.date_from) conditions.push(gte(payments.paidAt, query.date_from));
  if (query.date_to) conditions.push(lte(payments.paidAt, query.date_to));
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const sortColumns = { paid_at: payments.paidAt, amount: payments.amount, client_name: sql`lower(${clients.name})`, id: payments.id };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(paymentColumns(db))
      .from(payments)
      .innerJoin(clients, eq(clients.id, payments.clientId))
      .where(where)
      // Proofs waiting for a decision first: they are the admin's work.
      .orderBy(sql`(${payments.status} = 'pending') desc`, ...orderByOf(sortColumns, query, payments.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(payments).innerJoin(clients, eq(clients.id, payments.clientId)).where(where),
  ]);
  return { data: rows, total: Number(total) };
}
