-- Trigram indexes make the lists' keyword search (ilike '%word%') fast. pg_trgm is a trusted
-- extension (PostgreSQL 13+), shipped with Debian's server and loaded into PGlite by the server.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
