import type { DomainEvents } from '../../events/domain';
import { issueInvoiceForOrder, wholeOrderInvoice } from './issue';
import { creditCancelledOrder } from './notes';

/**
 * What billing does when an order moves, inside the order's own transaction: a dispatch that
 * cannot be invoiced is no dispatch, and a cancellation is not done until what was invoiced is credited.
 */
export function subscribeBilling(events: DomainEvents): void {
  events.subscribe('order.status_changed', {
    kind: 'in_transaction',
    name: 'billing.invoice_at_dispatch',
    async handle(tx, { data, at, by }) {
      // A tax invoice with the supply (VAT Act s20: within 21 days).
      if (data.to === 'dispatched') await issueInvoiceForOrder(tx, by, at, data.id, { ifMissing: true });
    },
  });
  events.subscribe('order.cancelled', {
    kind: 'in_transaction',
    name: 'billing.credit_cancelled_order',
    async handle(tx, { data, at, by }) {
      // What left in deliveries was delivered: only an invoice of the whole order is credited.
      const invoice = await wholeOrderInvoice(tx, data.id);
      if (invoice) await creditCancelledOrder(tx, by, at, invoice.id, data.reference);
    },
  });
}
