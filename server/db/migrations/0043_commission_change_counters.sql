-- A rep's commission statement (commissions/statement) answers a validator and is kept once
-- computed (server/http/sharedAnswers.ts): the ledger, the plans, the targets and the closed months
-- it is computed from are counted, so a payment, a credit note or a plan's change moves the
-- statement's key and the next request computes it anew.
INSERT INTO "change_counters" ("table_name", "version") VALUES ('commission_entries', 0), ('commission_months', 0), ('commission_plans', 0), ('commission_statements', 0), ('commission_targets', 0);--> statement-breakpoint
CREATE TRIGGER commission_entries_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "commission_entries" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();--> statement-breakpoint
CREATE TRIGGER commission_months_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "commission_months" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();--> statement-breakpoint
CREATE TRIGGER commission_plans_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "commission_plans" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();--> statement-breakpoint
CREATE TRIGGER commission_statements_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "commission_statements" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();--> statement-breakpoint
CREATE TRIGGER commission_targets_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "commission_targets" FOR EACH STATEMENT EXECUTE FUNCTION portal_note_change();
