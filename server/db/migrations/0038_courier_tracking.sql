-- Courier tracking, keyed by waybill: an event belongs to whichever record carries its waybill (an
-- order's own tracking number today, a delivery's waybill too once deliveries exist), so an event
-- that arrives before its waybill is entered is kept and shows once it is. One row per event: the
-- courier's retries of (waybill, status, at) are one event; `signature` is the signed request's
-- replay key (server/http/signedWebhook.ts), so the same request again is known as a replay.
CREATE TABLE "courier_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"waybill" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"signature" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_events_event" UNIQUE("waybill","status","at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_signature" ON "courier_events" USING btree ("signature");
--> statement-breakpoint
-- The courier's own tracking page per courier: `{waybill}` in the template is replaced by the
-- waybill. Keyed by the courier's name as typed on orders, compared without case or outer spaces.
CREATE TABLE "courier_tracking_templates" (
	"courier" text PRIMARY KEY NOT NULL,
	"url_template" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_tracking_templates_name" ON "courier_tracking_templates" USING btree (lower("courier"));
--> statement-breakpoint
-- A courier event finds the orders carrying its waybill, to tell their open screens.
CREATE INDEX "orders_tracking_number" ON "orders" USING btree ("tracking_number") WHERE "tracking_number" <> '';
--> statement-breakpoint
-- An order's answer depends on both tables: their changes are counted (migration 0014) so a
-- conditional read of an order is not answered 304 after a new courier event or template.
INSERT INTO "change_counters" ("table_name", "version") VALUES ('courier_events', 0), ('courier_tracking_templates', 0);
--> statement-breakpoint
CREATE TRIGGER courier_events_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier_events" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER courier_tracking_templates_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier_tracking_templates" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();--> statement-breakpoint
-- Each delivery's waybill is a source of tracking too (server/modules/courier/waybills.ts).
CREATE INDEX "deliveries_waybill" ON "deliveries" USING btree ("waybill") WHERE "waybill" <> '';
