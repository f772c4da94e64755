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
CREATE INDEX "debtor_balances_as_of" ON "debtor_balances" USING btree ("as_of");