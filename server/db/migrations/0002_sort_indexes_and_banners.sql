CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_name" text NOT NULL,
	"link_url" text,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_position_not_negative" CHECK ("banners"."position" >= 0),
	CONSTRAINT "banners_window_in_order" CHECK ("banners"."active_to" is null or "banners"."active_from" is null or "banners"."active_to" >= "banners"."active_from")
);
--> statement-breakpoint
DROP INDEX "orders_status";--> statement-breakpoint
CREATE INDEX "banners_position" ON "banners" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "orders_total" ON "orders" USING btree ("total");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status","id");