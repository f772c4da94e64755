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

/**
 * A client's statement of account for a period: the opening balance (everything before it),
 * each invoice, note and confirmed payment in it with the running balance, the closing balance,
 * and the closing balance aged by due date as of the last day. Four statements, no per-entry work
 * in the database beyond an index walk.
 */
export async function statement(db: Db, user: CurrentUser, clientId: number, period: { from: string; to: string }): Promise<StatementRecord> {
  const client = await visibleClient(db, user, clientId);
  const { from, to } = period;
  const signed = sql.raw(`case d.type when 'credit_note' then -d.total else d.total end`);
  const [opening] = rowsOf<{ amount: string | number }>(
    await db.execute(sql`select
      coalesce((select sum(${signed}) from billing_documents d where d.client_id = ${clientId} and d.issue_date < ${from}), 0)
      - coalesce((select sum(p.amount) from payments p where p.client_id = ${clientId} and p.status = 'confirmed' and p.paid_at < ${from}), 0) as amount`),
  );
  const entries = rowsOf<{ date: string; type: EntryType; id: number; number: string; debit: number; credit: number }>(
    await db.execute(sql`
      select * from (
        select d.issue_date::text as date, d.type, d.id, d.number,
          case when d.type = 'credit_note' then 0 else d.total end as debit,
          case when d.type = 'credit_note' then d.total else 0 end as credit, 0 as kind_order
        from billing_documents d where d.client_id = ${clientId} and d.issue_date between ${from} and ${to}
        union all
        select p.paid_at::text, 'payment', p.id, p.reference, 0, p.amount, 1
        from payments p where p.client_id = ${clientId} and p.status = 'confirmed' and p.paid_at between ${from} and ${to}
      ) e order by date, kind_order, id`),
  );
  // Each invoice issued by the last day, with what it still owed then (notes and payments dated by then).
  const open = rowsOf<{ due: string; open: number | string }>(
    await db.execute(sql`
      select i.due_date::text as due,
        i.total
        + coalesce((select sum(case n.type when 'credit_note' then -n.total else n.total end) from billing_documents n where n.invoice_id = i.id and n.issue_date <= ${to}), 0)
        - coalesce((select sum(a.amount) from payment_allocations a join payments p on p.id = a.payment_id where a.invoice_id = i.id and p.paid_at <= ${to}), 0) as open
      from billing_documents i where i.client_id = ${clientId} and i.type = 'invoice' and i.issue_date <= ${to}`),
  );
  const run = runningBalance(
    Number(opening.amount),
    entries.map((e) => ({ date: e.date, type: e.type, id: Number(e.id), number: e.number, debit: Number(e.debit), credit: Number(e.credit) })),
  );
  const items = open.map((o) => ({ due: o.due, open: Number(o.open) }));
  // Payments not (yet) allocated by then are credit: the difference, aged as current.
  const credit = run.closing - items.reduce((sum, item) => sum + item.open, 0);
  return {
    client_id: client.id,
    client_name: client.name,
    from,
    to,
    opening_balance: Number(opening.amount),
    closing_balance: run.closing,
    entries: run.entries as StatementRecord['entries'],
    ageing: ageItems([...items, { due: to, open: credit }], to),
  };
}
