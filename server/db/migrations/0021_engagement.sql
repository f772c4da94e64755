CREATE TABLE "mailing_engagement_hourly" (
	"send_id" integer NOT NULL,
	"kind" text NOT NULL,
	"link_idx" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mailing_engagement_hourly_send_id_kind_link_idx_hour_pk" PRIMARY KEY("send_id","kind","link_idx","hour")
);
--> statement-breakpoint
CREATE TABLE "mailing_engagement_members" (
	"send_id" integer NOT NULL,
	"delivery_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"link_idx" integer NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mailing_engagement_members_send_id_kind_link_idx_delivery_id_pk" PRIMARY KEY("send_id","kind","link_idx","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "mailing_links" (
	"send_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "mailing_links_send_id_idx_pk" PRIMARY KEY("send_id","idx")
);
--> statement-breakpoint
CREATE TABLE "mailing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tie_engagement_to_members" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_settings_one_row" CHECK ("mailing_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "mailing_engagement_hourly" ADD CONSTRAINT "mailing_engagement_hourly_send_id_mailing_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mailing_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_engagement_members" ADD CONSTRAINT "mailing_engagement_members_send_id_mailing_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mailing_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_engagement_members" ADD CONSTRAINT "mailing_engagement_members_delivery_id_mailing_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."mailing_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_links" ADD CONSTRAINT "mailing_links_send_id_mailing_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mailing_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_engagement_members_delivery" ON "mailing_engagement_members" USING btree ("delivery_id");--> statement-breakpoint
-- The one settings row, off: engagement is tied to members only once an admin turns it on.
INSERT INTO "mailing_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
