CREATE TABLE "enrollment_count_level_blocks" (
	"tenant_id" integer NOT NULL,
	"enrollment_count" integer NOT NULL,
	"course_block" integer NOT NULL,
	"courses" integer NOT NULL,
	CONSTRAINT "enrollment_count_level_blocks_tenant_id_enrollment_count_course_block_pk" PRIMARY KEY("tenant_id","enrollment_count","course_block")
);
--> statement-breakpoint
-- The statistic's deep pages (issue 18): the levels (migration 0025) find the count a deep page's
-- first row has, and the page then skipped every course of that count before it: in ascending order
-- page 10,000 falls among the 100,000-odd courses with one enrolment. With each level's courses
-- counted by blocks of 1,024 course ids too, the page finds the block within the count, and skips at
-- most that block's courses.
--
-- The platform's scope (tenant 0) alone: an organisation's statistic holds its learners' courses
-- (2,276 at most at scale), so its deep page skips no more than that, while blocks for every
-- organisation were 1,525,667 rows (112 MB, nearly one per count row) and two more writes for each
-- enrolment.
--
-- Kept by the levels' own function, at commit and under its advisory lock: a course's count moving
-- moves its block between the same two levels. Writers wait until the blocks are filled.
LOCK TABLE enrollment_counts IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_enrollment_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM enrollment_count_levels;
    DELETE FROM enrollment_count_level_blocks;
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock('enrollment_count_levels'::regclass::oid::integer, 0);
  IF TG_OP <> 'INSERT' THEN
    UPDATE enrollment_count_levels SET courses = courses - 1 WHERE tenant_id = OLD.tenant_id AND enrollment_count = OLD.enrollment_count;
    DELETE FROM enrollment_count_levels WHERE tenant_id = OLD.tenant_id AND enrollment_count = OLD.enrollment_count AND courses = 0;
    IF OLD.tenant_id = 0 THEN
      UPDATE enrollment_count_level_blocks SET courses = courses - 1
      WHERE tenant_id = 0 AND enrollment_count = OLD.enrollment_count AND course_block = OLD.course_id / 1024;
      DELETE FROM enrollment_count_level_blocks
      WHERE tenant_id = 0 AND enrollment_count = OLD.enrollment_count AND course_block = OLD.course_id / 1024 AND courses = 0;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO enrollment_count_levels AS level (tenant_id, enrollment_count, courses) VALUES (NEW.tenant_id, NEW.enrollment_count, 1)
    ON CONFLICT (tenant_id, enrollment_count) DO UPDATE SET courses = level.courses + 1;
    IF NEW.tenant_id = 0 THEN
      INSERT INTO enrollment_count_level_blocks AS level (tenant_id, enrollment_count, course_block, courses)
      VALUES (0, NEW.enrollment_count, NEW.course_id / 1024, 1)
      ON CONFLICT (tenant_id, enrollment_count, course_block) DO UPDATE SET courses = level.courses + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts already there.
INSERT INTO enrollment_count_level_blocks (tenant_id, enrollment_count, course_block, courses)
SELECT tenant_id, enrollment_count, course_id / 1024, count(*) FROM enrollment_counts WHERE tenant_id = 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
