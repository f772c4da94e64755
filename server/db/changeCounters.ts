import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';
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
  'commission_entries',
  'commission_months',
  'commission_plans',
  'commission_statements',
  'commission_targets',
  'courier_events',
  'courier_tracking_templates',
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
  'stock_levels',
  'stock_reservations',
  'unsubscribes',
  'users',
  'vat_rates',
] as const;
export type TrackedTable = (typeof TRACKED_TABLES)[number];

/** The counters of `tables`, in the order given (one indexed read of a small table). */
export async function tableVersions(db: Db, tables: readonly TrackedTable[]): Promise<number[]> {
  // Read by every validated request that reads a replica (or has heard nothing): one array
  // parameter instead of a query builder's tree (half the CPU of building it; the table names are
  // the routes' declarations, never a caller's text).
  const rows = rowsOf<{ table_name: string; version: number | string }>(
    await db.execute(sql`select table_name, version from ${changeCounters} where table_name = any(${`{${tables.join(',')}}`}::text[])`),
  );
  return inOrderOf(rows.map((row) => ({ table: row.table_name, version: Number(row.version) })), tables);
}

/** The versions of `tables` in the order given, from counter rows read. */
function inOrderOf(rows: readonly { table: string; version: number }[], tables: readonly TrackedTable[]): number[] {
  const byTable = new Map(rows.map((row) => [row.table, row.version]));
  return tables.map((table) => {
    const version = byTable.get(table);
    // A missing row would make the table look unchanged for ever: refuse rather than answer stale.
    if (version === undefined) throw new Error(`change_counters has no row for ${table}`);
    return version;
  });
}

/** Where migration 0023's commit trigger announces the counters a commit raised, as `table=version,…`. */
export const COUNTER_CHANGES_CHANNEL = 'portal_counters';

/**
 * The change counters as this instance last heard them: read whole once the notice channel is
 * live, then raised by each commit's notice. Never ahead of the database: PostgreSQL hands a
 * notice to listeners only once its commit is visible to new snapshots, and a counter is only
 * raised to a value the database had. A validator made from it is therefore never newer than data
 * read after it; it may be older (a notice still on its way, or missed while the channel was
 * down), which costs a full answer, never a wrong 304: conditionalReads confirms a match against
 * the database before it answers 304.
 */
export class CounterCache {
  private readonly heard = new Map<string, number>();
  private loaded = false;
  /** Bumped by every change of the channel's state, so a read that started before one is dropped. */
  private generation = 0;

  constructor(
    private readonly readAll: () => Promise<Array<{ table: string; version: number }>>,
    private readonly log: (error: unknown) => void,
  ) {}

  /** The counters of `tables` in the order given, or null when they are not known here (use the database). */
  versionsOf(tables: readonly TrackedTable[]): number[] | null {
    if (!this.loaded) return null;
    const versions: number[] = [];
    for (const table of tables) {
      const version = this.heard.get(table);
      if (version === undefined) return null;
      versions.push(version);
    }
    return versions;
  }

  /**
   * The counters of `tables` as the database holds them now: what a 304 or a kept answer is
   * confirmed by (a notice of another instance's commit may still be on its way). A read answers
   * every request that asked before it was sent; one that asks while a read runs waits for the
   * next, sent once that one ends, so its snapshot is taken after the request asked and holds every
   * commit made before. Under load one read of the table serves many requests, where each used to
   * wait for a connection of the pool for its own.
   */
  async confirmed(tables: readonly TrackedTable[]): Promise<number[]> {
    return inOrderOf(await this.nextRead(), tables);
  }

  private running: Promise<Array<{ table: string; version: number }>> | null = null;
  private queued: Promise<Array<{ table: string; version: number }>> | null = null;

  private nextRead(): Promise<Array<{ table: string; version: number }>> {
    if (!this.running) return this.sendRead();
    this.queued ??= this.running.then(
      () => this.afterRead(),
      () => this.afterRead(),
    );
    return this.queued;
  }

  private afterRead() {
    this.queued = null;
    return this.sendRead();
  }

  private sendRead() {
    const read = this.readAll().then((rows) => {
      for (const row of rows) this.raise(row.table, row.version);
      return rows;
    });
    const running = read.finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  notice(payload: string): void {
    for (const pair of payload.split(',')) {
      const [table, version] = pair.split('=');
      const value = Number(version);
      if (table && Number.isSafeInteger(value)) this.raise(table, value);
    }
  }

  /**
   * Live: read every counter (notices already arrive, so nothing committed after the read is
   * missed). Not live: notices may be lost from now on, so the database answers until the next read.
   */
  setLive(live: boolean): Promise<void> {
    this.generation += 1;
    this.loaded = false;
    return live ? this.load(this.generation) : Promise.resolve();
  }

  private async load(generation: number): Promise<void> {
    try {
      const rows = await this.readAll();
      if (generation !== this.generation) return;
      for (const row of rows) this.raise(row.table, row.version);
      this.loaded = true;
    } catch (error) {
      // Left unloaded: every validator comes from the database, as without the cache.
      this.log(error);
    }
  }

  private raise(table: string, version: number): void {
    if (version > (this.heard.get(table) ?? -1)) this.heard.set(table, version);
  }
}

/** Every counter, for CounterCache's read. */
export async function allTableVersions(db: Db): Promise<Array<{ table: string; version: number }>> {
  const rows = rowsOf<{ table_name: string; version: number | string }>(await db.execute(sql`select table_name, version from ${changeCounters}`));
  return rows.map((row) => ({ table: row.table_name, version: Number(row.version) }));
}
