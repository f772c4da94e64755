import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { billingDocumentLines, billingDocuments, clients, invoiceBalances, orderLines, orders, paymentAllocations, payments, products, type DocumentParty, type DocumentType } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import { HttpError, conflict, notFound } from '../../http/errors';
import { businessDay, dueDate, spreadInOrder } from '../../../shared/billing/accounts';
import { documentTotals, type LineAmounts, type VatClass } from '../../../shared/billing/vat';
import { documentNumber, nextSequence } from './numbering';
import { settingsRow, supplierParty } from './settings';
import { queueDocumentMail } from './mail';
import { refreshDebtor } from './debtorBalances';
import { domainEvents } from '../../events/domain';

/** Above R5 000 with VAT a tax invoice must be a full one (VAT Act s20(4)); below, abridged may do. */
export const FULL_INVOICE_ABOVE = 500_000;

export interface NewDocumentLine extends LineAmounts {
  invoiceLineId?: number | null;
  productId: number | null;
  sku: string;
  description: string;
  quantity: number;
  unitPrice: number;
}

export interface NewDocument {
  type: DocumentType;
  clientId: number;
  orderId?: number | null;
  invoiceId?: number | null;
  supplyDate: string;
  dueDate?: string;
  pricesIncludeVat: boolean;
  reason?: string;
  recipient: DocumentParty;
  locale: string;
  lines: NewDocumentLine[];
  /** Whether it must be a full document whatever its total (a note of a full invoice). */
  forceFull?: boolean;
}

const prefixOf = (settings: Awaited<ReturnType<typeof settingsRow>>, type: DocumentType) =>
  type === 'invoice' ? settings.invoicePrefix : type === 'credit_note' ? settings.creditNotePrefix : settings.debitNotePrefix;

/**
 * Writes an issued document with its lines, numbered from its series' counter, in the caller's
 * transaction. Its totals are the sums of its lines, so they always agree to the cent.
 */
export async function insertDocument(tx: Tx, userId: number | null, now: Date, document: NewDocument): Promise<{ id: number; number: string; total: number }> {
  const settings = await settingsRow(tx);
  const totals = documentTotals(document.lines);
  const sequence = await nextSequence(tx, document.type);
  const number = documentNumber(prefixOf(settings, document.type), sequence);
  const issueDate = businessDay(now);
  // Zero-rated supplies may not go on an abridged invoice (s20(5)).
  const full = document.forceFull || totals.total > FULL_INVOICE_ABOVE || document.lines.some((line) => line.vat_class === 'zero');
  const [row] = await tx
    .insert(billingDocuments)
    .values({
      type: document.type,
      sequence,
      number,
      invoiceId: document.invoiceId ?? null,
      orderId: document.orderId ?? null,
      clientId: document.clientId,
      issuedAt: now,
      issueDate,
      supplyDate: document.supplyDate,
      dueDate: document.dueDate ?? issueDate,
      full,
      pricesIncludeVat: document.pricesIncludeVat,
      totalExclVat: totals.total_excl_vat,
      vat: totals.vat,
      total: totals.total,
      byClass: totals.by_class,
      reason: document.reason ?? '',
      supplier: supplierParty(settings),
      recipient: document.recipient,
      locale: document.locale,
      createdBy: userId,
    })
    .returning({ id: billingDocuments.id });
  await tx.insert(billingDocumentLines).values(
    document.lines.map((line, index) => ({
      documentId: row.id,
      position: index + 1,
      invoiceLineId: line.invoiceLineId ?? null,
      productId: line.productId,
      sku: line.sku,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatClass: line.vat_class,
      rateBp: line.rate_bp,
      totalExclVat: line.total_excl_vat,
      vat: line.vat,
      total: line.total,
    })),
  );
  await recordAudit(tx, {
    userId,
    action: `issue_${document.type}`,
    entity: 'billing_document',
    entityId: row.id,
    data: { number, client_id: document.clientId, order_id: document.orderId ?? null, invoice_id: document.invoiceId ?? null, total: totals.total, vat: totals.vat, reason: document.reason || undefined },
  });
  if (document.type === 'invoice') {
    const issued = { id: row.id, number, client_id: document.clientId, order_id: document.orderId ?? null, total: totals.total, vat: totals.vat, issued_at: now.toISOString() };
    await domainEvents.publish(tx, 'invoice.issued', issued, { at: now, by: userId });
  }
  if (document.type === 'credit_note' && document.invoiceId) {
    const credited = { id: row.id, number, client_id: document.clientId, invoice_id: document.invoiceId, total: totals.total, vat: totals.vat, issued_at: now.toISOString(), issue_date: issueDate };
    await domainEvents.publish(tx, 'credit_note.issued', credited, { at: now, by: userId });
  }
  return { id: row.id, number, total: totals.total };
}

