import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A marketing banner shown on members' pages while it is active and inside its window (null
 * bounds are open). `image_name` is the file's name in `<uploads>/banners/`, served at
 * `/uploads/banners/<image_name>`.
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    imageName: text('image_name').notNull(),
    linkUrl: text('link_url'),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banners_position').on(t.position, t.id),
    check('banners_position_not_negative', sql`${t.position} >= 0`),
    check('banners_window_in_order', sql`${t.activeTo} is null or ${t.activeFrom} is null or ${t.activeTo} >= ${t.activeFrom}`),
  ],
);
