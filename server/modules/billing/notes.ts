import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingDocumentLines, billingDocuments, invoiceBalances } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { badRequest, conflict, notFound } from '../../http/errors';
import { lineAmounts, partOfLine, rateOn, type VatClass } from '../../../shared/billing/vat';
import { businessDay } from '../../../shared/billing/accounts';
import { insertDocument, type NewDocumentLine } from './issue';
import { vatContext } from './vatContext';
import { refreshDebtor } from './debtorBalances';
import type { CreditNoteBody, DebitNoteBody } from './wire';

/** An invoice locked for a change of what it owes: notes and allocations on one invoice take turns. */
export async function lockInvoice(tx: Tx, invoiceId: number) {
  const [invoice] = await tx
    .select({
      id: billingDocuments.id,
      number: billingDocuments.number,
      clientId: billingDocuments.clientId,
      orderId: billingDocuments.orderId,
      full: billingDocuments.full,
      pricesIncludeVat: billingDocuments.pricesIncludeVat,
      supplyDate: billingDocuments.supplyDate,
      recipient: billingDocuments.recipient,
      locale: billingDocuments.locale,
      value: invoiceBalances.value,
      open: invoiceBalances.open,
    })
    .from(billingDocuments)
    .innerJoin(invoiceBalances, eq(invoiceBalances.invoiceId, billingDocuments.id))
    .where(and(eq(billingDocuments.id, invoiceId), eq(billingDocuments.type, 'invoice')))
    .for('update', { of: invoiceBalances });
  if (!invoice) throw Object.assign(notFound('Invoice'), { errors: { invoice_id: 'Invoice not found' } });
  return invoice;
}

/** Each line of an invoice with what credit notes have already taken off it. */
async function invoiceLinesWithCredits(tx: Tx, invoiceId: number) {
  const lines = await tx.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoiceId)).orderBy(asc(billingDocumentLines.position));
  const credited = await tx
    .select({
      invoiceLineId: billingDocumentLines.invoiceLineId,
      quantity: sql<number>`sum(${billingDocumentLines.quantity})::int`,
      total_excl_vat: sql<number>`sum(${billingDocumentLines.totalExclVat})::int`,
      vat: sql<number>`sum(${billingDocumentLines.vat})::int`,
      total: sql<number>`sum(${billingDocumentLines.total})::int`,
    })
    .from(billingDocumentLines)
    .innerJoin(billingDocuments, eq(billingDocuments.id, billingDocumentLines.documentId))
    .where(and(eq(billingDocuments.invoiceId, invoiceId), eq(billingDocuments.type, 'credit_note'), inArray(billingDocumentLines.invoiceLineId, lines.length ? lines.map((l) => l.id) : [-1])))
    .groupBy(billingDocumentLines.invoiceLineId);
  const byLine = new Map(credited.map((c) => [Number(c.invoiceLineId), { quantity: Number(c.quantity), total_excl_vat: Number(c.total_excl_vat), vat: Number(c.vat), total: Number(c.total) }]));
  return lines.map((line) => ({ line, credited: byLine.get(line.id) ?? { quantity: 0, total_excl_vat: 0, vat: 0, total: 0 } }));
}

/**
 * A credit note against an invoice (VAT Act s21), in the caller's transaction: the chosen lines
 * and quantities, or everything still uncredited. Never more than a line still holds; what it
 * credits comes off the invoice's open amount (below zero it is credit on the account).
 */
