import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { consentMethods } from '../../../shared/privacy/consent';
import { clients } from './clients';
import { leads } from './membership';
import { users } from './users';

/**
 * POPIA (issue 24): every consent to direct marketing given or withdrawn, by a member (client) or a
 * lead, as it happened. Append-only (a migration trigger refuses updates): the current state of a
 * subject is its latest row, and the history is the proof the Act asks for. `wording` is the text
 * the person saw, in the language they saw it; `ip` the address the request came from (null when
 * an admin records a consent given on the phone).
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').references(() => clients.id),
    // A deleted lead takes its consents with it: they prove nothing about anyone left.
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    given: boolean('given').notNull(),
    method: text('method', { enum: consentMethods }).notNull(),
    wording: text('wording').notNull(),
    locale: text('locale').notNull(),
    ip: text('ip'),
    /** The admin's note of a consent recorded by phone (who said what, when). */
    note: text('note').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('marketing_consents_one_subject', sql`(${t.clientId} is null) <> (${t.leadId} is null)`),
    index('marketing_consents_client').on(t.clientId, t.at, t.id),
    index('marketing_consents_lead').on(t.leadId, t.at, t.id),
  ],
);

/** The company's information officer (POPIA s55), shown on the public privacy page. One row. */
export const privacySettings = pgTable(
  'privacy_settings',
  {
    id: integer('id').primaryKey().default(1),
    officerName: text('officer_name').notNull().default(''),
    officerEmail: text('officer_email').notNull().default(''),
    officerPhone: text('officer_phone').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('privacy_settings_one_row', sql`${t.id} = 1`)],
);

export type MarketingConsent = typeof marketingConsents.$inferSelect;
