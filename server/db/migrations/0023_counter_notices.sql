-- The counters a commit raises are announced on `portal_counters` as `table=version,…`, so each
-- instance keeps them in memory (server/db/changeCounters.ts, CounterCache) and a list's validator
-- costs no query. A notice reaches listeners only once its commit is visible to new snapshots, so
-- what an instance heard is never ahead of the database. Otherwise as in 0014.
CREATE OR REPLACE FUNCTION portal_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised text;
BEGIN
  IF coalesce(current_setting('portal_changed._counted', true), '') = '' THEN
    PERFORM set_config('portal_changed._counted', 'y', true);
    PERFORM 1 FROM change_counters WHERE table_name IN (SELECT table_name FROM pending_changes) ORDER BY table_name FOR UPDATE;
    WITH counted AS (
      UPDATE change_counters SET version = version + 1 WHERE table_name IN (SELECT table_name FROM pending_changes)
      RETURNING table_name, version
    )
    SELECT string_agg(table_name || '=' || version, ',') INTO raised FROM counted;
    DELETE FROM pending_changes;
    IF raised IS NOT NULL THEN
      PERFORM pg_notify('portal_counters', raised);
    END IF;
  END IF;
  RETURN NULL;
END $$;
