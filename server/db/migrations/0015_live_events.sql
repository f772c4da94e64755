CREATE TABLE "event_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_version" integer NOT NULL,
	"session_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_tickets_expires" ON "event_tickets" USING btree ("expires_at");--> statement-breakpoint
-- Live events: a change to a record a screen shows is sent on the channel portal_events
-- at commit (NOTIFY is held until then and dropped on a rollback), so every instance's browsers
-- hear of it, whichever instance made it. The payload is what an instance needs to decide, without
-- a query, which browsers may hear it (server/events/scope.ts): the record's client, and for the
-- links of reps to clients the rep. Ids come from one sequence, so a browser that reconnects to
-- another instance names the last event it saw in the same numbering (Last-Event-ID).
CREATE SEQUENCE "portal_event_ids";
--> statement-breakpoint
CREATE FUNCTION portal_send_event(resource text, kind text, record_id integer, client_id integer, rep_user_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_events', json_build_object(
    'id', nextval('portal_event_ids'), 'resource', resource, 'type', kind, 'ids', json_build_array(record_id),
    'client_id', client_id, 'rep_user_id', rep_user_id)::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_send_event('orders', 'deleted', OLD.id, OLD.client_id, NULL);
  ELSE
    PERFORM portal_send_event('orders', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, NEW.id, NEW.client_id, NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_event AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION portal_order_event();
--> statement-breakpoint
-- A comment changes what the order's page shows: an update of the order.
CREATE FUNCTION portal_order_comment_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_send_event('orders', 'updated', NEW.order_id, (SELECT client_id FROM orders WHERE id = NEW.order_id), NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_comments_event AFTER INSERT ON order_comments FOR EACH ROW EXECUTE FUNCTION portal_order_comment_event();
--> statement-breakpoint
-- Not sent to browsers: tells each instance that a rep's clients changed, so its streams of that
-- rep hear of the newly linked client's orders (and no longer of an unlinked one's).
CREATE FUNCTION portal_rep_client_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_send_event('rep_clients', 'deleted', OLD.client_id, OLD.client_id, OLD.rep_user_id);
  ELSE
    PERFORM portal_send_event('rep_clients', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, NEW.client_id, NEW.client_id, NEW.rep_user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rep_clients_event AFTER INSERT OR UPDATE OR DELETE ON rep_clients FOR EACH ROW EXECUTE FUNCTION portal_rep_client_event();