export async function issueCreditNote(tx: Tx, userId: number | null, now: Date, body: CreditNoteBody): Promise<{ id: number; number: string }> {
  const invoice = await lockInvoice(tx, body.invoice_id);
  const lines = await invoiceLinesWithCredits(tx, invoice.id);
  const remaining = new Map(lines.map(({ line, credited }) => [line.id, line.quantity - credited.quantity]));
  const requested = body.lines ?? lines.filter(({ line }) => remaining.get(line.id)! > 0).map(({ line }) => ({ invoice_line_id: line.id, quantity: remaining.get(line.id)! }));
  if (requested.length === 0) throw conflict('invoice_id', `Invoice ${invoice.number} has been credited in full already`);
  const seen = new Set<number>();
  const noteLines: NewDocumentLine[] = requested.map((request, index) => {
    const found = lines.find(({ line }) => line.id === request.invoice_line_id);
    if (!found) throw badRequest(`lines.${index}.invoice_line_id`, `Line ${request.invoice_line_id} is not a line of invoice ${invoice.number}`);
    if (seen.has(request.invoice_line_id)) throw badRequest(`lines.${index}.invoice_line_id`, `Line ${request.invoice_line_id} is named twice`);
    seen.add(request.invoice_line_id);
    const left = remaining.get(found.line.id)!;
    if (request.quantity > left) {
      throw badRequest(`lines.${index}.quantity`, `Only ${left} of ${found.line.quantity} of "${found.line.description}" remain on invoice ${invoice.number}; ${request.quantity} is more than that`);
    }
    const amounts = partOfLine({ ...found.line, total_excl_vat: found.line.totalExclVat }, request.quantity, found.credited);
    return {
      invoiceLineId: found.line.id,
      productId: found.line.productId,
      sku: found.line.sku,
      description: found.line.description,
      quantity: request.quantity,
      unitPrice: found.line.unitPrice,
      vat_class: found.line.vatClass as VatClass,
      rate_bp: found.line.rateBp,
      ...amounts,
    };
  });
  const total = noteLines.reduce((sum, line) => sum + line.total, 0);
  // Lines are the limit for goods; debit notes and earlier credits are in `value`.
  if (total > invoice.value) throw badRequest('lines', `The credit of ${total} cents is more than the ${invoice.value} cents that remain on invoice ${invoice.number}`);
  const note = await insertDocument(tx, userId, now, {
    type: 'credit_note',
    clientId: invoice.clientId,
    orderId: invoice.orderId,
    invoiceId: invoice.id,
    supplyDate: invoice.supplyDate,
    pricesIncludeVat: invoice.pricesIncludeVat,
    reason: body.reason.trim(),
    recipient: invoice.recipient,
    locale: invoice.locale,
    forceFull: invoice.full,
    lines: noteLines,
  });
  await tx
    .update(invoiceBalances)
    .set({ value: sql`${invoiceBalances.value} - ${total}`, open: sql`${invoiceBalances.open} - ${total}` })
    .where(eq(invoiceBalances.invoiceId, invoice.id));
  await refreshDebtor(tx, invoice.clientId, now);
  return note;
}

export async function creditNote(db: Db, user: CurrentUser, body: CreditNoteBody, now: Date) {
  return db.transaction((tx) => issueCreditNote(tx, user.id, now, body));
}

/** A debit note (s21): an amount the invoice undercharged, with its VAT at today's rate of its class. */
export async function debitNote(db: Db, user: CurrentUser, body: DebitNoteBody, now: Date) {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, body.invoice_id);
    const context = await vatContext(tx, now);
    const vatClass = body.vat_class ?? 'standard';
    // The amount is taken as VAT-inclusive: what the member will pay more.
    const amounts = lineAmounts({ quantity: 1, unit_price: body.amount, vat_class: vatClass, rate_bp: rateOn(context.rates, vatClass, businessDay(now)) }, true);
    const note = await insertDocument(tx, user.id, now, {
      type: 'debit_note',
      clientId: invoice.clientId,
      orderId: invoice.orderId,
      invoiceId: invoice.id,
      supplyDate: businessDay(now),
      pricesIncludeVat: true,
      reason: body.reason.trim(),
      recipient: invoice.recipient,
      locale: invoice.locale,
      forceFull: invoice.full,
      lines: [{ productId: null, sku: '', description: body.description.trim(), quantity: 1, unitPrice: body.amount, ...amounts }],
    });
    await tx
      .update(invoiceBalances)
      .set({ value: sql`${invoiceBalances.value} + ${amounts.total}`, open: sql`${invoiceBalances.open} + ${amounts.total}` })
      .where(eq(invoiceBalances.invoiceId, invoice.id));
    await refreshDebtor(tx, invoice.clientId, now);
    return note;
  });
}

/** Cancelling an invoiced order credits what remains of its invoice, in the cancellation's transaction. */
export async function creditCancelledOrder(tx: Tx, userId: number | null, now: Date, invoiceId: number, reference: string): Promise<void> {
  const lines = await invoiceLinesWithCredits(tx, invoiceId);
  if (!lines.some(({ line, credited }) => line.quantity > credited.quantity)) return;
  await issueCreditNote(tx, userId, now, { invoice_id: invoiceId, reason: `Order ${reference} cancelled` });
}

