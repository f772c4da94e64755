-- Rep commissions: a plan per rep (and optionally per product group) with a rate in basis points on
-- what the rep's clients paid, net of VAT, and tiers above the month's target.
CREATE TABLE "commission_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"rep_user_id" integer NOT NULL,
	"product_group_id" integer,
	"rate_bp" integer NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "commission_plans_rate" CHECK ("rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "commission_plans" ADD CONSTRAINT "commission_plans_rep_user_id_users_id_fk" FOREIGN KEY ("rep_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD CONSTRAINT "commission_plans_product_group_id_product_groups_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_plans" ADD CONSTRAINT "commission_plans_key" UNIQUE NULLS NOT DISTINCT("rep_user_id","product_group_id");--> statement-breakpoint
CREATE TABLE "commission_targets" (
	"rep_user_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "commission_targets_pk" PRIMARY KEY("rep_user_id","month")
);
--> statement-breakpoint
ALTER TABLE "commission_targets" ADD CONSTRAINT "commission_targets_rep_user_id_users_id_fk" FOREIGN KEY ("rep_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The ledger: one row per payment allocation (and product group) a rep earns on, one per credit
-- note (and group) that takes back what was earned, written by the commissions module's
-- subscribers in the transaction of the payment or the note. `month` is the statement it counts
-- in: the payment's or the note's month, or the first open month after it when that one is closed.
CREATE TABLE "commission_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rep_user_id" integer NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"payment_id" integer,
	"allocation_id" integer,
	"credit_note_id" integer,
	"product_group_id" integer,
	"gross" bigint NOT NULL,
	"net" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_entries_kind" CHECK ("kind" IN ('payment', 'clawback'))
);
--> statement-breakpoint
CREATE INDEX "commission_entries_rep_month" ON "commission_entries" USING btree ("rep_user_id","month");--> statement-breakpoint
CREATE INDEX "commission_entries_invoice" ON "commission_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE TABLE "commission_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" integer
);
--> statement-breakpoint
-- A closed month's statement as it was closed: what the rep was told and paid on.
CREATE TABLE "commission_statements" (
	"rep_user_id" integer NOT NULL,
	"month" text NOT NULL,
	"statement" jsonb NOT NULL,
	CONSTRAINT "commission_statements_pk" PRIMARY KEY("rep_user_id","month")
);
--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_month_commission_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."commission_months"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A closed month never changes, whatever code writes: no entry lands in it, its statements are
-- neither updated nor deleted, and it is not reopened.
CREATE OR REPLACE FUNCTION portal_commission_month_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM commission_months WHERE month = NEW.month) THEN
    RAISE EXCEPTION 'commission month % is closed', NEW.month;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "commission_entries_open_month" BEFORE INSERT ON "commission_entries" FOR EACH ROW EXECUTE FUNCTION portal_commission_month_open();--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_commission_closed_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a closed commission month never changes';
END $$;--> statement-breakpoint
CREATE TRIGGER "commission_statements_frozen" BEFORE UPDATE OR DELETE ON "commission_statements" FOR EACH ROW EXECUTE FUNCTION portal_commission_closed_unchanged();--> statement-breakpoint
CREATE TRIGGER "commission_months_frozen" BEFORE UPDATE OR DELETE ON "commission_months" FOR EACH ROW EXECUTE FUNCTION portal_commission_closed_unchanged();
