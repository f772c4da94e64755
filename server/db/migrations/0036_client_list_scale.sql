-- The members list at 100,000 clients: its default order (by name, then id) read from an index of
-- the live clients instead of every client sorted for each page, and type and membership filters
-- tested along that walk. Only `lower(name)` was indexed, which no list sorts by.
CREATE INDEX "clients_listed_name" ON "clients" USING btree ("name","id") WHERE "clients"."archived_at" is null;
--> statement-breakpoint
-- The members list's total without a search, kept in step instead of counted: the live (or
-- archived) clients of each type, membership state and branch (0: none). A list filtered by those
-- sums a few rows of this table; a search is counted up to its cap instead, a rep's clients are
-- a rep's book. Statement triggers add what each statement changed, so a bulk import is one write.
CREATE TABLE "client_counts" (
	"type" text NOT NULL,
	"membership_status" text NOT NULL,
	"branch_id" integer NOT NULL,
	"archived" boolean NOT NULL,
	"clients" bigint NOT NULL,
	CONSTRAINT "client_counts_pkey" PRIMARY KEY ("type", "membership_status", "branch_id", "archived")
);
--> statement-breakpoint
INSERT INTO "client_counts" ("type", "membership_status", "branch_id", "archived", "clients")
SELECT "type", "membership_status", coalesce("branch_id", 0), "archived_at" IS NOT NULL, count(*)
FROM "clients" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- One function for the three statement triggers, as debtor_totals' is: the rows a statement added
-- count plus, the rows it removed minus (an UPDATE both), grouped by the counted columns; groups
-- whose sum is zero (an edit of a name, an address) write nothing, so they lock no count row.
-- Rows are written in key order, so two statements never wait on each other's rows crosswise.
CREATE OR REPLACE FUNCTION portal_client_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END;
BEGIN
  EXECUTE 'INSERT INTO client_counts AS k (type, membership_status, branch_id, archived, clients)
    SELECT type, membership_status, coalesce(branch_id, 0), archived_at IS NOT NULL, sum(sign)
    FROM (' || changed || ') r
    GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (type, membership_status, branch_id, archived) DO UPDATE SET clients = k.clients + excluded.clients';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_counts_insert AFTER INSERT ON "clients" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_client_counts_apply();
--> statement-breakpoint
CREATE TRIGGER client_counts_update AFTER UPDATE ON "clients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_client_counts_apply();
--> statement-breakpoint
CREATE TRIGGER client_counts_delete AFTER DELETE ON "clients" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_client_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_client_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM client_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_counts_truncate AFTER TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION portal_client_counts_reset();
