-- Keeps enrollments.tenant_id equal to the learner's organisation, and enrollment_counts exact
-- (enabled enrolments per course: tenant_id 0 for the platform, else per organisation), in the
-- same transaction as the write that changes them. Statement triggers with transition tables:
-- a redemption of a series or a bulk load updates each count once, not once per row.

CREATE FUNCTION enrollments_fill_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tenant_id := (SELECT tenant_id FROM users WHERE user_id = NEW.learner_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_fill_tenant BEFORE INSERT OR UPDATE OF learner_id ON enrollments
  FOR EACH ROW EXECUTE FUNCTION enrollments_fill_tenant();
--> statement-breakpoint
CREATE FUNCTION users_move_enrollments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollments SET tenant_id = NEW.tenant_id WHERE learner_id = NEW.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_move_enrollments AFTER UPDATE OF tenant_id ON users
  FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) EXECUTE FUNCTION users_move_enrollments();
--> statement-breakpoint
CREATE FUNCTION enrollments_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrollment_counts AS counted (course_id, tenant_id, enrollment_count)
  SELECT target_id, scope, count(*) FROM new_rows, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
  WHERE available AND scope IS NOT NULL GROUP BY target_id, scope
  ON CONFLICT (course_id, tenant_id) DO UPDATE SET enrollment_count = counted.enrollment_count + excluded.enrollment_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A course's delete cascades here while its count rows go too: only existing rows are lowered.
CREATE FUNCTION enrollments_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollment_counts AS counted SET enrollment_count = counted.enrollment_count - gone.n
  FROM (SELECT target_id, scope, count(*) AS n FROM old_rows, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
        WHERE available AND scope IS NOT NULL GROUP BY target_id, scope) AS gone
  WHERE counted.course_id = gone.target_id AND counted.tenant_id = gone.scope;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Enabling, disabling and a learner's move: the old rows' counts go down, the new rows' up. The
-- CHECK is applied to a candidate row before ON CONFLICT, so decrements are plain updates.
CREATE FUNCTION enrollments_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH deltas AS (
    SELECT target_id, scope, sum(delta)::int AS delta FROM (
      SELECT target_id, tenant_id, -1 AS delta FROM old_rows WHERE available
      UNION ALL
      SELECT target_id, tenant_id, 1 FROM new_rows WHERE available
    ) AS changed, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
    WHERE scope IS NOT NULL GROUP BY target_id, scope HAVING sum(delta) <> 0
  ), lowered AS (
    UPDATE enrollment_counts AS counted SET enrollment_count = counted.enrollment_count + deltas.delta
    FROM deltas WHERE deltas.delta < 0 AND counted.course_id = deltas.target_id AND counted.tenant_id = deltas.scope
  )
  INSERT INTO enrollment_counts AS counted (course_id, tenant_id, enrollment_count)
  SELECT target_id, scope, delta FROM deltas WHERE delta > 0
  ON CONFLICT (course_id, tenant_id) DO UPDATE SET enrollment_count = counted.enrollment_count + excluded.enrollment_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_count_insert AFTER INSERT ON enrollments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_insert();
--> statement-breakpoint
CREATE TRIGGER enrollments_count_delete AFTER DELETE ON enrollments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_delete();
--> statement-breakpoint
CREATE TRIGGER enrollments_count_update AFTER UPDATE ON enrollments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enrollments_count_update();
