ALTER TABLE "clients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Stale saves: a member's or a product's version goes up with every change of its row,
-- whichever code path makes it (a save, an approval, a job), so a save that names the version its
-- form was opened at is refused when anything changed since (server/http/recordVersion.ts). A no-op
-- update (nothing different) keeps the version: it changed nothing an editor could lose.
CREATE FUNCTION portal_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_version BEFORE UPDATE ON clients FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portal_bump_version();
--> statement-breakpoint
CREATE TRIGGER products_version BEFORE UPDATE ON products FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portal_bump_version();
--> statement-breakpoint
-- Live events for more screens, in 0015's shape (portal_send_event): the resource as the
-- web app names it (TG_ARGV[0]); with TG_ARGV[1] = 'client' the row is a client, whose own users
-- and reps may hear of it (server/events/scope.ts), otherwise only the roles that read the resource.
CREATE FUNCTION portal_row_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM portal_send_event(TG_ARGV[0], 'deleted', OLD.id, CASE WHEN TG_ARGV[1] = 'client' THEN OLD.id END, NULL);
  ELSE
    PERFORM portal_send_event(TG_ARGV[0], CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, NEW.id, CASE WHEN TG_ARGV[1] = 'client' THEN NEW.id END, NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An edit form of a member or a product says when someone else saved it.
CREATE TRIGGER clients_event AFTER INSERT OR UPDATE OR DELETE ON clients FOR EACH ROW EXECUTE FUNCTION portal_row_event('members', 'client');
--> statement-breakpoint
CREATE TRIGGER products_event AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION portal_row_event('products');
--> statement-breakpoint
-- The menu's member-requests badge and the dashboard's follow-ups (both read the leads).
CREATE TRIGGER leads_event AFTER INSERT OR UPDATE OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION portal_row_event('sales-leads');
--> statement-breakpoint
-- A send's progress screen. Its lanes update the send's counts after every batch: an event for each
-- would be thousands for a big list, so an update is announced only when the status or the total
-- changes or the share done crosses a whole percent — at most about a hundred events a send,
-- whatever its size (the final counts come with the status change that ends it).
CREATE TRIGGER mailing_sends_event AFTER INSERT OR DELETE ON mailing_sends FOR EACH ROW EXECUTE FUNCTION portal_row_event('mailing-sends');
--> statement-breakpoint
CREATE TRIGGER mailing_sends_progress_event AFTER UPDATE ON mailing_sends FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total IS DISTINCT FROM NEW.total
    OR (OLD.sent + OLD.failed) * 100 / greatest(OLD.total, 1) <> (NEW.sent + NEW.failed) * 100 / greatest(NEW.total, 1))
  EXECUTE FUNCTION portal_row_event('mailing-sends');
--> statement-breakpoint
-- The mail queue (jobs of kind 'mail'). Statement-level: a change that queues or updates many mails
-- at once is one event (the first 100 ids; the list refetches as a whole anyway), and the busy jobs
-- table pays one check per statement, not per row.
CREATE FUNCTION portal_mail_queue_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mail_ids json;
BEGIN
  SELECT json_agg(id) INTO mail_ids FROM (SELECT id FROM changed WHERE kind = 'mail' ORDER BY id LIMIT 100) AS mails;
  IF mail_ids IS NOT NULL THEN
    PERFORM pg_notify('portal_events', json_build_object(
      'id', nextval('portal_event_ids'), 'resource', 'mail-queue', 'type', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END,
      'ids', mail_ids, 'client_id', NULL, 'rep_user_id', NULL)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_mail_created_event AFTER INSERT ON jobs REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION portal_mail_queue_event();
--> statement-breakpoint
CREATE TRIGGER jobs_mail_updated_event AFTER UPDATE ON jobs REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION portal_mail_queue_event();
