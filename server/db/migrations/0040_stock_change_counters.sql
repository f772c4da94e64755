-- Production's queue (orders/production_queue) reads the stock levels and reservations and answers
-- a validator: their counters make a work order or a count, which change what is to make without
-- touching an order, change the validator too (else a dashboard asking again got a stale 304).
INSERT INTO "change_counters" ("table_name", "version") VALUES ('stock_levels', 0), ('stock_reservations', 0);--> statement-breakpoint
CREATE TRIGGER stock_levels_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_levels" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();--> statement-breakpoint
CREATE TRIGGER stock_reservations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_reservations" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
