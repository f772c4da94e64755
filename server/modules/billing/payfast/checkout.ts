import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { billingDocuments, clients, invoiceBalances, payfastCheckouts } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { badRequest, notFound } from '../../../http/errors';
import { isoText } from '../../../db/queryParts';
import { centsToDecimal } from '../../../../shared/billing/vat';
import { clientsVisibleTo } from '../access';
import type { PayfastGateway } from './gateway';
import { signed, type PayfastFields } from './signature';

export interface CheckoutForm {
  id: number;
  amount: number;
  /** PayFast's payment page, where the browser posts `fields`. */
  action: string;
  fields: PayfastFields;
}

/** The invoices a checkout may pay: the caller's to see, one client's, each still owing something. */
async function openInvoices(tx: Tx, user: CurrentUser, ids: number[]) {
  const rows = await tx
    .select({ id: billingDocuments.id, number: billingDocuments.number, clientId: billingDocuments.clientId, open: invoiceBalances.open })
    .from(billingDocuments)
    .innerJoin(invoiceBalances, eq(invoiceBalances.invoiceId, billingDocuments.id))
    .where(and(inArray(billingDocuments.id, ids), eq(billingDocuments.type, 'invoice'), clientsVisibleTo(user, billingDocuments.clientId)))
    .orderBy(asc(billingDocuments.id));
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  // Another client's invoice answers as one that does not exist: a member learns nothing of it.
  if (missing.length > 0) throw Object.assign(notFound('Invoice'), { errors: { invoice_ids: `Invoice not found: #${missing.join(', #')}` } });
  if (new Set(rows.map((row) => row.clientId)).size > 1) throw badRequest('invoice_ids', 'The invoices of one checkout must be of one client');
  const closed = rows.filter((row) => row.open <= 0);
  if (closed.length > 0) throw badRequest('invoice_ids', `Nothing is owed on ${closed.map((row) => row.number).join(', ')}`);
  return rows;
}

/** Where PayFast sends the payer back: the invoice paid, or the statement of several. */
function returnPath(invoices: { id: number; clientId: number }[]): string {
  return invoices.length === 1 ? `/invoices/${invoices[0].id}` : `/clients/view/${invoices[0].clientId}/statement`;
}

/**
 * `billing/checkout`: the intent to pay these invoices through PayFast, kept with its amount (what
 * they owe now) and the signed payment form the browser posts to PayFast.
 */
export async function createCheckout(db: Db, user: CurrentUser, invoiceIds: number[], gateway: PayfastGateway, publicUrl: string): Promise<CheckoutForm> {
  const { id, amount, invoices, email } = await db.transaction(async (tx) => {
    const invoices = await openInvoices(tx, user, invoiceIds);
    const amount = invoices.reduce((sum, invoice) => sum + invoice.open, 0);
    const [client] = await tx.select({ email: clients.email }).from(clients).where(eq(clients.id, invoices[0].clientId));
    const [checkout] = await tx
      .insert(payfastCheckouts)
      .values({ clientId: invoices[0].clientId, amount, invoiceIds: invoices.map((invoice) => invoice.id), createdBy: user.id })
      .returning({ id: payfastCheckouts.id });
    await recordAudit(tx, { userId: user.id, action: 'payfast_checkout', entity: 'payfast_checkout', entityId: checkout.id, data: { client_id: invoices[0].clientId, amount, invoice_ids: invoices.map((invoice) => invoice.id) } });
    return { id: checkout.id, amount, invoices, email: client?.email ?? '' };
  });
  const back = `${publicUrl}${returnPath(invoices)}`;
  const numbers = invoices.map((invoice) => invoice.number).join(', ');
  const { settings } = gateway;
  // PayFast's order: merchant, customer, transaction; the signature covers them in this order.
  const fields: PayfastFields = [
    ['merchant_id', settings.merchantId],
    ['merchant_key', settings.merchantKey],
    ['return_url', back],
    ['cancel_url', back],
    ['notify_url', `${publicUrl}/api/billing/payfast_notify`],
    ['email_address', /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : ''],
    ['m_payment_id', String(id)],
    ['amount', centsToDecimal(amount)],
    ['item_name', `${invoices.length === 1 ? 'Invoice' : 'Invoices'} ${numbers}`.slice(0, 100)],
  ];
  return { id, amount, action: `${settings.url}/eng/process`, fields: signed(fields.filter(([, value]) => value !== ''), settings.passphrase) };
}

export async function getCheckout(db: Db | Tx, user: CurrentUser, id: number) {
  const [row] = await db
    .select({
      id: payfastCheckouts.id,
      client_id: payfastCheckouts.clientId,
      amount: payfastCheckouts.amount,
      status: payfastCheckouts.status,
      payment_id: payfastCheckouts.paymentId,
      created_at: isoText(payfastCheckouts.createdAt),
      invoices: sql<{ id: number; number: string }[]>`(select coalesce(json_agg(json_build_object('id', d.id, 'number', d.number) order by d.id), '[]'::json) from ${billingDocuments} d where d.id = any(${payfastCheckouts.invoiceIds}))`,
    })
    .from(payfastCheckouts)
    .where(and(eq(payfastCheckouts.id, id), clientsVisibleTo(user, payfastCheckouts.clientId)));
  if (!row) throw Object.assign(notFound('Checkout'), { errors: { id: 'Checkout not found' } });
  return row;
}
