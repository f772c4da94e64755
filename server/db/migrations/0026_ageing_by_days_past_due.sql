-- Ageing by days past the due date: `current` is what is not yet due, then 1–30, 31–60, 61–90,
-- 91–120 and over 120 days past due (it was: current up to 29 days past due, then 30, 60, 90, 120+).
-- The new bucket columns start at zero in both tables, so debtor_totals stays the sums of
-- debtor_balances bucket by bucket.
ALTER TABLE "debtor_balances" ADD COLUMN "days_1_30" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_balances" ADD COLUMN "days_31_60" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_balances" ADD COLUMN "days_61_90" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_balances" ADD COLUMN "days_91_120" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_balances" ALTER COLUMN "days_1_30" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_balances" ALTER COLUMN "days_31_60" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_balances" ALTER COLUMN "days_61_90" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_balances" ALTER COLUMN "days_91_120" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_balances" DROP COLUMN "days_30";--> statement-breakpoint
ALTER TABLE "debtor_balances" DROP COLUMN "days_60";--> statement-breakpoint
ALTER TABLE "debtor_balances" DROP COLUMN "days_90";--> statement-breakpoint
ALTER TABLE "debtor_totals" ADD COLUMN "days_1_30" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_totals" ADD COLUMN "days_31_60" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_totals" ADD COLUMN "days_61_90" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_totals" ADD COLUMN "days_91_120" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "debtor_totals" ALTER COLUMN "days_1_30" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_totals" ALTER COLUMN "days_31_60" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_totals" ALTER COLUMN "days_61_90" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_totals" ALTER COLUMN "days_91_120" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "debtor_totals" DROP COLUMN "days_30";--> statement-breakpoint
ALTER TABLE "debtor_totals" DROP COLUMN "days_60";--> statement-breakpoint
ALTER TABLE "debtor_totals" DROP COLUMN "days_90";--> statement-breakpoint
-- The statement triggers' function with the new buckets (same shape as in 0012).
CREATE OR REPLACE FUNCTION portal_debtor_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END;
BEGIN
  EXECUTE 'UPDATE debtor_totals t SET debtors = t.debtors + c.debtors, balance = t.balance + c.balance, current = t.current + c.current,
      days_1_30 = t.days_1_30 + c.days_1_30, days_31_60 = t.days_31_60 + c.days_31_60, days_61_90 = t.days_61_90 + c.days_61_90,
      days_91_120 = t.days_91_120 + c.days_91_120, days_120_plus = t.days_120_plus + c.days_120_plus
    FROM (SELECT count(*) AS changed, coalesce(sum(sign) FILTER (WHERE balance <> 0), 0) AS debtors,
        coalesce(sum(sign * balance) FILTER (WHERE balance <> 0), 0) AS balance, coalesce(sum(sign * current) FILTER (WHERE balance <> 0), 0) AS current,
        coalesce(sum(sign * days_1_30) FILTER (WHERE balance <> 0), 0) AS days_1_30, coalesce(sum(sign * days_31_60) FILTER (WHERE balance <> 0), 0) AS days_31_60,
        coalesce(sum(sign * days_61_90) FILTER (WHERE balance <> 0), 0) AS days_61_90, coalesce(sum(sign * days_91_120) FILTER (WHERE balance <> 0), 0) AS days_91_120,
        coalesce(sum(sign * days_120_plus) FILTER (WHERE balance <> 0), 0) AS days_120_plus
      FROM (' || changed || ') r) c
    WHERE t.id = 1 AND c.changed > 0';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_debtor_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE debtor_totals SET debtors = 0, balance = 0, current = 0, days_1_30 = 0, days_31_60 = 0, days_61_90 = 0, days_91_120 = 0, days_120_plus = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every row aged on no day yet, its balance held as current until then: the debtors list's first
-- reader ages them all by the new buckets (server/modules/billing/debtorBalances.ts, ageDebtors).
-- The triggers carry the change into debtor_totals.
UPDATE "debtor_balances" SET "as_of" = DATE '1970-01-01', "current" = "balance", "days_120_plus" = 0;
