/**
 * The events an outgoing webhook endpoint may subscribe to. The server validates
 * `saveendpoint` against this list and the web app draws one checkbox per name, so both read it here.
 */
export const WEBHOOK_EVENTS = ['order.created', 'order.status_changed', 'client.created', 'membership.activated', 'invoice.issued', 'payment.received', 'stock.low', 'delivery.dispatched', 'delivery.delivered'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of a delivery sent by an endpoint's test button; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'ping';

export const isWebhookEvent = (name: string): name is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(name);

/** Delivery states: waiting for its first or next try, answered 2xx, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
