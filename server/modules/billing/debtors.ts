import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { rowsOf } from '../../db/rows';
import { pageOf } from '../../http/listQuery';
import { clientIsNamed } from '../clients/named';
import { ageingBuckets, businessDay, type Ageing } from '../../../shared/billing/accounts';
import { clientsVisibleTo, linkedToRep } from './access';
import { bucketSums, overdueSum } from './ageingSql';
import { ageDebtors, openItems } from './debtorBalances';
import type { DebtorsParams } from './wire';

const sortSql: Record<DebtorsParams['sort'], string> = {
  balance: 'd.balance',
  client_name: 'lower(clients.name)',
  overdue: overdueSum('d'),
  days_120_plus: 'd.days_120_plus',
  id: 'd.client_id',
};
const buckets = ageingBuckets.map((b) => `d.${b}`).join(', ');

/**
 * `billing/debtors`: every client with a balance, by age bucket, from `debtor_balances` (one row
 * per client, kept by the billing writes): the page walks the balance index; the count and the
 * sums are `debtor_totals`' one row when nothing filters, else one pass over the rows that match.
 * `reads` is where the list is read from (a replica, see ModuleDeps.reads).
 */
export async function listDebtors(db: Db, reads: Db, user: CurrentUser, query: DebtorsParams, now: Date) {
  // The day's first reader ages the rows on the primary and reads what it wrote there; later readers may use the replica.
  if (await ageDebtors(db, now)) reads = db;
  const visible = clientsVisibleTo(user, clients.id);
  const filters: SQL[] = [sql`d.balance <> 0`];
  if (visible) filters.push(visible);
  // A search finds its clients first (the name's trigram index), then their balance rows by key:
  // it costs its matches, not a pass over every debtor tested by name.
  const q = query.q?.trim();
  if (q) filters.push((await clientIsNamed(reads, sql`d.client_id`, q)) ?? sql`false`);
  if (query.branch_id !== undefined && query.branch_id !== -1) filters.push(sql`clients.branch_id = ${query.branch_id}`);
  if (query.overdue) filters.push(sql.raw(`${overdueSum('d')} > 0`));
  if (query.over_limit) filters.push(sql`clients.credit_limit is not null and d.balance > clients.credit_limit`);
  // An admin's look at one rep's clients; for a rep it only narrows what `visible` already does.
  if (query.rep_user_id !== undefined) filters.push(linkedToRep(query.rep_user_id, sql`d.client_id`));
  const where = sql.join(filters, sql` and `);
  // The client row is read for the page only unless a filter or the sort needs it for every row.
  const needsClient = Boolean(visible || (query.branch_id !== undefined && query.branch_id !== -1) || query.over_limit || query.sort === 'client_name');
  const from = needsClient ? sql`debtor_balances d join ${clients} on clients.id = d.client_id` : sql`debtor_balances d`;
  const { limit, offset } = pageOf(query);
  const direction = query.order === 'DESC' ? 'desc' : 'asc';
  const orderBy = (sortKey: string) => sql.raw(`${sortKey} ${direction}, d.client_id ${direction}`);
  const sums = sql.raw(ageingBuckets.map((b) => `coalesce(sum(d.${b}), 0) as ${b}`).join(', '));
  // Unfiltered (an admin's screen as it opens), the page walks the balance index and the totals
  // line is the row the triggers keep. Filtered, the rows that match are found once, for both the
  // page and the totals (the search's clients by their name index, each one's balance row by key).
  const filtered = filters.length > 1;
  const order = filtered && query.sort === 'client_name' ? orderBy('d.name_key') : orderBy(sortSql[query.sort]);
  const prelude = filtered
    ? sql`matched as materialized (
        select d.client_id, d.balance, ${sql.raw(buckets)}${needsClient ? sql`, lower(clients.name) as name_key` : sql``} from ${from} where ${where}
      ),
      page as (select * from matched d order by ${order} limit ${limit} offset ${offset})`
    : sql`page as (
        select d.client_id, d.balance, ${sql.raw(buckets)} from ${from} where ${where} order by ${order} limit ${limit} offset ${offset}
      )`;
  const totals = filtered
    ? sql`(select count(*) as total, ${sums} from matched d)`
    : sql`(select debtors as total, ${sql.raw(ageingBuckets.join(', '))} from debtor_totals where id = 1)`;
  const [{ answer }] = rowsOf<{ answer: { data: Record<string, number | string | null>[] | null; total: number; totals: Ageing } }>(
    await reads.execute(sql`
      with ${prelude}
      select json_build_object(
        'data', (select json_agg(r) from (
          select clients.id, clients.name as client_name, clients.email,
            coalesce(clients.payment_terms, (select default_payment_terms from billing_settings where id = 1)) as payment_terms, clients.credit_limit,
            d.balance, ${sql.raw(buckets)}
          from page d join ${clients} on clients.id = d.client_id
          order by ${order}) r),
        'total', t.total,
        'totals', json_build_object(${sql.raw(ageingBuckets.map((b) => `'${b}', t.${b}`).join(', '))})
      ) as answer
      from ${totals} t`),
  );
  return { data: (answer.data ?? []) as never[], total: Number(answer.total), totals: answer.totals };
}

/** One client's balance and ageing as of today (the account section of its page). */
export async function accountAgeing(db: Db, clientId: number, now: Date): Promise<Ageing & { unallocated_credit: number }> {
  const today = businessDay(now);
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      with items as (${openItems(today, sql`client_id = ${clientId}`)})
      select ${bucketSums(today)}, coalesce((select sum(unallocated) from payments where client_id = ${clientId} and status = 'confirmed'), 0) as unallocated_credit
      from items b`),
  );
  const ageing = Object.fromEntries(ageingBuckets.map((bucket) => [bucket, Number(row[bucket])])) as Ageing;
  return { ...ageing, unallocated_credit: Number(row.unallocated_credit) };
}
