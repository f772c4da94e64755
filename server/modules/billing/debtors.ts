import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { rowsOf } from '../../db/rows';
import { likePattern, pageOf } from '../../http/listQuery';
import { ageingBuckets, businessDay, type Ageing } from '../../../shared/billing/accounts';
import { clientsVisibleTo } from './access';
import { bucketSums } from './ageingSql';
import type { DebtorsParams } from './wire';

/**
 * Open items by client: invoices that still owe (or were over-credited), and confirmed payments
 * not allocated (credit, as of today). Read from `invoice_balances`, kept in every billing write,
 * so the debtors screen never replays documents.
 */
function openItems(today: string, clientFilter: SQL) {
  return sql`
    select client_id, due_date, open from invoice_balances where open <> 0 and ${clientFilter}
    union all
    select client_id, ${today}::date, -unallocated from payments where status = 'confirmed' and unallocated > 0 and ${clientFilter}`;
}

const sortSql: Record<DebtorsParams['sort'], string> = {
  balance: 'balance',
  client_name: 'lower(client_name)',
  overdue: '(days_30 + days_60 + days_90 + days_120_plus)',
  days_120_plus: 'days_120_plus',
  id: 'id',
};

/** `billing/debtors`: every client with a balance, by age bucket, paged and summed in one statement. */
export async function listDebtors(db: Db, user: CurrentUser, query: DebtorsParams, now: Date) {
  const today = businessDay(now);
  const visible = clientsVisibleTo(user, clients.id);
  const clientFilter = visible ? sql`client_id in (select ${clients.id} from ${clients} where ${visible})` : sql`true`;
  const filters: SQL[] = [sql`balance <> 0`];
  if (query.q) filters.push(sql`client_name ilike ${likePattern(query.q.trim())}`);
  if (query.branch_id !== undefined && query.branch_id !== -1) filters.push(sql`branch_id = ${query.branch_id}`);
  if (query.overdue) filters.push(sql`(days_30 + days_60 + days_90 + days_120_plus) > 0`);
  if (query.over_limit) filters.push(sql`credit_limit is not null and balance > credit_limit`);
  const { limit, offset } = pageOf(query);
  const direction = sql.raw(query.order === 'DESC' ? 'desc' : 'asc');
  const [{ answer }] = rowsOf<{ answer: { data: Record<string, number | string | null>[] | null; total: number; totals: Ageing | null } }>(
    await db.execute(sql`
      with items as (${openItems(today, clientFilter)}),
      per_client as (select b.client_id, ${bucketSums(today)} from items b group by b.client_id),
      rows as materialized (
        select c.id, c.name as client_name, c.email, c.branch_id,
          coalesce(c.payment_terms, (select default_payment_terms from billing_settings where id = 1)) as payment_terms,
          c.credit_limit,
          (p.current + p.days_30 + p.days_60 + p.days_90 + p.days_120_plus) as balance,
          p.current, p.days_30, p.days_60, p.days_90, p.days_120_plus
        from per_client p join clients c on c.id = p.client_id
      ),
      matched as materialized (select * from rows where ${sql.join(filters, sql` and `)})
      select json_build_object(
        'data', (select json_agg(r) from (
          select id, client_name, email, payment_terms, credit_limit, balance, current, days_30, days_60, days_90, days_120_plus
          from matched order by ${sql.raw(sortSql[query.sort])} ${direction}, id ${direction} limit ${limit} offset ${offset}) r),
        'total', (select count(*) from matched),
        'totals', (select json_build_object(${sql.raw(ageingBuckets.map((b) => `'${b}', coalesce(sum(${b}), 0)`).join(', '))}) from matched)
      ) as answer`),
  );
  return { data: (answer.data ?? []) as never[], total: Number(answer.total), totals: answer.totals ?? { current: 0, days_30: 0, days_60: 0, days_90: 0, days_120_plus: 0 } };
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
