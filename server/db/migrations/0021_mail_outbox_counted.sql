-- The mail outbox at a platform's size (issue 18): its search through a trigram index and its totals
-- from the counters, as every other large list.
-- The list's search text: the recipients and the subject. array_to_string is only stable (its
-- element types' output may vary), but for text[] it is not, so this wrapper may be indexed.
CREATE FUNCTION mail_search_text(recipients text[], subject text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_string(recipients, ' ') || ' ' || subject
$$;
--> statement-breakpoint
CREATE INDEX "mail_outbox_search_trgm" ON "mail_outbox" USING gin (mail_search_text("to", "subject") gin_trgm_ops);--> statement-breakpoint
-- The whole outbox and each status (the list's filter), kept by count_rows (migration 0014).
CREATE TRIGGER mail_outbox_count_insert AFTER INSERT ON mail_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'status');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_count_delete AFTER DELETE ON mail_outbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'status');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_count_update AFTER UPDATE ON mail_outbox REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'status');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_count_truncate AFTER TRUNCATE ON mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
-- The mail already there, counted once: the triggers keep it from now on (their creation locked out
-- writers until this migration commits).
INSERT INTO row_counts (table_name, key, row_count)
SELECT 'mail_outbox', key, count(*) FROM mail_outbox, LATERAL (VALUES ('{}'::jsonb), (jsonb_build_object('status', status))) AS keys(key) GROUP BY key;
