CREATE TABLE "marketing_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"lead_id" integer,
	"given" boolean NOT NULL,
	"method" text NOT NULL,
	"wording" text NOT NULL,
	"locale" text NOT NULL,
	"ip" text,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_consents_one_subject" CHECK (("marketing_consents"."client_id" is null) <> ("marketing_consents"."lead_id" is null))
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"officer_name" text DEFAULT '' NOT NULL,
	"officer_email" text DEFAULT '' NOT NULL,
	"officer_phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_one_row" CHECK ("privacy_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consents_client" ON "marketing_consents" USING btree ("client_id","at","id");--> statement-breakpoint
CREATE INDEX "marketing_consents_lead" ON "marketing_consents" USING btree ("lead_id","at","id");--> statement-breakpoint
-- Consents are a history: a row, once written, never changes (a new state is a new row). Deletes
-- stay possible: a deleted lead's consents go with it, and erasure removes a subject's rows.
CREATE FUNCTION portal_consent_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'marketing_consents rows are never changed; record a new consent instead';
END $$;--> statement-breakpoint
CREATE TRIGGER marketing_consents_append_only BEFORE UPDATE ON "marketing_consents" FOR EACH ROW EXECUTE FUNCTION portal_consent_append_only();--> statement-breakpoint
INSERT INTO "privacy_settings" ("id") VALUES (1);
