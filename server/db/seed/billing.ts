import { and, asc, eq, inArray } from 'drizzle-orm';
import { billingDocumentLines, billingSettings, clients, orderStatusHistory, orders, paymentAllocations, payments, invoiceBalances } from '../schema';
import { issueInvoiceForOrder } from '../../modules/billing/issue';
import { issueCreditNote } from '../../modules/billing/notes';
import { refreshDebtor } from '../../modules/billing/debtorBalances';
import { businessDay } from '../../../shared/billing/accounts';
import type { DemoContext } from './demo';

/**
 * Billing demo data: the company's details, the demo members' terms, a tax invoice for every
 * order that went out (issued when it was dispatched), a credit note and payments, so the
 * invoices, debtors and statement screens have something to show.
 */
export async function seedBilling({ tx, userIds, clientIds }: DemoContext): Promise<void> {
  await tx
    .update(billingSettings)
    .set({
      legalName: 'Members Portal Trading (Pty) Ltd',
      address: '12 Commissioner St, Johannesburg, 2001',
      vatNumber: '4123456789',
      registrationNumber: '2019/123456/07',
      bankName: 'First National Bank',
      bankAccountName: 'Members Portal Trading (Pty) Ltd',
      bankAccountNumber: '62123456789',
      bankBranchCode: '250655',
    })
    .where(eq(billingSettings.id, 1));
  await tx.update(clients).set({ vatNumber: '4987654321', paymentTerms: '30', creditLimit: 50_000_000 }).where(eq(clients.id, clientIds.stockist));
  await tx.update(clients).set({ paymentTerms: 'cod' }).where(eq(clients.id, clientIds.individual));

  const shipped = await tx
    .select({ id: orders.id, clientId: orders.clientId, at: orderStatusHistory.at })
    .from(orders)
    .innerJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.toStatus, 'dispatched')))
    .where(inArray(orders.status, ['dispatched', 'delivered']))
    .orderBy(asc(orderStatusHistory.at), asc(orders.id));
  const invoices: { id: number; clientId: number; at: Date }[] = [];
  for (const order of shipped) {
    const invoice = await issueInvoiceForOrder(tx, userIds.production, order.at, order.id, { ifMissing: true, mail: false });
    invoices.push({ id: invoice.id, clientId: order.clientId, at: order.at });
  }
  if (invoices.length === 0) return;

  // One unit of the first invoice's first line came back damaged.
  const [firstLine] = await tx
    .select({ id: billingDocumentLines.id })
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, invoices[0].id))
    .orderBy(asc(billingDocumentLines.position))
    .limit(1);
  await issueCreditNote(tx, userIds.admin, new Date(invoices[0].at.getTime() + 2 * 86400_000), {
    invoice_id: invoices[0].id,
    lines: [{ invoice_line_id: firstLine.id, quantity: 1 }],
    reason: 'Damaged in transit',
  });

  // Every other invoice paid in full by EFT a week after it was issued; the rest stay open.
  for (const [index, invoice] of invoices.entries()) {
    if (index % 2 === 1) continue;
    const [balance] = await tx.select({ open: invoiceBalances.open }).from(invoiceBalances).where(eq(invoiceBalances.invoiceId, invoice.id));
    if (balance.open <= 0) continue;
    const paidAt = businessDay(new Date(Math.min(invoice.at.getTime() + 7 * 86400_000, Date.now())));
    const [payment] = await tx
      .insert(payments)
      .values({ clientId: invoice.clientId, amount: balance.open, reference: `EFT ${1000 + index}`, paidAt, status: 'confirmed', unallocated: 0, createdBy: userIds.admin, decidedBy: userIds.admin })
      .returning({ id: payments.id });
    await tx.insert(paymentAllocations).values({ paymentId: payment.id, invoiceId: invoice.id, amount: balance.open });
    await tx.update(invoiceBalances).set({ open: 0 }).where(eq(invoiceBalances.invoiceId, invoice.id));
  }
  for (const clientId of new Set(invoices.map((invoice) => invoice.clientId))) await refreshDebtor(tx, clientId, new Date());
}
