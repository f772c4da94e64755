CREATE TABLE "billing_document_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"invoice_line_id" integer,
	"product_id" integer,
	"sku" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"vat_class" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"total_excl_vat" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_id" integer,
	"order_id" integer,
	"client_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"supply_date" date NOT NULL,
	"due_date" date NOT NULL,
	"full" boolean NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"total_excl_vat" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"by_class" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_by" integer,
	CONSTRAINT "billing_documents_amounts" CHECK ("billing_documents"."total" = "billing_documents"."total_excl_vat" + "billing_documents"."vat" and "billing_documents"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"bank_branch_code" text DEFAULT '' NOT NULL,
	"invoice_prefix" text DEFAULT 'INV-' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN-' NOT NULL,
	"debit_note_prefix" text DEFAULT 'DN-' NOT NULL,
	"default_payment_terms" text DEFAULT '30' NOT NULL,
	"prices_include_vat" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_balances" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"value" integer NOT NULL,
	"open" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_positive" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"paid_at" date NOT NULL,
	"status" text NOT NULL,
	"unallocated" integer NOT NULL,
	"proof_file" text,
	"proof_type" text,
	"proof_name" text,
	"refused_reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0 and "payments"."unallocated" between 0 and "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "statement_runs" (
	"client_id" integer NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"vat_class" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_from" date NOT NULL,
	CONSTRAINT "vat_rates_rate_range" CHECK ("vat_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "rate_bp" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "total" integer;--> statement-breakpoint
-- Past orders were priced VAT-inclusive at 15 % (standard class): their totals stay as they are,
-- the VAT in each line is the tax fraction 15/115 of it, half a cent up (s66), in integer arithmetic.
UPDATE "order_lines" SET "total" = "quantity" * "unit_price",
  "vat" = ((2::bigint * "quantity" * "unit_price" * 1500 + 11500) / 23000)::integer;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "total" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "vat" = l.vat FROM (SELECT "order_id", sum("vat")::integer AS vat FROM "order_lines" GROUP BY "order_id") l WHERE l."order_id" = o."id";--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_balances" ADD CONSTRAINT "invoice_balances_invoice_id_billing_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_balances" ADD CONSTRAINT "invoice_balances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_billing_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_document_lines_document" ON "billing_document_lines" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "billing_document_lines_invoice_line" ON "billing_document_lines" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_type_sequence" ON "billing_documents" USING btree ("type","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number" ON "billing_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_order_invoice" ON "billing_documents" USING btree ("order_id") WHERE "billing_documents"."type" = 'invoice';--> statement-breakpoint
CREATE INDEX "billing_documents_client_date" ON "billing_documents" USING btree ("client_id","issue_date");--> statement-breakpoint
CREATE INDEX "billing_documents_invoice" ON "billing_documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_documents_type_date" ON "billing_documents" USING btree ("type","issue_date");--> statement-breakpoint
CREATE INDEX "invoice_balances_open" ON "invoice_balances" USING btree ("client_id","due_date") WHERE "invoice_balances"."open" <> 0;--> statement-breakpoint
CREATE INDEX "payment_allocations_payment" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_client" ON "payments" USING btree ("client_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_status" ON "payments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payments_credit" ON "payments" USING btree ("client_id") WHERE "payments"."status" = 'confirmed' and "payments"."unallocated" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_runs_client_month" ON "statement_runs" USING btree ("client_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_class_from" ON "vat_rates" USING btree ("vat_class","valid_from");--> statement-breakpoint
-- The standard rate since 2018-04-01 (14 % before); zero-rated and exempt supplies carry none.
INSERT INTO "vat_rates" ("vat_class", "rate_bp", "valid_from") VALUES
  ('standard', 1400, '1993-04-07'), ('standard', 1500, '2018-04-01'), ('zero', 0, '1991-09-30'), ('exempt', 0, '1991-09-30');--> statement-breakpoint
INSERT INTO "billing_settings" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "document_counters" ("series") VALUES ('invoice'), ('credit_note'), ('debit_note');--> statement-breakpoint
-- An issued tax invoice, credit or debit note is never changed or deleted (VAT Act s20, s21; Tax
-- Administration Act s29): the database itself refuses it, whatever the code above it does.
CREATE OR REPLACE FUNCTION portal_issued_document_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued billing documents cannot be changed or deleted (%)', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER billing_documents_immutable BEFORE UPDATE OR DELETE ON "billing_documents" FOR EACH ROW EXECUTE FUNCTION portal_issued_document_immutable();--> statement-breakpoint
CREATE TRIGGER billing_document_lines_immutable BEFORE UPDATE OR DELETE ON "billing_document_lines" FOR EACH ROW EXECUTE FUNCTION portal_issued_document_immutable();--> statement-breakpoint
CREATE TRIGGER billing_documents_no_truncate BEFORE TRUNCATE ON "billing_documents" FOR EACH STATEMENT EXECUTE FUNCTION portal_issued_document_immutable();--> statement-breakpoint
CREATE TRIGGER billing_document_lines_no_truncate BEFORE TRUNCATE ON "billing_document_lines" FOR EACH STATEMENT EXECUTE FUNCTION portal_issued_document_immutable();
