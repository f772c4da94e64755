-- A new order's durable commit shares no row and no lock with any other order's. Its count in the
-- daily stats (one row per branch, day and status that every new order of the day adds to), its
-- change counters (one row per table) and its live event (NOTIFY, which PostgreSQL serialises across
-- the whole cluster with a lock held until the commit is flushed) each made every create wait for
-- the previous one's WAL flush: twenty members ordering at once were committed one fsync at a time.
-- An order made by orders/create leaves a row here instead, in its own statement; right after the
-- commit the instance announces it (portal_announce_orders: stats, counters, event), many orders in
-- one transaction, and any row an instance did not announce (it stopped in between) is announced by
-- the next sweep (server/modules/orders/announcements.ts).
CREATE TABLE "order_announcements" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Noting a changed table for the commit's counters (0014), callable outside a trigger.
CREATE FUNCTION portal_note_table(changed text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('portal_changed.' || changed, true), '') = '' THEN
    PERFORM set_config('portal_changed.' || changed, 'y', true);
    INSERT INTO pending_changes (table_name) VALUES (changed);
  END IF;
END $$;
--> statement-breakpoint
-- A transaction that will announce its order later (the setting `portal.announce_later`, set by the
-- statement that writes the announcement) leaves the order's tables to the announcement.
CREATE OR REPLACE FUNCTION portal_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('orders', 'order_lines', 'order_status_history') AND current_setting('portal.announce_later', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM portal_note_table(TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_send_event('orders', 'deleted', OLD.id, OLD.client_id, NULL);
  ELSIF TG_OP = 'INSERT' AND current_setting('portal.announce_later', true) = 'on' THEN
    RETURN NULL;
  ELSE
    PERFORM portal_send_event('orders', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, NEW.id, NEW.client_id, NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Announces the orders given (those still waiting: a row is taken once, whoever gets it): adds them
-- to the daily stats as new orders of their day, raises the orders' change counters and sends each
-- one's `created` event, all at this transaction's commit. Answers how many were announced.
CREATE FUNCTION portal_announce_orders(order_ids integer[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  announced integer;
BEGIN
  -- Nothing waiting, nothing written: the stats' INSERT below raises order_daily_stats's counter
  -- even when it inserts no row (the counters' triggers are per statement), and the sweep calls
  -- this every few seconds on every instance, so every orders list's validator went stale.
  IF NOT EXISTS (SELECT 1 FROM order_announcements WHERE order_id = ANY(order_ids)) THEN
    RETURN 0;
  END IF;
  WITH done AS (
    DELETE FROM order_announcements WHERE order_id = ANY(order_ids) RETURNING *
  ), stats AS (
    INSERT INTO order_daily_stats (branch_id, day, status, order_count, order_value)
    SELECT branch_id, day, 'new', count(*), sum(total) FROM done GROUP BY branch_id, day ORDER BY branch_id, day
    ON CONFLICT (branch_id, day, status) DO UPDATE
      SET order_count = order_daily_stats.order_count + excluded.order_count,
          order_value = order_daily_stats.order_value + excluded.order_value
  )
  SELECT count(*) INTO announced FROM (SELECT portal_send_event('orders', 'created', order_id, client_id, NULL) FROM done ORDER BY order_id) AS sent;
  IF announced > 0 THEN
    PERFORM portal_note_table('orders');
    PERFORM portal_note_table('order_lines');
    PERFORM portal_note_table('order_status_history');
  END IF;
  RETURN announced;
END $$;
