import type { DomainEvents } from '../../events/domain';
import { queueOrderStatusMail, queueWelcomeIfActivated } from './events';
import { orderConfirmationCte, queueOrderConfirmationJob } from './orderConfirmation';

/**
 * The automatic mails that follow what other modules do, each queued in the change's own
 * transaction under a dedupe key naming the event (events.ts), so it goes once per event.
 */
export function subscribeAutomail(events: DomainEvents, settings: { publicUrl: string }): void {
  events.subscribe('order.created', {
    kind: 'queued',
    name: 'automail.order_confirmation',
    queue: async (tx, { data }) => {
      if (!data.membership_fee) await queueOrderConfirmationJob(tx, data.id);
    },
    queueInStatement: orderConfirmationCte,
  });
  events.subscribe('order.status_changed', {
    kind: 'queued',
    name: 'automail.order_status',
    // "dispatched" has the order module's own mail, with the tracking link, as the notice of that step.
    queue: async (tx, { data }) => {
      if (data.to !== 'dispatched') await queueOrderStatusMail(tx, settings.publicUrl, data.id, data.to);
    },
  });
  events.subscribe('membership.activated', {
    kind: 'queued',
    name: 'automail.membership_welcome',
    // An early renewal of an active membership is no activation: no second welcome.
    queue: (tx, { data, at }) => queueWelcomeIfActivated(tx, settings.publicUrl, data.client_id, data.previous_status ?? undefined, 'active', at),
  });
}
