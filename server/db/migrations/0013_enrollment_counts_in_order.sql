-- Every change takes the count rows it touches in one order, course then organisation (migration
-- 0011 took them in whatever order its join or grouping produced). Two writes that change the same
-- counts, say a learner's move to another organisation and an enable in one of that learner's
-- courses, now queue one behind the other; before, each could hold a row the other waited for, and
-- PostgreSQL aborted one of them as a deadlock (a 500 to whoever made it). The counts themselves
-- were never wrong: the aborted write was undone whole.

-- One statement still serves a bulk load; its rows are inserted, and so locked, in order.
CREATE OR REPLACE FUNCTION enrollments_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrollment_counts AS counted (course_id, tenant_id, enrollment_count)
  SELECT target_id, scope, count(*) FROM new_rows, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
  WHERE available AND scope IS NOT NULL GROUP BY target_id, scope ORDER BY target_id, scope
  ON CONFLICT (course_id, tenant_id) DO UPDATE SET enrollment_count = counted.enrollment_count + excluded.enrollment_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A course's delete cascades here while its count rows go too: only existing rows are lowered.
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
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Enabling, disabling and a learner's move: one count at a time, in order. A rise may make the row;
-- a fall is a plain update (the CHECK is applied to a candidate row before ON CONFLICT), and its
-- row exists, as the enrolment it lowers was counted in it.
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
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