export async function recipientOf(tx: Tx, clientId: number): Promise<{ party: DocumentParty; locale: string; terms: string | null; email: string }> {
  const [client] = await tx
    .select({ name: clients.name, address: clients.address, vatNumber: clients.vatNumber, locale: clients.locale, terms: clients.paymentTerms, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  return { party: { name: client.name, address: client.address, vat_number: client.vatNumber }, locale: client.locale ?? 'en', terms: client.terms, email: client.email };
}

/** The invoice of an order, if it has one. */
export async function invoiceOfOrder(tx: Tx, orderId: number): Promise<{ id: number; number: string } | null> {
  const [row] = await tx
    .select({ id: billingDocuments.id, number: billingDocuments.number })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.type, 'invoice')));
  return row ?? null;
}

/**
 * The tax invoice of an order, in the caller's transaction (the dispatch status change, or an
 * admin's issue_invoice): its lines as the order froze them, VAT included. The order row is
 * locked first, so two requests for the same order issue one invoice; a cancelled order gets none.
 * `ifMissing`: answer the existing invoice instead of refusing (the dispatch path).
 */
export async function issueInvoiceForOrder(tx: Tx, userId: number | null, now: Date, orderId: number, { ifMissing = false, mail = true } = {}) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, clientId: orders.clientId, createdAt: orders.createdAt, pricesIncludeVat: orders.pricesIncludeVat, reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw Object.assign(notFound('Order'), { errors: { order_id: 'Order not found' } });
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) {
    if (ifMissing) return { ...existing, created: false };
    throw conflict('order_id', `Order ${order.reference} already has invoice ${existing.number}`);
  }
  if (order.status === 'cancelled') throw conflict('order_id', `Order ${order.reference} is cancelled: a cancelled order is not invoiced`);
  const lines = await tx
    .select({
      productId: orderLines.productId,
      sku: products.sku,
      name: products.name,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      vatClass: orderLines.vatClass,
      rateBp: orderLines.rateBp,
      vat: orderLines.vat,
      total: orderLines.total,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  if (lines.length === 0) throw new HttpError(409, `Order ${order.reference} has no lines to invoice`, { order_id: 'no lines' });
  const recipient = await recipientOf(tx, order.clientId);
  const settings = await settingsRow(tx);
  const issued = businessDay(now);
  const due = dueDate(issued, (recipient.terms ?? settings.defaultPaymentTerms) as Parameters<typeof dueDate>[1]);
  const document = await insertDocument(tx, userId, now, {
    type: 'invoice',
    clientId: order.clientId,
    orderId,
    supplyDate: businessDay(order.createdAt),
    dueDate: due,
    pricesIncludeVat: order.pricesIncludeVat,
    recipient: recipient.party,
    locale: recipient.locale,
    lines: lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      description: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vat_class: line.vatClass as VatClass,
      rate_bp: line.rateBp,
      vat: line.vat,
      total: line.total,
      total_excl_vat: line.total - line.vat,
    })),
  });
  await tx.insert(invoiceBalances).values({ invoiceId: document.id, clientId: order.clientId, dueDate: due, value: document.total, open: document.total });
  await applyCredit(tx, order.clientId, document.id);
  await refreshDebtor(tx, order.clientId, now);
  if (mail && recipient.email) await queueDocumentMail(tx, document.id, recipient.email);
  return { id: document.id, number: document.number, created: true };
}

/**
 * Credit already on the account (payments not allocated, oldest first) goes to a new invoice at
 * once: a member who paid ahead does not see an invoice as owed.
 */
async function applyCredit(tx: Tx, clientId: number, invoiceId: number): Promise<void> {
  const credits = await tx
    .select({ id: payments.id, unallocated: payments.unallocated })
    .from(payments)
    .where(and(eq(payments.clientId, clientId), eq(payments.status, 'confirmed'), gt(payments.unallocated, 0)))
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .for('update');
  if (credits.length === 0) return;
  const [balance] = await tx.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoiceId));
  // The oldest credit first, as a payment goes to the oldest invoice first.
  const { taken, left: open } = spreadInOrder(balance.open, credits.map((credit) => ({ id: credit.id, holds: credit.unallocated })));
  if (taken.length === 0) return;
  await tx.insert(paymentAllocations).values(taken.map((t) => ({ paymentId: t.id, invoiceId, amount: t.amount })));
  const used = sql.join(taken.map((t) => sql`(${t.id}::int, ${t.amount}::int)`), sql`, `);
  await tx.execute(sql`update ${payments} p set unallocated = p.unallocated - v.amount from (values ${used}) as v (id, amount) where p.id = v.id`);
  await tx.update(invoiceBalances).set({ open }).where(eq(invoiceBalances.invoiceId, invoiceId));
}
