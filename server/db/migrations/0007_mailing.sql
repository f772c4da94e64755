CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"message_id" text
);
--> statement-breakpoint
CREATE TABLE "mailing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_clients" (
	"list_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_list_clients_list_id_client_id_pk" PRIMARY KEY("list_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer,
	"template_id" integer,
	"list_name" text NOT NULL,
	"template_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"lanes" integer DEFAULT 1 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	"send_id" integer
);
--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_send_id_mailing_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mailing_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_clients" ADD CONSTRAINT "mailing_list_clients_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_clients" ADD CONSTRAINT "mailing_list_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_sends" ADD CONSTRAINT "mailing_sends_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_sends" ADD CONSTRAINT "mailing_sends_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_sends" ADD CONSTRAINT "mailing_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_name_lower" ON "email_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_deliveries_send_client" ON "mailing_deliveries" USING btree ("send_id","client_id");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_open" ON "mailing_deliveries" USING btree ("send_id","id") WHERE "mailing_deliveries"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mailing_list_clients_client" ON "mailing_list_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "mailing_lists_name_lower" ON "mailing_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_sends_idempotency" ON "mailing_sends" USING btree ("created_by","idempotency_key") WHERE "mailing_sends"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "mailing_sends_list" ON "mailing_sends" USING btree ("list_id","id");--> statement-breakpoint
CREATE INDEX "mailing_sends_template" ON "mailing_sends" USING btree ("template_id","id");--> statement-breakpoint
CREATE INDEX "mailing_sends_active" ON "mailing_sends" USING btree ("status") WHERE "mailing_sends"."status" in ('running', 'paused');