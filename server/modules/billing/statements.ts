import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../auth/roles';
import { badRequest } from '../../http/errors';
import { rowsOf } from '../../db/rows';
import { addDays, ageItems, businessDay, runningBalance, type EntryType } from '../../../shared/billing/accounts';
import { visibleClient } from './access';
import type { StatementRecord } from './wire';

/** A statement's default period: the 90 days to today. */
export function statementPeriod(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? businessDay(now);
  const from = query.from ?? addDays(to, -89);
  if (from > to) throw badRequest('from', `The period starts (${from}) after it ends (${to})`);
  return { from, to };
}

/** A page of a statement's entries (1-based), or every entry (the PDF). */
export interface StatementPage {
  page: number;
  perPage: number;
}

/**
 * A client's statement of account for a period: the opening balance (everything before it), the
 * period's invoices, notes and confirmed payments with the running balance — one page of them, or
 * all — the closing balance, and the closing balance aged by due date as of the last day.
 *
 * A page carries the balance brought forward to its first entry (the opening balance plus every
 * entry before it, summed in SQL), so each entry's running balance is right on any page without
 * the earlier pages being sent; the closing balance and the count are one aggregate over the
 * period. A 2,000-entry account thus answers 50 entries, not 2,000 (235 kB of JSON before).
 */
export async function statement(db: Db, user: CurrentUser, clientId: number, period: { from: string; to: string }, paging?: StatementPage): Promise<StatementRecord> {
  const client = await visibleClient(db, user, clientId);
  const { from, to } = period;
  const signed = sql.raw(`case d.type when 'credit_note' then -d.total else d.total end`);
  const entriesOfPeriod = sql`
    select d.issue_date::text as date, d.type, d.id, d.number,
      case when d.type = 'credit_note' then 0 else d.total end as debit,
      case when d.type = 'credit_note' then d.total else 0 end as credit, 0 as kind_order
    from billing_documents d where d.client_id = ${clientId} and d.issue_date between ${from} and ${to}
    union all
    select p.paid_at::text, 'payment', p.id, p.reference, 0, p.amount, 1
    from payments p where p.client_id = ${clientId} and p.status = 'confirmed' and p.paid_at between ${from} and ${to}`;
  const [head] = rowsOf<{ opening: string | number; moved: string | number; count: string | number; later: boolean }>(
    await db.execute(sql`select
      coalesce((select sum(${signed}) from billing_documents d where d.client_id = ${clientId} and d.issue_date < ${from}), 0)
      - coalesce((select sum(p.amount) from payments p where p.client_id = ${clientId} and p.status = 'confirmed' and p.paid_at < ${from}), 0) as opening,
      coalesce(e.moved, 0) as moved, e.count,
      exists (select 1 from billing_documents d where d.client_id = ${clientId} and d.issue_date > ${to})
        or exists (select 1 from payments p where p.client_id = ${clientId} and p.status = 'confirmed' and p.paid_at > ${to}) as later
      from (select sum(debit - credit) as moved, count(*) as count from (${entriesOfPeriod}) e) e`),
  );
  const openingBalance = Number(head.opening);
  const total = Number(head.count);
  const window = paging ? sql`limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}` : sql``;
  // `before` is what the entries ahead of each one moved the balance: the first row's is the page's
  // balance brought forward.
  const rows = rowsOf<{ date: string; type: EntryType; id: number; number: string; debit: number; credit: number; before: string | number }>(
    await db.execute(sql`
      select e.*, coalesce(sum(debit - credit) over (order by date, kind_order, id rows between unbounded preceding and 1 preceding), 0) as before
      from (${entriesOfPeriod}) e order by date, kind_order, id ${window}`),
  );
  // Each invoice issued by the last day, with what it still owed then (notes and payments dated by
  // then). When nothing of the client's is dated after the last day (a statement to today), that is
  // what its invoices owe now, kept in step by every billing write: read, not recomputed per invoice.
  const open = rowsOf<{ due: string; open: number | string }>(
    await db.execute(
      !head.later
        ? sql`select b.due_date::text as due, b.open from invoice_balances b where b.client_id = ${clientId} and b.open <> 0`
        : sql`
      select i.due_date::text as due,
        i.total
        + coalesce((select sum(case n.type when 'credit_note' then -n.total else n.total end) from billing_documents n where n.invoice_id = i.id and n.issue_date <= ${to}), 0)
        - coalesce((select sum(a.amount) from payment_allocations a join payments p on p.id = a.payment_id where a.invoice_id = i.id and p.status = 'confirmed' and p.paid_at <= ${to}), 0) as open
      from billing_documents i where i.client_id = ${clientId} and i.type = 'invoice' and i.issue_date <= ${to}`,
    ),
  );
  const closing = openingBalance + Number(head.moved);
  const broughtForward = rows.length > 0 ? openingBalance + Number(rows[0].before) : closing;
  const run = runningBalance(
    broughtForward,
    rows.map((e) => ({ date: e.date, type: e.type, id: Number(e.id), number: e.number, debit: Number(e.debit), credit: Number(e.credit) })),
  );
  const items = open.map((o) => ({ due: o.due, open: Number(o.open) }));
  // Payments not (yet) allocated by then are credit: the difference, aged as current.
  const credit = closing - items.reduce((sum, item) => sum + item.open, 0);
  return {
    client_id: client.id,
    client_name: client.name,
    from,
    to,
    opening_balance: openingBalance,
    closing_balance: closing,
    total,
    page: paging?.page ?? 1,
    per_page: paging?.perPage ?? total,
    brought_forward: broughtForward,
    carried_forward: run.closing,
    entries: run.entries as StatementRecord['entries'],
    ageing: ageItems([...items, { due: to, open: credit }], to),
  };
}
