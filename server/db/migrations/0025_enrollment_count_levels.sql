CREATE TABLE "enrollment_count_levels" (
	"tenant_id" integer NOT NULL,
	"enrollment_count" integer NOT NULL,
	"courses" integer NOT NULL,
	CONSTRAINT "enrollment_count_levels_tenant_id_enrollment_count_pk" PRIMARY KEY("tenant_id","enrollment_count")
);
--> statement-breakpoint
-- The statistic's deep pages (issue 18): page 10,000 in order of enrolments skipped 100,000 entries
-- of the count index. With the number of courses at each count, kept here, the page enters the index
-- at the count its first row has and skips only the courses of that count.
--
-- Kept at commit, as the audit trail's counts are (migration 0017): a change of one course's count
-- moves it between two levels, and an enrolment moves two counts (its organisation's and the
-- platform's). Taken during the statement, the levels' rows would be locked in the order of courses
-- while a level's row is shared by many courses, and two writes could each hold a level the other
-- needs. At commit every writer first takes one advisory lock, so they queue, for the few updates
-- of their levels only, and never deadlock. (Writers that change the platform's counts already
-- queue on the enrolments' own totals, migration 0014; the lock keeps the levels safe without
-- relying on that.)
CREATE FUNCTION count_enrollment_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM enrollment_count_levels;
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock('enrollment_count_levels'::regclass::oid::integer, 0);
  IF TG_OP <> 'INSERT' THEN
    UPDATE enrollment_count_levels SET courses = courses - 1 WHERE tenant_id = OLD.tenant_id AND enrollment_count = OLD.enrollment_count;
    DELETE FROM enrollment_count_levels WHERE tenant_id = OLD.tenant_id AND enrollment_count = OLD.enrollment_count AND courses = 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO enrollment_count_levels AS level (tenant_id, enrollment_count, courses) VALUES (NEW.tenant_id, NEW.enrollment_count, 1)
    ON CONFLICT (tenant_id, enrollment_count) DO UPDATE SET courses = level.courses + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER enrollment_counts_levels AFTER INSERT OR DELETE ON enrollment_counts DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION count_enrollment_levels();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER enrollment_counts_levels_update AFTER UPDATE ON enrollment_counts DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (OLD.enrollment_count <> NEW.enrollment_count OR OLD.tenant_id <> NEW.tenant_id) EXECUTE FUNCTION count_enrollment_levels();
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_levels_truncate AFTER TRUNCATE ON enrollment_counts FOR EACH STATEMENT EXECUTE FUNCTION count_enrollment_levels();
--> statement-breakpoint
-- The counts already there (the triggers' creation locked out writers until this migration commits).
INSERT INTO enrollment_count_levels (tenant_id, enrollment_count, courses)
SELECT tenant_id, enrollment_count, count(*) FROM enrollment_counts GROUP BY 1, 2 ORDER BY 1, 2;
