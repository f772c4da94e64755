import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * Automatic mail: the admin's switch per kind (shared/automail/kinds.ts). No row: the
 * kind is on, as every kind is by default.
 */
export const automailSettings = pgTable('automail_settings', {
  kind: text('kind').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An admin's wording of one kind in one language, replacing the default from code
 * (server/modules/automail/catalogue.ts); deleting the row is "reset to default".
 */
export const automailTemplates = pgTable(
  'automail_templates',
  {
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    /** Paragraphs separated by a blank line, with `{placeholders}`. */
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.locale] })],
);

/** Which notices a member chose to get (its own page). No row: every notice, the default. */
export const clientNoticePreferences = pgTable('client_notice_preferences', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  orderConfirmation: boolean('order_confirmation').notNull().default(true),
  orderStatus: boolean('order_status').notNull().default(true),
  renewalReminders: boolean('renewal_reminders').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
