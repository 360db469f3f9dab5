-- As in 0032, with the patterns being counted for the first time left alone. A first count locks its
-- pattern's row, then the watermark's (entityRoutes' `keptKeywordTotal`), and the fold took them the
-- other way round: each could wait for the other (PostgreSQL ends one after a second). Now the fold
-- adds only to patterns already counted: a first count counts up to the watermark while it holds
-- that lock, so whatever a fold passed before it is in its count, and the folds after add the rest.
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
        WHERE table_name = 'audit_logs' AND ready AND trail.id > folded AND trail.id <= upto
        GROUP BY 1, 2) AS matched
  WHERE kept.table_name = 'audit_logs' AND kept.ready AND kept.pattern = matched.pattern AND kept.key = matched.key;
  UPDATE count_watermarks SET folded_to = upto WHERE table_name = 'audit_logs';
  RETURN upto - folded;
END $$;
