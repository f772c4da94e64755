CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	"opening_balance" bigint,
	"closing_balance" bigint,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"lines" integer NOT NULL,
	"imported_by" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"position" integer NOT NULL,
	"date" date NOT NULL,
	"amount" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"bank_id" text,
	"balance" bigint,
	"dedupe_key" text NOT NULL,
	"status" text NOT NULL,
	"client_id" integer,
	"payment_id" integer,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignore_reason" text DEFAULT '' NOT NULL,
	"matched_by" text,
	CONSTRAINT "bank_lines_status" CHECK ("bank_lines"."status" in ('matched', 'suggested', 'unmatched', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"client_id" integer,
	"ignore" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_rules_target" CHECK (("bank_rules"."client_id" is not null) <> "bank_rules"."ignore")
);
--> statement-breakpoint
CREATE TABLE "bank_payers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"payer_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_payment_references" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"bank_line_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"allocations" jsonb NOT NULL,
	"reversed_by" integer,
	"reversed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bank_payers" ADD CONSTRAINT "bank_payers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_payment_references" ADD CONSTRAINT "client_payment_references_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_bank_line_id_bank_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_lines"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_dedupe_key" ON "bank_lines" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "bank_lines_statement" ON "bank_lines" USING btree ("statement_id","position");
--> statement-breakpoint
CREATE INDEX "bank_lines_status" ON "bank_lines" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "bank_lines_payment" ON "bank_lines" USING btree ("payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_payers_text_client" ON "bank_payers" USING btree ("payer_text","client_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "client_payment_references_code" ON "client_payment_references" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_payment" ON "payment_reversals" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "invoice_balances_open_amount" ON "invoice_balances" USING btree ("open") WHERE "invoice_balances"."open" > 0;
--> statement-breakpoint
-- A client's payment reference: three letters of its name and its id (shared/banking/text.ts
-- paymentReference), made by the database for every client so no code path that adds a client
-- can forget it.
CREATE FUNCTION portal_payment_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_payment_references (client_id, code)
  VALUES (NEW.id, rpad(left(regexp_replace(upper(NEW.name), '[^A-Z]', '', 'g'), 3), 3, 'X') || NEW.id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_payment_reference AFTER INSERT ON "clients" FOR EACH ROW EXECUTE FUNCTION portal_payment_reference();
--> statement-breakpoint
INSERT INTO client_payment_references (client_id, code)
SELECT id, rpad(left(regexp_replace(upper(name), '[^A-Z]', '', 'g'), 3), 3, 'X') || id FROM clients ON CONFLICT DO NOTHING;
