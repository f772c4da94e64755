CREATE TABLE "debtor_balances" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"balance" bigint NOT NULL,
	"current" bigint NOT NULL,
	"days_30" bigint NOT NULL,
	"days_60" bigint NOT NULL,
	"days_90" bigint NOT NULL,
	"days_120_plus" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "debtor_balances" ADD CONSTRAINT "debtor_balances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debtor_balances_balance" ON "debtor_balances" USING btree ("balance","client_id") WHERE "debtor_balances"."balance" <> 0;--> statement-breakpoint
CREATE INDEX "debtor_balances_as_of" ON "debtor_balances" USING btree ("as_of");--> statement-breakpoint
-- Clients that already owe or hold credit get a row aged on no day yet: the debtors list's first
-- reader ages them all (server/modules/billing/debtorBalances.ts, ageDebtors).
INSERT INTO "debtor_balances" ("client_id", "as_of", "balance", "current", "days_30", "days_60", "days_90", "days_120_plus")
SELECT DISTINCT "client_id", DATE '1970-01-01', 0, 0, 0, 0, 0, 0 FROM (
  SELECT "client_id" FROM "invoice_balances" WHERE "open" <> 0
  UNION SELECT "client_id" FROM "payments" WHERE "status" = 'confirmed' AND "unallocated" > 0
) owing
ON CONFLICT ("client_id") DO NOTHING;
