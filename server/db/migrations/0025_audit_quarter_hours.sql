-- The audit trail's quarter hours (issue 18), beside its days (migration 0023): a range of the
-- trail's time answers its exact total from them (countInTime), as the enrolments' does, instead of
-- counting a month of rows. Counted at commit with the trail's other counts; '{}' is still first.
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
INSERT INTO time_blocks (table_name, span, block, row_count)
SELECT 'audit_logs', 900, floor(extract(epoch FROM at) / 900)::bigint, count(*) FROM audit_logs GROUP BY 3 ORDER BY 3;
