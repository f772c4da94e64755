-- Lists that stay fast at a million orders. A client's orders by status and branch in date order:
-- a member's own list filtered by status, and a search's orders once its clients are found, are
-- read and counted from this index alone. The status lists across branches, and within one
-- branch, in date order: a status with a date range reads only the page's rows.
CREATE INDEX "orders_client_status" ON "orders" USING btree ("client_id", "status", "branch_id", "created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status", "created_at");--> statement-breakpoint
CREATE INDEX "orders_branch_status_created" ON "orders" USING btree ("branch_id", "status", "created_at");--> statement-breakpoint
-- Statistics and the visibility map kept current as the orders grow: by default a table is analysed
-- after a tenth of it changes and vacuumed after a fifth is inserted (100,000 and 200,000 orders at a
-- million), so the planner misjudges the newest days and counts read the table instead of the index.
ALTER TABLE "orders" SET (autovacuum_analyze_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "order_lines" SET (autovacuum_analyze_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "clients" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05);
