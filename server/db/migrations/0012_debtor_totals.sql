CREATE TABLE "debtor_totals" (
	"id" integer PRIMARY KEY NOT NULL,
	"debtors" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"current" bigint NOT NULL,
	"days_30" bigint NOT NULL,
	"days_60" bigint NOT NULL,
	"days_90" bigint NOT NULL,
	"days_120_plus" bigint NOT NULL,
	CONSTRAINT "debtor_totals_one_row" CHECK ("debtor_totals"."id" = 1)
);
--> statement-breakpoint
-- The row starts as the sums of what is there (rows with a zero balance count for nothing, as on
-- the debtors screen), then every statement that changes debtor_balances adds what it changed.
INSERT INTO "debtor_totals" ("id", "debtors", "balance", "current", "days_30", "days_60", "days_90", "days_120_plus")
SELECT 1, count(*) FILTER (WHERE "balance" <> 0),
  coalesce(sum("balance") FILTER (WHERE "balance" <> 0), 0), coalesce(sum("current") FILTER (WHERE "balance" <> 0), 0),
  coalesce(sum("days_30") FILTER (WHERE "balance" <> 0), 0), coalesce(sum("days_60") FILTER (WHERE "balance" <> 0), 0),
  coalesce(sum("days_90") FILTER (WHERE "balance" <> 0), 0), coalesce(sum("days_120_plus") FILTER (WHERE "balance" <> 0), 0)
FROM "debtor_balances";
--> statement-breakpoint
-- One function for the three statement triggers: the rows a statement added count plus, the rows
-- it removed minus (an UPDATE both). Transition tables exist only for the trigger's own event, so
-- the query naming them is put together for that event. A statement that changed no row leaves
-- the totals row alone (and unlocked).
CREATE OR REPLACE FUNCTION portal_debtor_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END;
BEGIN
  EXECUTE 'UPDATE debtor_totals t SET debtors = t.debtors + c.debtors, balance = t.balance + c.balance, current = t.current + c.current,
      days_30 = t.days_30 + c.days_30, days_60 = t.days_60 + c.days_60, days_90 = t.days_90 + c.days_90, days_120_plus = t.days_120_plus + c.days_120_plus
    FROM (SELECT count(*) AS changed, coalesce(sum(sign) FILTER (WHERE balance <> 0), 0) AS debtors,
        coalesce(sum(sign * balance) FILTER (WHERE balance <> 0), 0) AS balance, coalesce(sum(sign * current) FILTER (WHERE balance <> 0), 0) AS current,
        coalesce(sum(sign * days_30) FILTER (WHERE balance <> 0), 0) AS days_30, coalesce(sum(sign * days_60) FILTER (WHERE balance <> 0), 0) AS days_60,
        coalesce(sum(sign * days_90) FILTER (WHERE balance <> 0), 0) AS days_90, coalesce(sum(sign * days_120_plus) FILTER (WHERE balance <> 0), 0) AS days_120_plus
      FROM (' || changed || ') r) c
    WHERE t.id = 1 AND c.changed > 0';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER debtor_totals_insert AFTER INSERT ON "debtor_balances" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_debtor_totals_apply();
--> statement-breakpoint
CREATE TRIGGER debtor_totals_update AFTER UPDATE ON "debtor_balances" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_debtor_totals_apply();
--> statement-breakpoint
CREATE TRIGGER debtor_totals_delete AFTER DELETE ON "debtor_balances" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_debtor_totals_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_debtor_totals_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE debtor_totals SET debtors = 0, balance = 0, current = 0, days_30 = 0, days_60 = 0, days_90 = 0, days_120_plus = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER debtor_totals_truncate AFTER TRUNCATE ON "debtor_balances" FOR EACH STATEMENT EXECUTE FUNCTION portal_debtor_totals_reset();
