import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { consentMethods } from '../../../shared/privacy/consent';
import { clients } from './clients';
import { leads } from './membership';
import { users } from './users';

export const erasureStatuses = ['pending', 'approved', 'declined'] as const;
export type ErasureStatus = (typeof erasureStatuses)[number];

/**
 * A member's request to be erased (POPIA s24): asked by the member from its own page or
 * recorded by an admin, then approved (the personal data is anonymised in that transaction) or
 * declined with a reason. The row holds no personal data itself, so it outlives the erasure as
 * the record that it happened.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: text('status', { enum: erasureStatuses }).notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why an admin declined (told to the member); never the member's own data. */
    declineReason: text('decline_reason'),
  },
  (t) => [
    // One open request per member: asking again while one waits answers 409.
    uniqueIndex('erasure_requests_one_pending').on(t.clientId).where(sql`${t.status} = 'pending'`),
    index('erasure_requests_status').on(t.status, t.id),
  ],
);

export type ErasureRequest = typeof erasureRequests.$inferSelect;

/**
 * POPIA: every consent to direct marketing given or withdrawn, by a member (client) or a
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
