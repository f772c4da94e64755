import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { paymentTerms } from '../../../shared/billing/accounts';

export const clientTypes = ['stockist', 'individual', 'admin'] as const;
export type ClientType = (typeof clientTypes)[number];

export const membershipStatuses = ['requested', 'approved', 'pending_payment', 'active', 'expired'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/** A member of the business (called "client" in the API). Its calls are in server/modules/clients. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: clientTypes }).notNull(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    branchId: integer('branch_id').references(() => branches.id),
    membershipStatus: text('membership_status', { enum: membershipStatuses }).notNull().default('requested'),
    membershipExpiresAt: timestamp('membership_expires_at', { withTimezone: true }),
    questionAnswers: jsonb('question_answers').$type<Record<string, string>>().notNull().default({}),
    /** The language the member chose (registration, import): its membership mail is written in it; null = the default. */
    locale: text('locale'),
    /** The member's own VAT registration number, printed on its full tax invoices. */
    vatNumber: text('vat_number').notNull().default(''),
    /** COD, 7, 30 or 60 days; null: the billing settings' default. */
    paymentTerms: text('payment_terms', { enum: paymentTerms }),
    /** The most the member may owe (open invoices + orders not yet invoiced), in cents; null: no limit. */
    creditLimit: integer('credit_limit'),
    /** Bumped by the database on every change of the row (migration trigger): a save that names an older one is stale (409). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by clients/delete: the client leaves the lists and its users are deactivated; its history stays. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    // One live client per email; an archived client frees its address.
    uniqueIndex('clients_email_lower').on(sql`lower(${t.email})`).where(sql`${t.email} <> '' and ${t.archivedAt} is null`),
    index('clients_name_lower').on(sql`lower(${t.name})`),
    // The members list's default order over the live clients: a page is a walk of this index.
    index('clients_listed_name').on(t.name, t.id).where(sql`${t.archivedAt} is null`),
    // "Contains" searches (clients/all, the order search by client, reps' client search) read
    // these trigram indexes instead of every client; pg_trgm comes from migration 0003.
    index('clients_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('clients_contact_trgm').using('gin', sql`${t.contactName} gin_trgm_ops`),
    index('clients_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('clients_phone_trgm').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('clients_branch').on(t.branchId),
    index('clients_membership_status').on(t.membershipStatus),
  ],
);

export type Client = typeof clients.$inferSelect;

/**
 * How many clients there are of each type, membership state, branch (0: none) and archived or
 * not, kept by statement triggers on `clients` (migration 0036): the members list's total when
 * no search narrows it, a sum of a few rows instead of a count of every client.
 */
export const clientCounts = pgTable(
  'client_counts',
  {
    type: text('type', { enum: clientTypes }).notNull(),
    membershipStatus: text('membership_status', { enum: membershipStatuses }).notNull(),
    branchId: integer('branch_id').notNull(),
    archived: boolean('archived').notNull(),
    clients: bigint('clients', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'client_counts_pkey', columns: [t.type, t.membershipStatus, t.branchId, t.archived] })],
);
