import { sql, type SQL } from 'drizzle-orm';

/**
 * The ageing buckets of shared/billing/accounts.ts in SQL, over `invoice_balances` rows (`b`):
 * days past due / 30, `current` below 30 days, `days_120_plus` from 120; credit (a negative open
 * amount) counts as current. Same rule as `bucketOf`, tested against it.
 */
export function bucketSums(today: string): SQL {
  const late = sql`(${today}::date - b.due_date)`;
  return sql`
    coalesce(sum(b.open) filter (where b.open < 0 or ${late} < 30), 0)::bigint as current,
    coalesce(sum(b.open) filter (where b.open > 0 and ${late} >= 30 and ${late} < 60), 0)::bigint as days_30,
    coalesce(sum(b.open) filter (where b.open > 0 and ${late} >= 60 and ${late} < 90), 0)::bigint as days_60,
    coalesce(sum(b.open) filter (where b.open > 0 and ${late} >= 90 and ${late} < 120), 0)::bigint as days_90,
    coalesce(sum(b.open) filter (where b.open > 0 and ${late} >= 120), 0)::bigint as days_120_plus`;
}
