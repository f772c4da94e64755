import { sql } from 'drizzle-orm';
import type { DomainEvents, EventName } from '../../events/domain';
import type { WebhookEvent } from '../../../shared/webhooks/events';
import { emitWebhook, emitWebhooks, webhookEventCtes } from './emit';
import { membershipActivatedData, orderCreatedData } from './payloads';

/** Events whose payload is the webhook's data as it stands. */
const asIs = ['order.status_changed', 'client.created', 'invoice.issued', 'payment.received', 'stock.low', 'delivery.dispatched', 'delivery.delivered'] as const satisfies readonly (WebhookEvent & EventName)[];

/** A queued subscriber sending the event's payload; many at once (an import's) in one statement. */
function sendAsIs(events: DomainEvents, name: (typeof asIs)[number]): void {
  events.subscribe(name, {
    kind: 'queued',
    name: `webhooks.${name.replace('.', '_')}`,
    queue: (tx, event) => emitWebhook(tx, name, event.data),
    queueMany: (tx, list) => emitWebhooks(tx, name, list.map((event) => event.data)),
  });
}

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
  for (const name of asIs) sendAsIs(events, name);
  events.subscribe('membership.activated', {
    kind: 'queued',
    name: 'webhooks.membership_activated',
    // The webhook tells activate_membership (an early renewal too), as it always has; an edit that
    // sets the status is the admin's correction, not the membership flow.
    queue: async (tx, event) => {
      if (event.data.via === 'activate_membership') await emitWebhook(tx, 'membership.activated', membershipActivatedData(event.data));
    },
  });
}
