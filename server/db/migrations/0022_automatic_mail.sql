CREATE TABLE "automail_settings" (
	"kind" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automail_templates" (
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automail_templates_kind_locale_pk" PRIMARY KEY("kind","locale")
);
--> statement-breakpoint
CREATE TABLE "client_notice_preferences" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"order_confirmation" boolean DEFAULT true NOT NULL,
	"order_status" boolean DEFAULT true NOT NULL,
	"renewal_reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_notice_preferences" ADD CONSTRAINT "client_notice_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;