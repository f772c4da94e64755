import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
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
  /** An invoice for one delivery of the order (an order may then have several invoices). */
  deliveryId?: number | null;
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
      deliveryId: document.deliveryId ?? null,
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

/** An invoice of an order, if it has one (the first: an order delivered in parts has one per delivery). */
export async function invoiceOfOrder(tx: Tx, orderId: number): Promise<{ id: number; number: string } | null> {
  const [row] = await tx
    .select({ id: billingDocuments.id, number: billingDocuments.number })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.type, 'invoice')))
    .orderBy(asc(billingDocuments.id))
    .limit(1);
  return row ?? null;
}

/** The invoice of the whole order (issued at dispatch or by hand), not one of a delivery's. */
export async function wholeOrderInvoice(tx: Tx, orderId: number): Promise<{ id: number; number: string } | null> {
  const [row] = await tx
    .select({ id: billingDocuments.id, number: billingDocuments.number })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.type, 'invoice'), isNull(billingDocuments.deliveryId)));
  return row ?? null;
}

/** Locks the order an invoice is for (two requests for one order issue one invoice); 404 naming `order_id`. */
async function lockOrderToInvoice(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, clientId: orders.clientId, createdAt: orders.createdAt, pricesIncludeVat: orders.pricesIncludeVat, reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw Object.assign(notFound('Order'), { errors: { order_id: 'Order not found' } });
  return order;
}
type OrderToInvoice = Awaited<ReturnType<typeof lockOrderToInvoice>>;

/** An order's lines as the order froze them (price, VAT class and rate, VAT and total per line). */
async function orderLinesToInvoice(tx: Tx, orderId: number) {
  return tx
    .select({
      id: orderLines.id,
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
}
type LineToInvoice = Awaited<ReturnType<typeof orderLinesToInvoice>>[number];

const documentLineOf = (line: LineToInvoice, quantity: number, total: number, vat: number): NewDocumentLine => ({
  productId: line.productId,
  sku: line.sku,
  description: line.name,
  quantity,
  unitPrice: line.unitPrice,
  vat_class: line.vatClass as VatClass,
  rate_bp: line.rateBp,
  vat,
  total,
  total_excl_vat: total - vat,
});

/** Writes an order's invoice of these lines with its balance, the credit on the account applied, and its mail. */
async function issueOrderInvoice(
  tx: Tx,
  userId: number | null,
  now: Date,
  order: OrderToInvoice,
  lines: NewDocumentLine[],
  { deliveryId = null, mail = true }: { deliveryId?: number | null; mail?: boolean },
) {
  const recipient = await recipientOf(tx, order.clientId);
  const settings = await settingsRow(tx);
  const issued = businessDay(now);
  const due = dueDate(issued, (recipient.terms ?? settings.defaultPaymentTerms) as Parameters<typeof dueDate>[1]);
  const document = await insertDocument(tx, userId, now, {
    type: 'invoice',
    clientId: order.clientId,
    orderId: order.id,
    deliveryId,
    supplyDate: businessDay(order.createdAt),
    dueDate: due,
    pricesIncludeVat: order.pricesIncludeVat,
    recipient: recipient.party,
    locale: recipient.locale,
    lines,
  });
  await tx.insert(invoiceBalances).values({ invoiceId: document.id, clientId: order.clientId, dueDate: due, value: document.total, open: document.total });
  await applyCredit(tx, order.clientId, document.id);
  await refreshDebtor(tx, order.clientId, now);
  if (mail && recipient.email) await queueDocumentMail(tx, document.id, recipient.email);
  return { id: document.id, number: document.number, created: true };
}

/**
 * The tax invoice of an order, in the caller's transaction (the dispatch status change, or an
 * admin's issue_invoice): its lines as the order froze them, VAT included. The order row is
 * locked first, so two requests for the same order issue one invoice; a cancelled order gets none.
 * `ifMissing`: answer the existing invoice instead of refusing (the dispatch path, also when the
 * order already left in deliveries, each with its own invoice).
 */
export async function issueInvoiceForOrder(tx: Tx, userId: number | null, now: Date, orderId: number, { ifMissing = false, mail = true } = {}) {
  const order = await lockOrderToInvoice(tx, orderId);
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) {
    if (ifMissing) return { ...existing, created: false };
    throw conflict('order_id', `Order ${order.reference} already has invoice ${existing.number}`);
  }
  if (order.status === 'cancelled') throw conflict('order_id', `Order ${order.reference} is cancelled: a cancelled order is not invoiced`);
  const lines = await orderLinesToInvoice(tx, orderId);
  if (lines.length === 0) throw new HttpError(409, `Order ${order.reference} has no lines to invoice`, { order_id: 'no lines' });
  return issueOrderInvoice(tx, userId, now, order, lines.map((line) => documentLineOf(line, line.quantity, line.total, line.vat)), { mail });
}

/** What a delivery carries of one order line: the line's units delivered before it and after it. */
export interface DeliveredShare {
  orderLineId: number;
  before: number;
  after: number;
}

/**
 * The tax invoice of what one delivery took out, in the delivery's transaction: each line's share
 * at the order's frozen price and VAT. A share's amounts are the line's amounts up to `after`
 * units less those up to `before` (each rounded to the cent the same way), so the invoices of an
 * order's deliveries add up to the order's lines to the cent, the last one taking the rest. An
 * order already invoiced whole (by hand, before it left) gets no second invoice: answers null.
 */
export async function issueInvoiceForDelivery(tx: Tx, userId: number | null, now: Date, orderId: number, deliveryId: number, shares: DeliveredShare[], { mail = true } = {}) {
  const order = await lockOrderToInvoice(tx, orderId);
  if (await wholeOrderInvoice(tx, orderId)) return null;
  const byLine = new Map(shares.map((share) => [share.orderLineId, share]));
  const lines = (await orderLinesToInvoice(tx, orderId)).flatMap((line) => {
    const share = byLine.get(line.id);
    if (!share || share.after <= share.before) return [];
    const upTo = (amount: number, units: number) => Math.round((amount * units) / line.quantity);
    const part = (amount: number) => upTo(amount, share.after) - upTo(amount, share.before);
    return [documentLineOf(line, share.after - share.before, part(line.total), part(line.vat))];
  });
  if (lines.length === 0) return null;
  return issueOrderInvoice(tx, userId, now, order, lines, { deliveryId, mail });
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
