-- Deliveries: an order leaves in one or more deliveries, each of what its lines hold reserved.
-- Numbered from the documents' gap-free counters (series 'delivery_note', DN is the debit
-- note's prefix, so delivery notes are 'DEL-'). The proof of delivery (who signed, where, when,
-- the drawn signature and an optional photo) is kept on the delivery itself: one proof each,
-- and the idempotency key makes a proof sent twice from an offline phone one proof.
INSERT INTO "document_counters" ("series") VALUES ('delivery_note') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"courier" text DEFAULT '' NOT NULL,
	"waybill" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" text,
	"delivered_at" timestamp with time zone,
	"pod_captured_at" timestamp with time zone,
	"pod_lat" double precision,
	"pod_lng" double precision,
	"pod_signature" bytea,
	"pod_photo" bytea,
	"pod_by" integer,
	"pod_idempotency_key" text,
	CONSTRAINT "deliveries_number" UNIQUE("number"),
	CONSTRAINT "deliveries_sequence" UNIQUE("sequence"),
	CONSTRAINT "deliveries_proof_whole" CHECK (("delivered_at" IS NULL) = ("signed_by" IS NULL) AND ("delivered_at" IS NULL) = ("pod_signature" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_order" ON "deliveries" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_pod_idempotency" ON "deliveries" USING btree ("pod_idempotency_key") WHERE "pod_idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "delivery_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "delivery_lines_quantity" CHECK ("quantity" > 0),
	CONSTRAINT "delivery_lines_once" UNIQUE("delivery_id","order_line_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Checked at commit: an edit that replaces the lines of an order already partly delivered deletes
-- them first, and the deliveries module's subscriber to that edit then refuses it with a 409
-- naming the lines (instead of a foreign key error mid-statement).
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE INDEX "delivery_lines_order_line" ON "delivery_lines" USING btree ("order_line_id");--> statement-breakpoint
-- An order may now have several invoices, one per delivery; an order shipped without deliveries
-- keeps its one invoice (delivery_id null) issued at dispatch.
ALTER TABLE "billing_documents" ADD COLUMN "delivery_id" integer;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "billing_documents_order_invoice";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_order_invoice" ON "billing_documents" USING btree ("order_id") WHERE "type" = 'invoice' AND "delivery_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_delivery_invoice" ON "billing_documents" USING btree ("delivery_id") WHERE "type" = 'invoice' AND "delivery_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "billing_documents_order" ON "billing_documents" USING btree ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- A delivery made or proven changes what the order's page shows: an update of the order.
CREATE FUNCTION portal_delivery_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_send_event('orders', 'updated', NEW.order_id, (SELECT client_id FROM orders WHERE id = NEW.order_id), NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deliveries_event AFTER INSERT OR UPDATE ON deliveries FOR EACH ROW EXECUTE FUNCTION portal_delivery_event();
