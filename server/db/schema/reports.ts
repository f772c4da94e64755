import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { billingDocuments } from './billing';
import { clientTypes } from './clients';

/**
 * Who a document's sales count for, fixed when it is issued (an insert trigger, migration 0032):
 * the client's type, the branch (the order's, else the client's) and the rep at the time (the
 * order's creator when it is one of the client's reps, else the client's first linked rep). A note
 * takes its invoice's, so a credit lands where the sale was counted.
 */
export const salesAttributions = pgTable('sales_attributions', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => billingDocuments.id),
  clientType: text('client_type', { enum: clientTypes }).notNull(),
  branchId: integer('branch_id'),
  repUserId: integer('rep_user_id'),
});

/**
 * The invoice register summed per day and per dimension the sales reports group or filter by,
 * kept by insert triggers on the billing documents in the issuing transaction (migration 0032):
 * reports read these rows instead of every line. Credit notes count negative. `documents` counts
 * a document once (on its first line's row), `product_documents` once per product in it,
 * `group_documents` once per product group in it. A product's sales count for its oldest group.
 */
export const salesSummaries = pgTable(
  'sales_summaries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    clientId: integer('client_id').notNull(),
    clientType: text('client_type', { enum: clientTypes }).notNull(),
    branchId: integer('branch_id'),
    repUserId: integer('rep_user_id'),
    productId: integer('product_id'),
    productGroupId: integer('product_group_id'),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    documents: integer('documents').notNull().default(0),
    productDocuments: integer('product_documents').notNull().default(0),
    groupDocuments: integer('group_documents').notNull().default(0),
  },
  (t) => [
    unique('sales_summaries_key').on(t.day, t.clientId, t.productId, t.productGroupId, t.clientType, t.branchId, t.repUserId).nullsNotDistinct(),
    index('sales_summaries_client_day').on(t.clientId, t.day),
    index('sales_summaries_rep_day').on(t.repUserId, t.day),
    index('sales_summaries_product_day').on(t.productId, t.day),
  ],
);

/**
 * The register summed per month for each grouping on its own, and per day as a whole (grouping
 * `day`), kept by the same issuing trigger as the summaries (migration 0039). A report of the whole
 * business reads these: a year is a few thousand rows whatever the number of lines. `key` is the
 * grouping's value as a report keys it; `documents` the count right for the grouping.
 */
export const salesRollups = pgTable(
  'sales_rollups',
  {
    grouping: text('grouping').notNull(),
    bucket: date('bucket', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    documents: integer('documents').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_rollups_pkey', columns: [t.grouping, t.bucket, t.key] })],
);
