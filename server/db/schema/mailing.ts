import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/** An email template: the body is HTML sanitised on save, with `{{placeholders}}`. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_name_lower').on(sql`lower(${t.name})`)],
);

export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailing_lists_name_lower').on(sql`lower(${t.name})`)],
);

export const mailingListClients = pgTable(
  'mailing_list_clients',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.clientId] }), index('mailing_list_clients_client').on(t.clientId)],
);

/**
 * `complaint`: the recipient's mail provider reported the message as spam (a bounce webhook).
 * `consent`: the member withdrew its marketing consent (its page, or an admin on the phone; POPIA).
 */
export const unsubscribeVia = ['link', 'one-click', 'admin', 'complaint', 'consent'] as const;

/** A client who asked for no more list mail: every later send skips it (a send's own deliveries say why). */
export const unsubscribes = pgTable('unsubscribes', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  via: text('via', { enum: unsubscribeVia }).notNull(),
  /** The send whose message carried the link, when it came from one. */
  sendId: integer('send_id'),
});

/** `scheduled`: waiting for its `scheduled_at` (a job starts it then); no deliveries yet. */
export const sendStatuses = ['scheduled', 'running', 'paused', 'cancelled', 'done'] as const;
export type SendStatus = (typeof sendStatuses)[number];

/**
 * One sending of a template to a list. The template's subject and body are copied at send time,
 * so editing the template later changes neither the mail still queued nor the record of what went.
 * `sent` and `failed` are kept up to date by the lanes that work the send (server/modules/crm/mailing/lane.ts)
 * and recounted from the deliveries whenever a send stops.
 */
export const mailingSends = pgTable(
  'mailing_sends',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    /** Names as they were, for past sends whose list or template was deleted since. */
    listName: text('list_name').notNull(),
    templateName: text('template_name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: sendStatuses }).notNull().default('running'),
    /** Recipients to mail (the skipped ones are not in it). */
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** How many lanes (jobs working it in parallel) it runs on; the rate limit is shared between them. */
    lanes: integer('lanes').notNull().default(1),
    /** Bumped by resume and retry: lanes of an older generation stop. */
    generation: integer('generation').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a scheduled send is to start (its recipients are taken then, not when it was set). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mailing_sends_idempotency').on(t.createdBy, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('mailing_sends_list').on(t.listId, t.id),
    index('mailing_sends_template').on(t.templateId, t.id),
    index('mailing_sends_active').on(t.status).where(sql`${t.status} in ('running', 'paused')`),
  ],
);

export const deliveryStatuses = ['queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * One recipient of a send: the unit of work. A lane claims queued rows with FOR UPDATE SKIP LOCKED,
 * holds them as `sending` until `locked_until` (its job's lease), and marks each `sent` right after
 * the SMTP server accepted it, so a crash repeats at most the messages in flight.
 */
export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sendId: integer('send_id')
      .notNull()
      .references(() => mailingSends.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The last failure, or why the recipient was skipped. */
    error: text('error'),
    /** Not before this moment (retry backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: text('message_id'),
  },
  (t) => [
    // Few indexes on purpose: every delivery is updated twice (claimed, then sent), and each index
    // costs a write per update. A send's rows are found through the first; the lanes' claims through
    // the second, which holds only the rows still to do.
    uniqueIndex('mailing_deliveries_send_client').on(t.sendId, t.clientId),
    index('mailing_deliveries_open').on(t.sendId, t.id).where(sql`${t.status} in ('queued', 'sending')`),
    // The sliding-window cap (MAIL_WINDOW_CAP) counts what every send mailed in the last window:
    // one index entry per delivered message, written once, when it is marked sent.
    index('mailing_deliveries_sent_at').on(t.sentAt).where(sql`${t.status} = 'sent'`),
  ],
);

export const bounceTypes = ['hard', 'soft', 'complaint'] as const;
export type BounceType = (typeof bounceTypes)[number];
export const bounceSources = ['webhook', 'mailgun', 'dsn'] as const;

/**
 * Whether mail to an address arrives, per address (lower case) rather than per member: a bounce
 * names an address, and a member whose email changes starts afresh (clients' save deletes the old
 * address's row). Undeliverable addresses are skipped by every later send.
 */
export const emailDeliverability = pgTable('email_deliverability', {
  email: text('email').primaryKey(),
  /** Soft bounces received for the address (kept until its member's email changes); at SOFT_BOUNCE_LIMIT it is undeliverable. */
  softBounces: integer('soft_bounces').notNull().default(0),
  /** Set: no more mail to this address; `reason` says why (the provider's words). */
  undeliverableAt: timestamp('undeliverable_at', { withTimezone: true }),
  reason: text('reason').notNull().default(''),
  lastType: text('last_type', { enum: bounceTypes }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Every bounce and complaint received, with the send it is about when one is known (the latest
 * delivery to that address): a send's report counts them. `signature` keeps a replayed webhook
 * (same signature, within the five-minute window) from counting twice.
 */
export const mailBounces = pgTable(
  'mail_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    type: text('type', { enum: bounceTypes }).notNull(),
    reason: text('reason').notNull().default(''),
    source: text('source', { enum: bounceSources }).notNull(),
    sendId: integer('send_id').references(() => mailingSends.id, { onDelete: 'set null' }),
    signature: text('signature'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_bounces_send').on(t.sendId, t.type), index('mail_bounces_email').on(t.email), uniqueIndex('mail_bounces_signature').on(t.signature)],
);

/** The key that signs unsubscribe links, made once per installation and shared by every instance. */
export const mailingKeys = pgTable('mailing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});

export type EmailTemplate = typeof emailTemplates.$inferSelect;
export type MailingList = typeof mailingLists.$inferSelect;
export type MailingSend = typeof mailingSends.$inferSelect;
export type MailingDelivery = typeof mailingDeliveries.$inferSelect;
export type EmailDeliverability = typeof emailDeliverability.$inferSelect;
