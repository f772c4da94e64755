CREATE TABLE "rep_clients" (
	"rep_user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "rep_clients_rep_user_id_client_id_pk" PRIMARY KEY("rep_user_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rep_clients" ADD CONSTRAINT "rep_clients_rep_user_id_users_id_fk" FOREIGN KEY ("rep_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_clients" ADD CONSTRAINT "rep_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rep_clients_client" ON "rep_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_lower" ON "clients" USING btree (lower("email")) WHERE "clients"."email" <> '' and "clients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "clients_name_lower" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "clients_branch" ON "clients" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "clients_membership_status" ON "clients" USING btree ("membership_status");--> statement-breakpoint
CREATE INDEX "users_client" ON "users" USING btree ("client_id");