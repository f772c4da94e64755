CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"client_type" text DEFAULT 'stockist' NOT NULL,
	"branch_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"owner_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"follow_up_at" timestamp with time zone,
	"reject_reason" text,
	"client_id" integer,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_converted_has_client" CHECK ("leads"."status" <> 'converted' or "leads"."client_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "membership_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" jsonb NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_questions_position_not_negative" CHECK ("membership_questions"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "registration_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tokens" ADD CONSTRAINT "membership_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_open_request_email" ON "leads" USING btree (lower("email")) WHERE "leads"."source" = 'register' and "leads"."status" not in ('converted', 'lost');--> statement-breakpoint
CREATE INDEX "leads_status" ON "leads" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "leads_source_status" ON "leads" USING btree ("source","status");--> statement-breakpoint
CREATE INDEX "leads_owner" ON "leads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "leads_follow_up" ON "leads" USING btree ("follow_up_at") WHERE "leads"."status" not in ('converted', 'lost');--> statement-breakpoint
CREATE INDEX "leads_created" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_name_trgm" ON "leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_trgm" ON "leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_company_trgm" ON "leads" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_contact_trgm" ON "leads" USING gin ("contact_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "membership_questions_position" ON "membership_questions" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "membership_tokens_client" ON "membership_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "registration_attempts_ip_at" ON "registration_attempts" USING btree ("ip","at");