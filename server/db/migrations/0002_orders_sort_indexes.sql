DROP INDEX "orders_status";--> statement-breakpoint
CREATE INDEX "orders_total" ON "orders" USING btree ("total");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status","id");