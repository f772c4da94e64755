CREATE TABLE "change_counters" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_changes" (
	"table_name" text NOT NULL
);
--> statement-breakpoint
-- One row per counted table (server/db/changeCounters.ts TRACKED_TABLES), starting at 0.
INSERT INTO "change_counters" ("table_name", "version") VALUES
  ('banners', 0),
  ('billing_document_lines', 0),
  ('billing_documents', 0),
  ('billing_settings', 0),
  ('branches', 0),
  ('clients', 0),
  ('debtor_balances', 0),
  ('debtor_totals', 0),
  ('email_templates', 0),
  ('group_products', 0),
  ('group_roles', 0),
  ('invoice_balances', 0),
  ('leads', 0),
  ('mailing_deliveries', 0),
  ('mailing_list_clients', 0),
  ('mailing_lists', 0),
  ('mailing_sends', 0),
  ('membership_questions', 0),
  ('order_comments', 0),
  ('order_daily_stats', 0),
  ('order_lines', 0),
  ('order_status_history', 0),
  ('orders', 0),
  ('payment_allocations', 0),
  ('payments', 0),
  ('price_rules', 0),
  ('product_groups', 0),
  ('product_property_values', 0),
  ('products', 0),
  ('properties', 0),
  ('property_values', 0),
  ('rep_clients', 0),
  ('roles', 0),
  ('statement_runs', 0),
  ('unsubscribes', 0),
  ('users', 0),
  ('vat_rates', 0);
--> statement-breakpoint
-- A statement that changes a counted table notes the table once per transaction (a local setting
-- remembers it was noted; a rolled-back savepoint forgets the setting and the row together).
-- Noting takes no lock another transaction waits for: counting waits for the commit (below).
CREATE FUNCTION portal_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal_changed.' || TG_TABLE_NAME, true), '') = '' THEN
    PERFORM set_config('portal_changed.' || TG_TABLE_NAME, 'y', true);
    INSERT INTO pending_changes (table_name) VALUES (TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, still inside the transaction, the noted tables' counters go up by one, locked in
-- name order: two transactions that changed the same tables in different orders then never wait
-- on each other in a circle (counting as each statement ran would have deadlocked them). The
-- first deferred call counts every noted table; the others find the setting and return.
CREATE FUNCTION portal_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal_changed._counted', true), '') = '' THEN
    PERFORM set_config('portal_changed._counted', 'y', true);
    PERFORM 1 FROM change_counters WHERE table_name IN (SELECT table_name FROM pending_changes) ORDER BY table_name FOR UPDATE;
    UPDATE change_counters SET version = version + 1 WHERE table_name IN (SELECT table_name FROM pending_changes);
    DELETE FROM pending_changes;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pending_changes_count AFTER INSERT ON pending_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION portal_count_changes();
--> statement-breakpoint
CREATE TRIGGER banners_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER billing_document_lines_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_document_lines" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER billing_documents_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_documents" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER billing_settings_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "billing_settings" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER branches_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER clients_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER debtor_balances_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "debtor_balances" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER debtor_totals_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "debtor_totals" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER email_templates_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_templates" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER group_products_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_products" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER group_roles_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "group_roles" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER invoice_balances_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoice_balances" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER leads_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER mailing_deliveries_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mailing_deliveries" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER mailing_list_clients_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mailing_list_clients" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER mailing_lists_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mailing_lists" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER mailing_sends_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mailing_sends" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER membership_questions_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "membership_questions" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER order_comments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_comments" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER order_daily_stats_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_daily_stats" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER order_lines_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_lines" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER order_status_history_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_status_history" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER orders_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_allocations" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER payments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER price_rules_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_rules" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER product_groups_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_groups" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER product_property_values_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_property_values" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER properties_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER property_values_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_values" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER rep_clients_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rep_clients" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER roles_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER statement_runs_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "statement_runs" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER unsubscribes_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "unsubscribes" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
--> statement-breakpoint
CREATE TRIGGER vat_rates_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vat_rates" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
