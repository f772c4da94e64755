import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus } from '../../../shared/webhooks/events';

/**
 * Outgoing webhook endpoints: where the portal POSTs its events. The signing secret is
 * kept sealed (server/auth/secretBox.ts, bound to the endpoint's id) because the worker must read
 * it back to sign; the admin sees it once, in the answer that creates or rotates it.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** Event names (shared/webhooks/events.ts). */
  events: text('events').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint. Its id is the body's `id`, the same on every try, so a receiver can
 * drop a repeat; the attempts are runs of a `webhook_delivery` job. The columns keep the last
 * try's answer (status code and the first 2 kB of its body) for the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** Why the last try failed without an answer (refused address, timeout, connection error). */
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
