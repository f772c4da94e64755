CREATE TABLE "email_deliverability" (
	"email" text PRIMARY KEY NOT NULL,
	"soft_bounces" integer DEFAULT 0 NOT NULL,
	"undeliverable_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"last_type" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"send_id" integer,
	"signature" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailing_sends" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_bounces" ADD CONSTRAINT "mail_bounces_send_id_mailing_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mailing_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_bounces_send" ON "mail_bounces" USING btree ("send_id","type");--> statement-breakpoint
CREATE INDEX "mail_bounces_email" ON "mail_bounces" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_bounces_signature" ON "mail_bounces" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "mailing_deliveries_sent_at" ON "mailing_deliveries" USING btree ("sent_at") WHERE "mailing_deliveries"."status" = 'sent';