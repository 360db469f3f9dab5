-- Every change of the enrolment counts takes their rows in one order, organisation (scope) first,
-- then course; migration 0013 took them course first. The order of courses was enough for the count
-- rows themselves, but a count row made or removed also moves its scope's total in row_counts
-- (count_rows, migration 0014), a row shared by every course of the scope. Course first, two bulk
-- changes of different courses each took scope 0's total and then an organisation's, or the other
-- way round, and PostgreSQL aborted one of them as a deadlock: a 500 to whoever disabled a batch of
-- enrolments. Scope first, the totals too are taken in one order.
CREATE OR REPLACE FUNCTION enrollments_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enrollment_counts AS counted (course_id, tenant_id, enrollment_count)
  SELECT target_id, scope, count(*) FROM new_rows, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
  WHERE available AND scope IS NOT NULL GROUP BY scope, target_id ORDER BY scope, target_id
  ON CONFLICT (course_id, tenant_id) DO UPDATE SET enrollment_count = counted.enrollment_count + excluded.enrollment_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrollments_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN
    SELECT target_id, scope, count(*)::int AS n FROM old_rows, LATERAL (VALUES (0), (tenant_id)) AS scopes(scope)
    WHERE available AND scope IS NOT NULL GROUP BY scope, target_id ORDER BY scope, target_id
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
    WHERE scope IS NOT NULL GROUP BY scope, target_id HAVING sum(delta) <> 0 ORDER BY scope, target_id
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
