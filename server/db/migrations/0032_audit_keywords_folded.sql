-- The audit trail's searched totals by watermark too (issue 18, after 0031). Each row of the trail
-- still queued a deferred trigger of its own (audit_logs_keywords, 0029), which at commit looked up
-- the patterns kept for the trail and added the row to those it matched: one call and one query per
-- audited write. Now `keyword_counts` holds the trail's matches up to the watermark, like its other
-- counts; the fold adds the new rows' matches, and a searched total adds the matches past it.
-- No writer is let in meanwhile, so every row is final: folded first, the trigger's counts (which
-- held every committed row) are the matches up to the watermark.
LOCK TABLE audit_logs IN EXCLUSIVE MODE;
--> statement-breakpoint
SELECT fold_audit_counts(coalesce(max(id), 0)) FROM audit_logs;
--> statement-breakpoint
DROP TRIGGER audit_logs_keywords ON audit_logs;
--> statement-breakpoint
DROP FUNCTION audit_logs_keywords();
--> statement-breakpoint
-- The counted columns a kept pattern's key may name (the trail's `countedBy`: the organisation, the
-- action, the resource), as one object to compare the key with.
CREATE FUNCTION audit_counted_columns(trail audit_logs) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('tenant_id', trail.tenant_id, 'action', trail.action, 'entity', trail.entity)
$$;
--> statement-breakpoint
-- As in 0031, and the kept patterns' matches among the rows folded (ready or not: a first count sets
-- its pattern's row under the watermark's lock, server/db/keywordCounts.ts).
CREATE OR REPLACE FUNCTION fold_audit_counts(upto bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  -- One fold at a time; a delete of folded rows and a first count wait for it.
  SELECT folded_to INTO folded FROM count_watermarks WHERE table_name = 'audit_logs' FOR UPDATE;
  IF upto <= folded THEN RETURN 0; END IF;
  INSERT INTO row_counts AS counted (table_name, key, row_count)
  SELECT 'audit_logs', key, count(*)
  FROM audit_logs,
       lateral (values ('{}'::jsonb), (jsonb_build_object('tenant_id', tenant_id)), (jsonb_build_object('action', action)), (jsonb_build_object('entity', entity))) AS keys(key)
  WHERE id > folded AND id <= upto
  GROUP BY key ORDER BY key
  ON CONFLICT (table_name, key) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  INSERT INTO time_blocks AS counted (table_name, span, block, row_count)
  SELECT 'audit_logs', span, floor(extract(epoch FROM at) / span)::bigint, count(*)
  FROM audit_logs, unnest(array[900, 86400]) AS span
  WHERE id > folded AND id <= upto
  GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (table_name, span, block) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  UPDATE keyword_counts AS kept SET row_count = kept.row_count + matched.row_count
  FROM (SELECT pattern, key, count(*) AS row_count
        FROM keyword_counts JOIN audit_logs AS trail ON trail.search_folded LIKE pattern AND audit_counted_columns(trail) @> key
        WHERE table_name = 'audit_logs' AND trail.id > folded AND trail.id <= upto
        GROUP BY 1, 2) AS matched
  WHERE kept.table_name = 'audit_logs' AND kept.pattern = matched.pattern AND kept.key = matched.key;
  UPDATE count_watermarks SET folded_to = upto WHERE table_name = 'audit_logs';
  RETURN upto - folded;
END $$;
--> statement-breakpoint
-- As in 0031, and the kept patterns' matches among the folded rows deleted.
CREATE OR REPLACE FUNCTION audit_logs_unfold() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE count_watermarks SET folded_to = 0 WHERE table_name = 'audit_logs';
    DELETE FROM row_counts WHERE table_name = 'audit_logs';
    DELETE FROM time_blocks WHERE table_name = 'audit_logs';
    RETURN NULL;
  END IF;
  SELECT folded_to INTO folded FROM count_watermarks WHERE table_name = 'audit_logs' FOR SHARE;
  INSERT INTO row_counts AS counted (table_name, key, row_count)
  SELECT 'audit_logs', key, -count(*)
  FROM old_rows,
       lateral (values ('{}'::jsonb), (jsonb_build_object('tenant_id', tenant_id)), (jsonb_build_object('action', action)), (jsonb_build_object('entity', entity))) AS keys(key)
  WHERE id <= folded
  GROUP BY key ORDER BY key
  ON CONFLICT (table_name, key) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  INSERT INTO time_blocks AS counted (table_name, span, block, row_count)
  SELECT 'audit_logs', span, floor(extract(epoch FROM at) / span)::bigint, -count(*)
  FROM old_rows, unnest(array[900, 86400]) AS span
  WHERE id <= folded
  GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (table_name, span, block) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  UPDATE keyword_counts AS kept SET row_count = kept.row_count - matched.row_count
  FROM (SELECT pattern, key, count(*) AS row_count
        FROM keyword_counts JOIN old_rows AS trail ON trail.search_folded LIKE pattern AND audit_counted_columns(trail) @> key
        WHERE table_name = 'audit_logs' AND trail.id <= folded
        GROUP BY 1, 2) AS matched
  WHERE kept.table_name = 'audit_logs' AND kept.pattern = matched.pattern AND kept.key = matched.key;
  RETURN NULL;
END $$;
