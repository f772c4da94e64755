import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { clients } from './clients';
import { users } from './users';

export const leadStatuses = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
/** Where a lead came from: the public /register form, an admin, a rep's prospect, a CSV import. */
export const leadSources = ['register', 'manual', 'rep', 'import'] as const;
export type LeadSource = (typeof leadSources)[number];
/** The client types a lead can become (an admin client is never made from a lead). */
export const leadClientTypes = ['stockist', 'individual'] as const;
export type LeadClientType = (typeof leadClientTypes)[number];

/**
 * A sales lead, and a member request (a lead from /register that waits for approval). Approval
 * turns it into a client (`client_id`, status converted); a rejection makes it lost with a reason.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    /** The person or the company asking to join. */
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    message: text('message').notNull().default(''),
    clientType: text('client_type', { enum: leadClientTypes }).notNull().default('stockist'),
    branchId: integer('branch_id').references(() => branches.id),
    source: text('source', { enum: leadSources }).notNull().default('manual'),
    status: text('status', { enum: leadStatuses }).notNull().default('new'),
    ownerId: integer('owner_id').references(() => users.id),
    notes: text('notes').notNull().default(''),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    clientId: integer('client_id').references(() => clients.id),
    locale: text('locale').notNull().default('en'),
    /** Set by the lead retention job (LEAD_RETENTION_DAYS): its personal fields were blanked; the row stays for the pipeline's counts. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Registering twice makes one request: one open /register lead per email (any spelling).
    uniqueIndex('leads_open_request_email')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.source} = 'register' and ${t.status} not in ('converted', 'lost')`),
    index('leads_status').on(t.status, t.id),
    index('leads_source_status').on(t.source, t.status),
    index('leads_owner').on(t.ownerId),
    index('leads_follow_up').on(t.followUpAt).where(sql`${t.status} not in ('converted', 'lost')`),
    index('leads_created').on(t.createdAt, t.id),
    index('leads_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('leads_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('leads_company_trgm').using('gin', sql`${t.company} gin_trgm_ops`),
    index('leads_contact_trgm').using('gin', sql`${t.contactName} gin_trgm_ops`),
    check('leads_converted_has_client', sql`${t.status} <> 'converted' or ${t.clientId} is not null`),
  ],
);
export type Lead = typeof leads.$inferSelect;

/**
 * The links of /complete/membership/{token}: only a SHA-256 of the 192-bit token is kept. A link
 * works once (`used_at`), until it expires, and until a newer one is sent (`revoked_at`).
 */
export const membershipTokens = pgTable(
  'membership_tokens',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer link is sent (send_membership_reminder): the older one stops working. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_tokens_client').on(t.clientId)],
);

export const questionKinds = ['text', 'yes_no', 'choice'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** The questions a new member answers on the completion page; texts per language (en at least). */
export const membershipQuestions = pgTable(
  'membership_questions',
  {
    id: serial('id').primaryKey(),
    text: jsonb('text').$type<Record<string, string>>().notNull(),
    kind: text('kind', { enum: questionKinds }).notNull().default('text'),
    /** The options of a `choice` question (in English; the answer stored is the option). */
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_questions_position').on(t.position, t.id), check('membership_questions_position_not_negative', sql`${t.position} >= 0`)],
);

/** Public registrations per remote address, in the database so the throttle holds across instances. */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_attempts_ip_at').on(t.ip, t.at)],
);
