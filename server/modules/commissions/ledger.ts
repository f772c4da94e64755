import { asc, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { commissionMonths } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { monthOf, nextMonth } from '../../../shared/commissions/months';

/**
 * The commissions ledger, written in the transaction of the payment or the credit note it comes
 * from. Which rep earns is the invoice's sales attribution (server/modules/reports: the rep the
 * sale was counted for when it was issued), so a payment and a later credit note of an invoice
 * land on the same rep whoever works the client since.
 */

/** Closing a month and writing into one take turns: an entry never lands in a month as it closes. */
export const MONTHS_LOCK = sql`hashtext('commission_months')`;

/** The month an entry dated `day` counts in: its own, or the first open one after it (a closed month never changes). */
export async function openMonthFor(tx: Tx, day: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${MONTHS_LOCK})`);
  const first = monthOf(day);
  const closed = new Set((await tx.select({ month: commissionMonths.month }).from(commissionMonths).where(gte(commissionMonths.month, first)).orderBy(asc(commissionMonths.month))).map((r) => r.month));
  let month = first;
  while (closed.has(month)) month = nextMonth(month);
  return month;
}

/**
 * A received payment: one entry per allocation to an invoice with a rep and per product group of
 * the invoice's lines (a product counts for its oldest group, as in the sales reports), its share
 * of the allocation in proportion to the group's lines, and the net share likewise (the lines'
 * amounts excluding VAT over the invoice's total).
 */
export async function recordPaymentEntries(tx: Tx, paymentId: number, paidAt: string): Promise<void> {
  await recordPaymentsEntries(tx, [{ id: paymentId, paidAt }]);
}

/** The same for many payments at once (a bank import's): one statement per day they were paid. */
export async function recordPaymentsEntries(tx: Tx, paid: readonly { id: number; paidAt: string }[]): Promise<void> {
  const byDay = new Map<string, number[]>();
  for (const payment of paid) byDay.set(payment.paidAt, [...(byDay.get(payment.paidAt) ?? []), payment.id]);
  for (const [paidAt, ids] of byDay) {
    const month = await openMonthFor(tx, paidAt);
    await tx.execute(sql`
      insert into commission_entries (rep_user_id, month, kind, day, client_id, invoice_id, payment_id, allocation_id, product_group_id, gross, net)
      select sa.rep_user_id, ${month}, 'payment', ${paidAt}::date, d.client_id, d.id, a.payment_id, a.id, g.group_id,
        round(a.amount::numeric * g.total / d.total), round(a.amount::numeric * g.net / d.total)
      from payment_allocations a
      join billing_documents d on d.id = a.invoice_id
      join sales_attributions sa on sa.document_id = d.id
      cross join lateral (
        select portal_product_report_group(l.product_id) as group_id, sum(l.total) as total, sum(l.total_excl_vat) as net
        from billing_document_lines l where l.document_id = d.id group by 1
      ) g
      where a.payment_id = any(${`{${ids.join(',')}}`}::int[]) and sa.rep_user_id is not null and d.total > 0
      order by a.id, g.group_id nulls first`);
  }
}

/**
 * A payment reversed (a bank match undone): what was earned on it is taken back, entry for entry,
 * as clawbacks dated the day of the reversal, in that day's month or the first open one after
 * (the month it was earned in may be closed, and a closed month never changes).
 */
export async function recordReversalEntries(tx: Tx, payment: { id: number; reversed_on: string }): Promise<void> {
  const month = await openMonthFor(tx, payment.reversed_on);
  await tx.execute(sql`
    insert into commission_entries (rep_user_id, month, kind, day, client_id, invoice_id, payment_id, allocation_id, product_group_id, gross, net)
    select rep_user_id, ${month}, 'clawback', ${payment.reversed_on}::date, client_id, invoice_id, payment_id, allocation_id, product_group_id, -gross, -net
    from commission_entries
    where payment_id = ${payment.id} and kind = 'payment'
    order by id`);
}

/**
 * A credit note against an invoice a rep earned on: it takes back in proportion to what it
 * credits, up to what was paid on the invoice and not yet taken back (a credit on an unpaid
 * invoice earned nothing, so it takes nothing back), per product group of the note's lines.
 */
export async function recordClawbackEntries(tx: Tx, note: { id: number; invoice_id: number; total: number; issue_date: string }): Promise<void> {
  if (note.total <= 0) return;
  const [earned] = rowsOf<{ rep_user_id: number | null; paid: string | null }>(
    await tx.execute(sql`select min(rep_user_id) as rep_user_id, sum(gross) as paid from commission_entries where invoice_id = ${note.invoice_id}`),
  );
  const paid = Number(earned?.paid ?? 0);
  if (!earned?.rep_user_id || paid <= 0) return;
  const month = await openMonthFor(tx, note.issue_date);
  // The share of the note that was paid for: all of it, or what was paid over the note's total.
  const share = sql`least(1::numeric, ${paid}::numeric / ${note.total})`;
  await tx.execute(sql`
    insert into commission_entries (rep_user_id, month, kind, day, client_id, invoice_id, credit_note_id, product_group_id, gross, net)
    select ${earned.rep_user_id}, ${month}, 'clawback', ${note.issue_date}::date, d.client_id, ${note.invoice_id}, d.id, g.group_id,
      -round(g.total * ${share}), -round(g.net * ${share})
    from billing_documents d
    cross join lateral (
      select portal_product_report_group(l.product_id) as group_id, sum(l.total) as total, sum(l.total_excl_vat) as net
      from billing_document_lines l where l.document_id = d.id group by 1
    ) g
    where d.id = ${note.id}
    order by g.group_id nulls first`);
}
