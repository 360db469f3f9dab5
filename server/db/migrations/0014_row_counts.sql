CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"key" jsonb NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_key_pk" PRIMARY KEY("table_name","key")
);
--> statement-breakpoint
-- Exact list totals without counting rows. Each counted table names, in its triggers' arguments,
-- the combinations of columns its list filters and scopes compare where a count would be large
-- (each argument one combination, its columns separated by commas; '' is the whole table). Each
-- value of a combination is one key of `row_counts`, kept by statement triggers with transition
-- tables in the same transaction as the write: a bulk insert updates each key once, a write that
-- changes no counted column writes nothing. Keys are taken in order, so two writes never deadlock.

-- Every column the combinations name, once each.
CREATE FUNCTION row_count_columns(combinations text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT name ORDER BY name), '{}')
  FROM unnest(combinations) AS combination, unnest(string_to_array(combination, ',')) AS name WHERE name <> ''
$$;
--> statement-breakpoint
-- The rows of `changes` (the columns and a `delta` of +1 or -1) summed for every key: the
-- combinations are grouping sets over the raw columns (sums of integers, cheap), and each group's
-- key names the columns it groups by. Keys whose sum is 0 write nothing.
CREATE FUNCTION row_count_statement(table_name text, combinations text[], changes text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  columns text[] := row_count_columns(combinations);
  key text := (SELECT coalesce(string_agg(format('CASE WHEN grouping(%1$I) = 0 THEN jsonb_build_object(%1$L, %1$I) ELSE %2$L END', name, '{}'), ' || '), '''{}''') FROM unnest(columns) AS name);
  sets text := (SELECT string_agg(format('(%s)', (SELECT coalesce(string_agg(format('%I', name), ', '), '') FROM unnest(string_to_array(combination, ',')) AS name WHERE name <> '')), ', ') FROM unnest(combinations) AS combination);
BEGIN
  RETURN format(
    'INSERT INTO row_counts AS counted (table_name, key, row_count)
     SELECT %L, (%s)::jsonb, sum(delta) FROM (%s) AS changes GROUP BY GROUPING SETS (%s) HAVING sum(delta) <> 0 ORDER BY 2
     ON CONFLICT (table_name, key) DO UPDATE SET row_count = counted.row_count + excluded.row_count',
    table_name, key, changes, sets);
END $$;
--> statement-breakpoint
CREATE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV counts from 0: made an ordinary array.
  combinations text[] := array(SELECT unnest(TG_ARGV));
  listed text := (SELECT coalesce(string_agg(format('%I, ', name), ''), '') FROM unnest(row_count_columns(combinations)) AS name);
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  -- A statement trigger fires for statements that changed no row (a decrement's clean-up, say).
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT FROM old_rows) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT FROM new_rows) THEN
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s 1 AS delta FROM new_rows', listed)
    WHEN 'DELETE' THEN format('SELECT %s -1 AS delta FROM old_rows', listed)
    ELSE format('SELECT %1$s -1 AS delta FROM old_rows UNION ALL SELECT %1$s 1 FROM new_rows', listed)
  END;
  EXECUTE row_count_statement(TG_TABLE_NAME, combinations, changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every count from the rows themselves, for each counted table (its insert trigger's arguments):
-- after a load that went around the triggers (npm run seed:scale), or to check them.
CREATE FUNCTION recount_rows() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  FOR counted IN
    SELECT trigger.tgrelid::regclass AS relation, class.relname AS table_name,
           (string_to_array(encode(trigger.tgargs, 'escape'), '\000'))[1:trigger.tgnargs] AS combinations
    FROM pg_trigger AS trigger JOIN pg_class AS class ON class.oid = trigger.tgrelid
    WHERE trigger.tgfoid = 'count_rows'::regproc AND trigger.tgtype & 4 <> 0
    ORDER BY class.relname
  LOOP
    DELETE FROM row_counts WHERE table_name = counted.table_name;
    EXECUTE row_count_statement(counted.table_name, counted.combinations, format('SELECT %s 1 AS delta FROM %s',
      (SELECT coalesce(string_agg(format('%I, ', name), ''), '') FROM unnest(row_count_columns(counted.combinations)) AS name), counted.relation));
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_count_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'category_id');
--> statement-breakpoint
CREATE TRIGGER courses_count_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'category_id');
--> statement-breakpoint
CREATE TRIGGER courses_count_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'category_id');
--> statement-breakpoint
CREATE TRIGGER courses_count_truncate AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER series_count_insert AFTER INSERT ON series REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'category_id', 'available', 'category_id,available');
--> statement-breakpoint
CREATE TRIGGER series_count_delete AFTER DELETE ON series REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'category_id', 'available', 'category_id,available');
--> statement-breakpoint
CREATE TRIGGER series_count_update AFTER UPDATE ON series REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'category_id', 'available', 'category_id,available');
--> statement-breakpoint
CREATE TRIGGER series_count_truncate AFTER TRUNCATE ON series FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER teachers_count_insert AFTER INSERT ON teachers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('');
--> statement-breakpoint
CREATE TRIGGER teachers_count_delete AFTER DELETE ON teachers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('');
--> statement-breakpoint
CREATE TRIGGER teachers_count_truncate AFTER TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'tenant_id', 'status', 'tenant_id,status');
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'tenant_id', 'status', 'tenant_id,status');
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'tenant_id', 'status', 'tenant_id,status');
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER enrollments_rows_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'available', 'tenant_id', 'tenant_id,available', 'target_id', 'target_id,available');
--> statement-breakpoint
CREATE TRIGGER enrollments_rows_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'available', 'tenant_id', 'tenant_id,available', 'target_id', 'target_id,available');
--> statement-breakpoint
CREATE TRIGGER enrollments_rows_update AFTER UPDATE ON enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'available', 'tenant_id', 'tenant_id,available', 'target_id', 'target_id,available');
--> statement-breakpoint
CREATE TRIGGER enrollments_rows_truncate AFTER TRUNCATE ON enrollments FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER vouchers_count_insert AFTER INSERT ON vouchers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'resource_type', 'object_type', 'available', 'resource_type,object_type', 'resource_type,available', 'object_type,available', 'resource_type,object_type,available');
--> statement-breakpoint
CREATE TRIGGER vouchers_count_delete AFTER DELETE ON vouchers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'resource_type', 'object_type', 'available', 'resource_type,object_type', 'resource_type,available', 'object_type,available', 'resource_type,object_type,available');
--> statement-breakpoint
CREATE TRIGGER vouchers_count_update AFTER UPDATE ON vouchers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'resource_type', 'object_type', 'available', 'resource_type,object_type', 'resource_type,available', 'object_type,available', 'resource_type,object_type,available');
--> statement-breakpoint
CREATE TRIGGER vouchers_count_truncate AFTER TRUNCATE ON vouchers FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
-- The statistic's total is the number of courses with an enabled enrolment in the scope: the
-- enrolment triggers now remove a course's count row when it falls to 0, so that number is the
-- number of count rows per scope, which count_rows keeps.
DELETE FROM enrollment_counts WHERE enrollment_count = 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrollments_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN
    SELECT target_id, scope, count(*)::int AS n FROM old_rows, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
    WHERE available AND scope IS NOT NULL GROUP BY target_id, scope ORDER BY target_id, scope
  LOOP
    UPDATE enrollment_counts SET enrollment_count = enrollment_count - gone.n
    WHERE course_id = gone.target_id AND tenant_id = gone.scope;
    DELETE FROM enrollment_counts WHERE course_id = gone.target_id AND tenant_id = gone.scope AND enrollment_count = 0;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrollments_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  FOR changed IN
    SELECT target_id, scope, sum(delta)::int AS delta FROM (
      SELECT target_id, tenant_id, -1 AS delta FROM old_rows WHERE available
      UNION ALL
      SELECT target_id, tenant_id, 1 FROM new_rows WHERE available
    ) AS changes, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
    WHERE scope IS NOT NULL GROUP BY target_id, scope HAVING sum(delta) <> 0 ORDER BY target_id, scope
  LOOP
    IF changed.delta > 0 THEN
      INSERT INTO enrollment_counts AS counted (course_id, tenant_id, enrollment_count)
      VALUES (changed.target_id, changed.scope, changed.delta)
      ON CONFLICT (course_id, tenant_id) DO UPDATE SET enrollment_count = counted.enrollment_count + excluded.enrollment_count;
    ELSE
      UPDATE enrollment_counts SET enrollment_count = enrollment_count + changed.delta
      WHERE course_id = changed.target_id AND tenant_id = changed.scope;
      DELETE FROM enrollment_counts WHERE course_id = changed.target_id AND tenant_id = changed.scope AND enrollment_count = 0;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_rows_insert AFTER INSERT ON enrollment_counts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('tenant_id');
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_rows_delete AFTER DELETE ON enrollment_counts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('tenant_id');
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_rows_truncate AFTER TRUNCATE ON enrollment_counts FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
-- A truncate goes around the row triggers: the counts of the enrolments go with them.
CREATE FUNCTION enrollments_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM enrollment_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_count_truncate AFTER TRUNCATE ON enrollments FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_truncate();
--> statement-breakpoint
SELECT recount_rows();
