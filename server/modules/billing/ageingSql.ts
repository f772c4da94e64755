import { sql, type SQL } from 'drizzle-orm';
import { bucketLimits, overdueBuckets } from '../../../shared/billing/accounts';

/**
 * The ageing buckets of shared/billing/accounts.ts in SQL, over `invoice_balances` rows (`b`),
 * built from the same limits: `current` is not yet due (0 days past due or fewer), then 1–30 …
 * over 120 days past due; credit (a negative open amount) counts as current. Same rule as
 * `bucketOf`, tested against it at every edge.
 */
export function bucketSums(today: string): SQL {
  const late = sql`(${today}::date - b.due_date)`;
  const columns = bucketLimits.map(({ bucket, from, to }) => {
    if (bucket === 'current') return sql`coalesce(sum(b.open) filter (where b.open < 0 or ${late} <= ${sql.raw(String(to))}), 0)::bigint as current`;
    const upper = to === null ? sql`` : sql` and ${late} <= ${sql.raw(String(to))}`;
    return sql`coalesce(sum(b.open) filter (where b.open > 0 and ${late} >= ${sql.raw(String(from))}${upper}), 0)::bigint as ${sql.raw(bucket)}`;
  });
  return sql.join(columns, sql`, `);
}

/** What is past due of a kept balance row (`alias`.days_1_30 + … + days_120_plus): the "Overdue only" filter and sort. */
export const overdueSum = (alias: string): string => `(${overdueBuckets.map((bucket) => `${alias}.${bucket}`).join(' + ')})`;
