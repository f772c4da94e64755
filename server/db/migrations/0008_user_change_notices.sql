-- Every instance keeps the users it has seen in memory (the per-request session check)
-- and forgets one when PostgreSQL tells it the row changed: a logout, a password change, a
-- deactivation or a role change on one instance ends the session on every other one. NOTIFY is
-- sent at commit, and only if the transaction commits.
CREATE OR REPLACE FUNCTION portal_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_users', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_user_changed();
--> statement-breakpoint
-- A role renamed changes what every session of that role is: forget everyone.
CREATE OR REPLACE FUNCTION portal_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_users', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_changed AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION portal_roles_changed();
