-- Each server process keeps resolved sessions in memory (server/auth/sessionCache.ts). Whatever
-- changes or removes a session or a user, through any server or in SQL typed by hand, tells every
-- process at commit on the channel `session_cache`: `s:<session ids>` or `u:<user ids>`, comma
-- separated, or `*` (forget everything) for a truncate or a statement touching more rows than one
-- notification holds. Inserts need no notice: nothing caches a row before it exists.

CREATE FUNCTION session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_cache', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    SELECT count(*), string_agg(DISTINCT id::text, ',') INTO n, ids FROM old_rows;
  ELSE
    SELECT count(*), string_agg(DISTINCT user_id::text, ',') INTO n, ids FROM old_rows;
  END IF;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  -- A payload must stay under 8000 bytes.
  IF n > 400 THEN
    PERFORM pg_notify('session_cache', '*');
  ELSE
    PERFORM pg_notify('session_cache', CASE TG_TABLE_NAME WHEN 'sessions' THEN 's:' ELSE 'u:' END || ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_cache_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify();
