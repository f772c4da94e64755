-- Trigram indexes make the "contains" searches (ILIKE '%term%') of the member, client and order
-- lists use an index instead of reading every client. pg_trgm ships with PostgreSQL (a trusted
-- extension since 13: the database owner may create it) and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
