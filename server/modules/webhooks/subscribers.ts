import { sql } from 'drizzle-orm';
import type { DomainEvents } from '../../events/domain';
import { emitWebhook, emitWebhooks, webhookEventCtes } from './emit';
import { membershipActivatedData, orderCreatedData } from './payloads';

/**
 * The events the portal sends to subscribed endpoints, each queued (a delivery row and a job per
 * endpoint) in the change's own transaction; the worker posts them (deliver.ts).
 */
export function subscribeWebhooks(events: DomainEvents): void {
  events.subscribe('order.created', {
    kind: 'queued',
    name: 'webhooks.order_created',
    queue: (tx, event) => emitWebhook(tx, 'order.created', orderCreatedData(event.data)),
    queueInStatement: ({ data, from }) => webhookEventCtes('order.created', sql`(${data}) - 'membership_fee'`, from),
  });
  events.subscribe('order.status_changed', {
    kind: 'queued',
    name: 'webhooks.order_status_changed',
    queue: (tx, event) => emitWebhook(tx, 'order.status_changed', event.data),
  });
  events.subscribe('client.created', {
    kind: 'queued',
    name: 'webhooks.client_created',
    queue: (tx, event) => emitWebhook(tx, 'client.created', event.data),
    // An import's new clients: one statement for all of them.
    queueMany: (tx, list) => emitWebhooks(tx, 'client.created', list.map((event) => event.data)),
  });
  events.subscribe('membership.activated', {
    kind: 'queued',
    name: 'webhooks.membership_activated',
    // The webhook tells activate_membership (an early renewal too), as it always has; an edit that
    // sets the status is the admin's correction, not the membership flow.
    queue: async (tx, event) => {
      if (event.data.via === 'activate_membership') await emitWebhook(tx, 'membership.activated', membershipActivatedData(event.data));
    },
  });
  events.subscribe('invoice.issued', {
    kind: 'queued',
    name: 'webhooks.invoice_issued',
    queue: (tx, event) => emitWebhook(tx, 'invoice.issued', event.data),
  });
  events.subscribe('payment.received', {
    kind: 'queued',
    name: 'webhooks.payment_received',
    queue: (tx, event) => emitWebhook(tx, 'payment.received', event.data),
    // A bank import's matches: one statement for all of them.
    queueMany: (tx, list) => emitWebhooks(tx, 'payment.received', list.map((event) => event.data)),
  });
  events.subscribe('stock.low', {
    kind: 'queued',
    name: 'webhooks.stock_low',
    queue: (tx, event) => emitWebhook(tx, 'stock.low', event.data),
  });
}
