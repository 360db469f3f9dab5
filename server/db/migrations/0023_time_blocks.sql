-- Counts of time (issue 18): the number of rows in each span of a table's time column, kept per
-- table by statement triggers in the same transaction as the write, as the totals are (migration
-- 0014). Quarter hours answer an exact count over any range of time by summing the spans inside it
-- and counting rows only in the two part-spans at its ends; every time zone's midnight falls on a
-- quarter hour, so a day anywhere is a sum of them (the dashboard's 30 days). Days serve deep pages
-- in time order, as id blocks serve id order (migration 0022): few enough to sum in a page's time.
CREATE TABLE "time_blocks" (
	"table_name" text NOT NULL,
	"span" integer NOT NULL,
	"block" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "time_blocks_table_name_span_block_pk" PRIMARY KEY("table_name","span","block")
);
--> statement-breakpoint
-- A range reads its blocks in order: kept in that order on disk (recounts insert them sorted, new
-- blocks come in time order), with room on each page for the updates of the blocks being written.
ALTER TABLE "time_blocks" SET (fillfactor = 70);
--> statement-breakpoint
-- The trigger's arguments: the time column, then each span in seconds, ascending. Spans and blocks
-- are taken in order, so two writes never deadlock on them; an emptied block keeps its row at 0. An
-- update moves a row between blocks only if its time changed (the rest nets to nothing and is skipped).
CREATE FUNCTION count_time_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  span text;
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM time_blocks WHERE table_name = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %I AS at, 1 AS delta FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT %I AS at, -1 AS delta FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %1$I AS at, 1 AS delta FROM new_rows UNION ALL SELECT %1$I, -1 FROM old_rows', TG_ARGV[0])
  END;
  FOREACH span IN ARRAY TG_ARGV[1:] LOOP
    EXECUTE format(
      'INSERT INTO time_blocks AS counted (table_name, span, block, row_count)
       SELECT %1$L, %2$s, floor(extract(epoch FROM at) / %2$s)::bigint, sum(delta) FROM (%3$s) AS changed
       GROUP BY 3 HAVING sum(delta) <> 0 ORDER BY 3
       ON CONFLICT (table_name, span, block) DO UPDATE SET row_count = counted.row_count + excluded.row_count',
      TG_TABLE_NAME, span::integer, changes);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every block count from the rows, for each table with the triggers (their arguments say the column
-- and the spans): after a load that went around them (npm run seed:scale), or to check them.
CREATE FUNCTION recount_time_blocks() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted record;
  span text;
BEGIN
  FOR counted IN
    SELECT DISTINCT trigger.tgrelid::regclass AS relation, class.relname AS table_name,
           (string_to_array(encode(trigger.tgargs, 'escape'), '\000'))[1:trigger.tgnargs] AS arguments
    FROM pg_trigger AS trigger JOIN pg_class AS class ON class.oid = trigger.tgrelid
    WHERE trigger.tgfoid = 'count_time_blocks'::regproc AND trigger.tgnargs > 0
    ORDER BY class.relname
  LOOP
    DELETE FROM time_blocks WHERE table_name = counted.table_name;
    FOREACH span IN ARRAY counted.arguments[2:] LOOP
      EXECUTE format('INSERT INTO time_blocks (table_name, span, block, row_count) SELECT %1$L, %2$s, floor(extract(epoch FROM %3$I) / %2$s)::bigint, count(*) FROM %4$s GROUP BY 3 ORDER BY 3',
        counted.table_name, span::integer, counted.arguments[1], counted.relation);
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
-- The same order for the blocks of ids (migration 0022), which a deep page reads all of.
CREATE OR REPLACE FUNCTION recount_id_blocks() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  FOR counted IN
    SELECT DISTINCT trigger.tgrelid::regclass AS relation, class.relname AS table_name
    FROM pg_trigger AS trigger JOIN pg_class AS class ON class.oid = trigger.tgrelid
    WHERE trigger.tgfoid = 'count_id_blocks'::regproc
    ORDER BY class.relname
  LOOP
    DELETE FROM id_blocks WHERE table_name = counted.table_name;
    EXECUTE format('INSERT INTO id_blocks (table_name, block, row_count) SELECT %L, id / 1024, count(*) FROM %s GROUP BY 2 ORDER BY 2', counted.table_name, counted.relation);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_time_blocks_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_at', '900', '86400');
--> statement-breakpoint
CREATE TRIGGER enrollments_time_blocks_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_at', '900', '86400');
--> statement-breakpoint
CREATE TRIGGER enrollments_time_blocks_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_at', '900', '86400');
--> statement-breakpoint
CREATE TRIGGER enrollments_time_blocks_truncate AFTER TRUNCATE ON enrollments FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks();
--> statement-breakpoint
CREATE TRIGGER users_time_blocks_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_time', '86400');
--> statement-breakpoint
CREATE TRIGGER users_time_blocks_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_time', '86400');
--> statement-breakpoint
CREATE TRIGGER users_time_blocks_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_time', '86400');
--> statement-breakpoint
CREATE TRIGGER users_time_blocks_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks();
--> statement-breakpoint
-- The audit trail counts at commit, as it keeps its totals (migration 0017): these are its hottest
-- rows. Now also each action's and each resource's total (the trail's broad filters), and its
-- quarter hours and days (its ranges of time, its deep pages).
-- '{}' is still taken first, so two writers queue and never deadlock.
CREATE OR REPLACE FUNCTION audit_logs_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS counted (table_name, key, row_count)
  VALUES ('audit_logs', '{}'::jsonb, 1), ('audit_logs', jsonb_build_object('tenant_id', NEW.tenant_id), 1),
         ('audit_logs', jsonb_build_object('action', NEW.action), 1), ('audit_logs', jsonb_build_object('entity', NEW.entity), 1)
  ON CONFLICT (table_name, key) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  INSERT INTO time_blocks AS counted (table_name, span, block, row_count)
  VALUES ('audit_logs', 900, floor(extract(epoch FROM NEW.at) / 900)::bigint, 1), ('audit_logs', 86400, floor(extract(epoch FROM NEW.at) / 86400)::bigint, 1)
  ON CONFLICT (table_name, span, block) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows already there (the triggers' creation locked out writers until this migration commits).
SELECT recount_time_blocks();
--> statement-breakpoint
INSERT INTO time_blocks (table_name, span, block, row_count)
SELECT 'audit_logs', span, floor(extract(epoch FROM at) / span)::bigint, count(*) FROM audit_logs, unnest(array[900, 86400]) AS span GROUP BY 2, 3 ORDER BY 2, 3;
--> statement-breakpoint
INSERT INTO row_counts (table_name, key, row_count)
SELECT 'audit_logs', key, count(*)
FROM audit_logs, lateral (values (jsonb_build_object('action', action)), (jsonb_build_object('entity', entity))) AS keys(key)
GROUP BY key;
