/**
 * The sales reports and a rep's commission statement on the bench dataset with its billing rows
 * (bench/dataset.ts, bench/billing.ts: every dispatched or delivered order invoiced, its lines
 * copied, part of them paid), through the started portal's API, 20 at a time:
 *
 * - `reports/sales` for a year against the year before, once per grouping (month, week, product,
 *   product group, client, client type, rep, branch), as the analytics screen asks (the top 10 and
 *   "others" but by month and week): as twenty admins ask it (the answer kept after the first),
 *   and again with every request computed (`_computed`, sent with Cache-Control: no-cache);
 * - `commissions/statement` of the demo reseller (the rep of the dataset's rep clients) for the
 *   month of most of its entries, its ledger written from the dataset's payments by the same code
 *   the payments' subscriber runs (a bulk load bypasses the API, so nothing else would write it).
 *
 * BENCH_ORDERS=200000 is the issue's "1,000,000 order lines" (five lines an order).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { recordPaymentsEntries } from '../server/modules/commissions/ledger';
import { addDays, businessDay } from '../shared/billing/accounts';
import { salesGroupings } from '../shared/reports/periods';
import { fullBillingSize, generateBilling } from './billing';
import { CONCURRENCY, tokenOf } from './datasetBench';
import { measured } from './connections';
import { base, onDataset } from './portal';

/** The rows the analytics screen and the dashboards ask for by product, client and the other dimensions. */
const TOP = 10;

export async function runReportsBench(): Promise<Record<string, unknown>> {
  let rep = { id: 0, month: '', entries: 0 };
  const prepare = async (db: Db) => {
    const billing = await generateBilling(db, { ...fullBillingSize, ordersToIssue: 0 });
    const [reseller] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email = 'reseller@example.com'`));
    await db.execute(sql`insert into commission_plans (rep_user_id, rate_bp, tiers) values (${reseller.id}, 500, '[{"above": 0, "rate_bp": 700}]'::jsonb)`);
    const paid = rowsOf<{ id: number; paid_at: string }>(await db.execute(sql`select id, paid_at::text as paid_at from payments where status = 'confirmed' order by id`));
    const started = performance.now();
    await db.transaction((tx) => recordPaymentsEntries(tx, paid.map((p) => ({ id: Number(p.id), paidAt: p.paid_at }))));
    const [busiest] = rowsOf<{ month: string; entries: number }>(
      await db.execute(sql`select month, count(*)::int as entries from commission_entries where rep_user_id = ${reseller.id} group by month order by 2 desc, 1 desc limit 1`),
    );
    rep = { id: reseller.id, month: busiest?.month ?? businessDay(new Date()).slice(0, 7), entries: busiest?.entries ?? 0 };
    const [lines] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from billing_document_lines`));
    return { ...billing.size, invoice_lines: lines.n, commission_entries_ms: Math.round(performance.now() - started), rep_month_entries: rep.entries };
  };
  return onDataset('reports', prepare, async (figures) => {
    const admin = await tokenOf('admin@example.com');
    const to = businessDay(new Date());
    const from = addDays(to, -364);
    for (const grouping of salesGroupings) {
      // As the analytics screen asks: the top 10 with the rest as "others", except by month and week.
      const top = grouping === 'month' || grouping === 'week' ? '' : `&limit=${TOP}`;
      const url = `${base}/api/reports/sales?group_by=${grouping}&from=${from}&to=${to}&compare=last_year${top}`;
      const started = performance.now();
      const first = await fetch(url, { headers: admin }).then((r) => r.json() as Promise<{ data: unknown[]; totals: { documents: number } }>);
      const firstMs = Math.round(performance.now() - started);
      // As twenty admins opening the screen ask it: the first computes, the rest take the answer
      // kept until the register changes (server/http/sharedAnswers.ts).
      figures[`sales_by_${grouping}`] = { rows: first.data.length, documents: first.totals.documents, first_ms: firstMs, ...(await measured({ url, headers: admin, connections: CONCURRENCY })) };
      // Every request computed (Cache-Control: no-cache): what each costs when the register moves between them.
      figures[`sales_by_${grouping}_computed`] = await measured({ url, headers: { ...admin, 'cache-control': 'no-cache' }, connections: CONCURRENCY });
    }
    const statement = `${base}/api/commissions/statement?rep_id=${rep.id}&month=${rep.month}`;
    const answer = await fetch(statement, { headers: admin }).then((r) => r.json() as Promise<{ data: { lines: unknown[] } }>);
    figures.commission_statement = { month: rep.month, lines: answer.data.lines.length, ...(await measured({ url: statement, headers: admin, connections: CONCURRENCY })) };
  });
}
