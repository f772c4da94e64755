-- Stock per branch (each branch is a warehouse). Every change is a movement; the level row of the
-- same branch, product and item is changed in the same transaction by the same amounts, so a level
-- is always the sum of its movements. `item_key` is '' for the product itself: options do not
-- split stock (docs/stock.md says why and how a key would be built if they one day do).
CREATE TABLE "stock_levels" (
	"branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_key" text DEFAULT '' NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"backordered" integer DEFAULT 0 NOT NULL,
	"in_production" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_levels_pk" PRIMARY KEY("branch_id","product_id","item_key"),
	CONSTRAINT "stock_levels_on_hand" CHECK ("on_hand" >= 0),
	CONSTRAINT "stock_levels_reserved" CHECK ("reserved" >= 0 AND "reserved" <= "on_hand"),
	CONSTRAINT "stock_levels_backordered" CHECK ("backordered" >= 0),
	CONSTRAINT "stock_levels_in_production" CHECK ("in_production" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What changed a level and by how much: `quantity` moves on hand, `reserved` and `backordered` the
-- other two figures. History: no foreign keys, so a movement outlives the order it names.
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_key" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"backordered" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"order_line_id" bigint,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind" CHECK ("kind" IN ('count', 'adjustment', 'production', 'delivery', 'return', 'reservation', 'backorder_filled', 'release', 'cancellation'))
);
--> statement-breakpoint
CREATE INDEX "stock_movements_item_at" ON "stock_movements" USING btree ("branch_id","product_id","item_key","at");--> statement-breakpoint
CREATE INDEX "stock_movements_at" ON "stock_movements" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_order" ON "stock_movements" USING btree ("order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- What each line of a confirmed order holds: reserved (taken from on hand, waiting to leave),
-- backordered (waiting for stock) and delivered; together always the line's quantity. A line
-- replaced by an edit loses its reference (the stock module releases the order's rows then).
CREATE TABLE "stock_reservations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" bigint,
	"branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_key" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"backordered" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_reservations_line" UNIQUE("order_line_id"),
	CONSTRAINT "stock_reservations_figures" CHECK ("reserved" >= 0 AND "backordered" >= 0 AND "delivered" >= 0),
	CONSTRAINT "stock_reservations_whole_line" CHECK ("reserved" + "backordered" + "delivered" = "quantity")
);
--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_reservations_order" ON "stock_reservations" USING btree ("order_id");--> statement-breakpoint
-- The backorder queue of an item, oldest confirmation first.
CREATE INDEX "stock_reservations_backorders" ON "stock_reservations" USING btree ("branch_id","product_id","item_key","confirmed_at","id") WHERE "backordered" > 0;
--> statement-breakpoint
-- What production is asked to make in a branch: open → in progress (something made) → done
-- (everything made, or closed short). What is made is a `production` movement that fills
-- backorders; what is still to make counts in the level's `in_production`, in the same transaction.
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text GENERATED ALWAYS AS ('WO-' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_key" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"made" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"planned_for" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_quantity" CHECK ("quantity" > 0 AND "made" >= 0 AND "made" <= "quantity"),
	CONSTRAINT "work_orders_status" CHECK ("status" IN ('open', 'in_progress', 'done'))
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_open" ON "work_orders" USING btree ("branch_id","product_id") WHERE "status" <> 'done';--> statement-breakpoint
CREATE INDEX "work_orders_status" ON "work_orders" USING btree ("status","id");
