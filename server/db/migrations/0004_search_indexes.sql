CREATE INDEX "clients_name_trgm" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_contact_trgm" ON "clients" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_trgm" ON "clients" USING gin ("phone" gin_trgm_ops);