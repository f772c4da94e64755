import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ageingBuckets, businessDay } from '../../../shared/billing/accounts';
import { bucketSums } from './ageingSql';

/**
 * Open items by client: invoices that still owe (or were over-credited), and confirmed payments
 * not allocated (credit, as of today).
 */
export function openItems(today: string, clientFilter: SQL) {
  return sql`
    select client_id, due_date, open from invoice_balances where open <> 0 and ${clientFilter}
    union all
    select client_id, ${today}::date, -unallocated from payments where status = 'confirmed' and unallocated > 0 and ${clientFilter}`;
}

/** The bucket columns of a kept balance row, as SQL lists: their names, their sum, their zeroing, their copy on conflict. */
const bucketColumns = sql.raw(ageingBuckets.join(', '));
const bucketTotal = sql.raw(ageingBuckets.join(' + '));
const zeroed = sql.raw(['balance', ...ageingBuckets].map((column) => `${column} = 0`).join(', '));
const fromExcluded = sql.raw(['as_of', 'balance', ...ageingBuckets].map((column) => `${column} = excluded.${column}`).join(', '));
const zeros = sql.raw(ageingBuckets.map(() => '0').join(', '));

const upsert = (today: string, clientFilter: SQL, onlyStale: boolean) => sql`
  with items as (${openItems(today, clientFilter)}),
  per_client as (select b.client_id, ${bucketSums(today)} from items b group by b.client_id)
  insert into debtor_balances (client_id, as_of, balance, ${bucketColumns})
  select client_id, ${today}, ${bucketTotal}, ${bucketColumns} from per_client
  on conflict (client_id) do update set ${fromExcluded}
  ${onlyStale ? sql`where debtor_balances.as_of <> ${today}` : sql``}`;

/**
 * Recomputes clients' rows at the end of a billing write, in its transaction. The rows are
 * locked first (in client order, so two writes over overlapping clients cannot deadlock), so two
 * writes for one client take turns and the later one's recomputation (a statement after the lock)
 * sees the earlier one's committed changes. Four statements however many clients: a bank import
 * refreshes thousands at once.
 */
export async function refreshDebtors(tx: Tx, clientIds: readonly number[], now: Date): Promise<void> {
  const ids = [...new Set(clientIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const today = businessDay(now);
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  await tx.execute(sql`insert into debtor_balances (client_id, as_of, balance, ${bucketColumns})
    select id, ${today}, 0, ${zeros} from unnest(${list}) as id order by id on conflict (client_id) do nothing`);
  await tx.execute(sql`select 1 from debtor_balances where client_id = any(${list}) order by client_id for update`);
  await tx.execute(sql`update debtor_balances set as_of = ${today}, ${zeroed} where client_id = any(${list})`);
  await tx.execute(upsert(today, sql`client_id = any(${list})`, false));
}

/** One client's row (see refreshDebtors). */
export async function refreshDebtor(tx: Tx, clientId: number, now: Date): Promise<void> {
  await refreshDebtors(tx, [clientId], now);
}

/**
 * Brings every row up to today once a day (ageing moves with the calendar; the first reader of the
 * day pays for one pass over the open items). A row a write refreshed today is left as it is: it
 * is fresher than this pass's snapshot. Rows whose client owes nothing any more are zeroed.
 */
export async function ageDebtors(db: Db, now: Date): Promise<boolean> {
  const today = businessDay(now);
  if (agedOn.get(db) === today) return false;
  const [{ stale }] = rowsOf<{ stale: boolean }>(
    await db.execute(sql`select exists (select 1 from debtor_balances where as_of < ${today})
      or (not exists (select 1 from debtor_balances) and exists (select 1 from invoice_balances)) as stale`),
  );
  if (stale) {
    await db.execute(upsert(today, sql`true`, true));
    await db.execute(sql`update debtor_balances set as_of = ${today}, ${zeroed} where as_of < ${today}`);
    // Every row was just rewritten: the planner's picture of them (how many owe, how much) is the
    // one from before, until autovacuum comes round. With it stale, the screen's filtered calls were
    // planned from the wrong end (450 ms p99 instead of a few ms, bench/README.md).
    await db.execute(sql`analyze debtor_balances`);
  }
  agedOn.set(db, today);
  return stale;
}

/**
 * The day each database was last seen aged, so the debtors list asks only once a day and process.
 * Once every row is as of today, no row can fall behind before tomorrow: billing writes set rows
 * as of their own today, and only a migration makes rows of an earlier day.
 */
const agedOn = new WeakMap<Db, string>();
