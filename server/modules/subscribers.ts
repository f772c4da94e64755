import type { DomainEvents } from '../events/domain';
import type { ModuleDeps } from './deps';
import { subscribeWebhooks } from './webhooks/subscribers';
import { subscribeAutomail } from './automail/subscribers';
import { subscribeMailing } from './crm/mailing/subscribers';
import { subscribeBilling } from './billing/subscribers';
import { subscribeCommissions } from './commissions/subscribers';
import { subscribeStock } from './stock/subscribers';
import { subscribeDeliveries } from './deliveries/subscribers';

/**
 * Every domain module's subscribers to the domain events (server/events/domain.ts), registered by
 * buildApp with the app's settings. A new domain that reacts to orders, invoices or payments adds
 * its `subscribe…` here, and the module that publishes does not change.
 */
export function registerSubscribers(events: DomainEvents, deps: Pick<ModuleDeps, 'publicUrl'>): void {
  events.clear();
  subscribeWebhooks(events);
  subscribeAutomail(events, deps);
  subscribeMailing(events);
  // Before billing: a dispatch sends what is left in a delivery with its own invoice, and
  // billing's invoice at dispatch then finds the order invoiced.
  subscribeDeliveries(events, deps);
  subscribeBilling(events);
  subscribeCommissions(events);
  subscribeStock(events);
}
