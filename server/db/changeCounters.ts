import { inArray } from 'drizzle-orm';
import type { Db } from './client';
import { changeCounters } from './schema';

/**
 * The tables whose changes are counted (migration 0014 puts a trigger on each and a row for each
 * in change_counters): the data list and record answers show. Left out on purpose: what changes
 * on nearly every request or every write (audit_log, user_sessions, jobs, mail_outbox,
 * login_failures, …), since every counted table is one more row each writing transaction locks
 * at its commit, and no conditional answer depends on them.
 */
export const TRACKED_TABLES = [
  'banners',
  'billing_document_lines',
  'billing_documents',
  'billing_settings',
  'branches',
  'clients',
  'debtor_balances',
  'debtor_totals',
  'email_templates',
  'group_products',
  'group_roles',
  'invoice_balances',
  'leads',
  'mailing_deliveries',
  'mailing_list_clients',
  'mailing_lists',
  'mailing_sends',
  'membership_questions',
  'order_comments',
  'order_daily_stats',
  'order_lines',
  'order_status_history',
  'orders',
  'payment_allocations',
  'payments',
  'price_rules',
  'product_groups',
  'product_property_values',
  'products',
  'properties',
  'property_values',
  'rep_clients',
  'roles',
  'statement_runs',
  'unsubscribes',
  'users',
  'vat_rates',
] as const;
export type TrackedTable = (typeof TRACKED_TABLES)[number];

/** The counters of `tables`, in the order given (one indexed read of a small table). */
export async function tableVersions(db: Db, tables: readonly TrackedTable[]): Promise<number[]> {
  const rows = await db
    .select({ table: changeCounters.tableName, version: changeCounters.version })
    .from(changeCounters)
    .where(inArray(changeCounters.tableName, [...tables]));
  const byTable = new Map(rows.map((row) => [row.table, Number(row.version)]));
  return tables.map((table) => {
    const version = byTable.get(table);
    // A missing row would make the table look unchanged for ever: refuse rather than answer stale.
    if (version === undefined) throw new Error(`change_counters has no row for ${table}`);
    return version;
  });
}
