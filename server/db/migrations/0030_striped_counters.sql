-- Striped counters (issue 20). Every audited write adds to the audit trail's counts at commit
-- (migrations 0017, 0023): the whole trail's row ('{}'), its organisation's, its action's and its
-- resource's, and the current quarter hour and day. One row each, every writer queued on them for
-- the length of its commit, its flush to disk included. Now each backend adds to a stripe of its
-- own (its process id modulo 16), so writers on different connections take different rows; a
-- key's or a block's number is the sum of its stripes, which every reader already took (sum over
-- the key's rows), and the deep pages group a day's stripes. Other tables' counts stay in stripe 0:
-- their writes are not on every request. Housekeeping folds the stripes of blocks older than an
-- hour into stripe 0 (server/housekeeping.ts), so a long range of time sums few rows.
ALTER TABLE "row_counts" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_blocks" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_table_name_key_pk";--> statement-breakpoint
ALTER TABLE "time_blocks" DROP CONSTRAINT "time_blocks_table_name_span_block_pk";--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_table_name_key_stripe_pk" PRIMARY KEY("table_name","key","stripe");--> statement-breakpoint
ALTER TABLE "time_blocks" ADD CONSTRAINT "time_blocks_table_name_span_block_stripe_pk" PRIMARY KEY("table_name","span","block","stripe");--> statement-breakpoint
-- As in 0014, with the new key: stripe 0.
CREATE OR REPLACE FUNCTION row_count_statement(table_name text, combinations text[], changes text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  columns text[] := row_count_columns(combinations);
  key text := (SELECT coalesce(string_agg(format('CASE WHEN grouping(%1$I) = 0 THEN jsonb_build_object(%1$L, %1$I) ELSE %2$L END', name, '{}'), ' || '), '''{}''') FROM unnest(columns) AS name);
  sets text := (SELECT string_agg(format('(%s)', (SELECT coalesce(string_agg(format('%I', name), ', '), '') FROM unnest(string_to_array(combination, ',')) AS name WHERE name <> '')), ', ') FROM unnest(combinations) AS combination);
BEGIN
  RETURN format(
    'INSERT INTO row_counts AS counted (table_name, key, row_count)
     SELECT %L, (%s)::jsonb, sum(delta) FROM (%s) AS changes GROUP BY GROUPING SETS (%s) HAVING sum(delta) <> 0 ORDER BY 2
     ON CONFLICT (table_name, key, stripe) DO UPDATE SET row_count = counted.row_count + excluded.row_count',
    table_name, key, changes, sets);
END $$;
--> statement-breakpoint
-- As in 0023, with the new key: stripe 0.
CREATE OR REPLACE FUNCTION count_time_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
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
       ON CONFLICT (table_name, span, block, stripe) DO UPDATE SET row_count = counted.row_count + excluded.row_count',
      TG_TABLE_NAME, span::integer, changes);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The backend's own stripe. Within a transaction every row is in the same stripe and still taken
-- in the same order ('{}' first), so two writers sharing a stripe queue and never deadlock.
CREATE OR REPLACE FUNCTION audit_logs_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own smallint := pg_backend_pid() % 16;
BEGIN
  INSERT INTO row_counts AS counted (table_name, key, stripe, row_count)
  VALUES ('audit_logs', '{}'::jsonb, own, 1), ('audit_logs', jsonb_build_object('tenant_id', NEW.tenant_id), own, 1),
         ('audit_logs', jsonb_build_object('action', NEW.action), own, 1), ('audit_logs', jsonb_build_object('entity', NEW.entity), own, 1)
  ON CONFLICT (table_name, key, stripe) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  INSERT INTO time_blocks AS counted (table_name, span, block, stripe, row_count)
  VALUES ('audit_logs', 900, floor(extract(epoch FROM NEW.at) / 900)::bigint, own, 1), ('audit_logs', 86400, floor(extract(epoch FROM NEW.at) / 86400)::bigint, own, 1)
  ON CONFLICT (table_name, span, block, stripe) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The audit trigger's own cost (0017, 0028): each query a PL/pgSQL function runs costs more than
-- the JSON it builds. The fields the trail leaves out are taken off with '-', an update's changed
-- fields are found and masked in one query (was three: the difference, then audit_fields twice),
-- and a row created or deleted is kept as it is, with no query, unless a field is named like a
-- secret (audit_fields then masks it, as before). The trail keeps the same fields.
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_fields jsonb;
  new_fields jsonb;
  before jsonb;
  after jsonb;
  fields jsonb;
  kept jsonb;
BEGIN
  IF actor IS NULL THEN RETURN NULL; END IF;
  -- What the trail never keeps, taken off in simple expressions, which run without a query.
  IF TG_OP <> 'INSERT' THEN old_fields := to_jsonb(OLD) - '{updated_at,search_folded}'::text[]; END IF;
  IF TG_OP <> 'DELETE' THEN new_fields := to_jsonb(NEW) - '{updated_at,search_folded}'::text[]; END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Only the fields that changed, each as it was and as it became, a secret as "***": one query.
    SELECT jsonb_object_agg(key, CASE WHEN key ~ '(password|hash|token|secret)' THEN '"***"'::jsonb ELSE old_fields->key END),
           jsonb_object_agg(key, CASE WHEN key ~ '(password|hash|token|secret)' THEN '"***"'::jsonb ELSE new_fields->key END) INTO before, after
    FROM jsonb_object_keys(new_fields) AS key WHERE old_fields->key IS DISTINCT FROM new_fields->key;
    -- An update that changed nothing (the same values again) is no change.
    IF before IS NULL THEN RETURN NULL; END IF;
  ELSE
    kept := coalesce(new_fields, old_fields);
    -- A field named like a secret is rare: its name is looked for in the text (no query), then masked.
    -- A value that merely reads like one costs the query, never a secret kept.
    IF kept::text ~ '(password|hash|token|secret)[^"]*":' THEN kept := audit_fields(kept); END IF;
    IF TG_OP = 'INSERT' THEN after := kept; ELSE before := kept; END IF;
  END IF;
  fields := coalesce(new_fields, old_fields);
  INSERT INTO audit_logs (user_id, user_name, ip, tenant_id, entity, record_id, title, action, before, after)
  VALUES (
    (actor->>'user_id')::integer,
    coalesce(actor->>'user_name', ''),
    coalesce(actor->>'ip', ''),
    coalesce((new_fields->>TG_ARGV[3])::integer, (old_fields->>TG_ARGV[3])::integer, (new_fields->>TG_ARGV[4])::integer, (old_fields->>TG_ARGV[4])::integer),
    TG_ARGV[0],
    (fields->>TG_ARGV[1])::integer,
    coalesce(fields->>TG_ARGV[2], ''),
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    before,
    after
  );
  RETURN NULL;
END $$;
