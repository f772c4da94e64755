import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { mailingDeliveries, mailingSends } from './mailing';

/**
 * Engagement with campaign mail: which links a send's HTML carried, and how often they
 * and its open pixel were hit. Counted per send, per link and per hour; per member only where the
 * company ties engagement to members (mailing_settings), which is personal information under POPIA.
 */

/**
 * The company's choices about campaign mail; one row (id 1). `tie_engagement_to_members` off
 * (the default): tracking links carry no recipient, and nothing is recorded per member.
 */
export const mailingSettings = pgTable(
  'mailing_settings',
  {
    id: integer('id').primaryKey().default(1),
    tieEngagementToMembers: boolean('tie_engagement_to_members').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mailing_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * A send's tracked links, in the order they appear in its HTML, stored when the send starts. A click
 * token names a link by its index and the redirect goes where this row says: never to an address
 * the token itself carries, so a signed link cannot be turned into an open redirect.
 */
export const mailingLinks = pgTable(
  'mailing_links',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => mailingSends.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.idx] })],
);

export const engagementKinds = ['open', 'click'] as const;
export type EngagementKind = (typeof engagementKinds)[number];
/** `link_idx` of an open (a key column cannot be null). */
export const OPEN_LINK = -1;

/**
 * Opens and clicks per send, link and hour: the report's figures and its chart, without a row per
 * event. Written by the click and open routes' batched flush (engagement/recorder.ts), which adds to `hits`.
 */
export const mailingEngagementHourly = pgTable(
  'mailing_engagement_hourly',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => mailingSends.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: engagementKinds }).notNull(),
    linkIdx: integer('link_idx').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.kind, t.linkIdx, t.hour] })],
);

/**
 * Who opened or clicked what, only while the company setting is on: one row per recipient (the
 * delivery, hence the member) and link, so unique opens and clicks are a count of rows.
 */
export const mailingEngagementMembers = pgTable(
  'mailing_engagement_members',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => mailingSends.id, { onDelete: 'cascade' }),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => mailingDeliveries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: engagementKinds }).notNull(),
    linkIdx: integer('link_idx').notNull(),
    hits: integer('hits').notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.kind, t.linkIdx, t.deliveryId] }), index('mailing_engagement_members_delivery').on(t.deliveryId)],
);
