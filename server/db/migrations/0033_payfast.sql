-- Online payment through PayFast: what a member asked to pay (a checkout), and every notification
-- PayFast sent about it, whether it paid something or was refused.
CREATE TABLE "payfast_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"amount" integer NOT NULL,
	"invoice_ids" integer[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" integer REFERENCES "payments"("id"),
	"created_by" integer REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payfast_checkouts_amount_positive" CHECK ("payfast_checkouts"."amount" > 0),
	CONSTRAINT "payfast_checkouts_status" CHECK ("payfast_checkouts"."status" in ('open', 'paid'))
);
--> statement-breakpoint
CREATE INDEX "payfast_checkouts_client" ON "payfast_checkouts" ("client_id", "id");
--> statement-breakpoint
CREATE TABLE "payfast_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_id" integer REFERENCES "payfast_checkouts"("id"),
	"pf_payment_id" text DEFAULT '' NOT NULL,
	"payment_status" text DEFAULT '' NOT NULL,
	"amount_gross" text DEFAULT '' NOT NULL,
	"caller" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"payment_id" integer REFERENCES "payments"("id"),
	CONSTRAINT "payfast_notifications_outcome" CHECK ("payfast_notifications"."outcome" in ('recorded', 'not_paid', 'refused'))
);
--> statement-breakpoint
-- A PayFast payment id is acted on once, even by two instances receiving its retries together.
CREATE UNIQUE INDEX "payfast_notifications_once" ON "payfast_notifications" ("pf_payment_id") WHERE "outcome" <> 'refused';
