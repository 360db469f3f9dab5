CREATE TABLE "keyword_counts" (
	"table_name" text NOT NULL,
	"pattern" text NOT NULL,
	"key" jsonb NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_counts_table_name_pattern_key_pk" PRIMARY KEY("table_name","pattern","key")
);
--> statement-breakpoint
-- The keyword search's totals (issue 18): a search counted its matches on every page it answered
-- (31,060 courses of a million for one word: 68 ms alone, 200 ms among 8 clients on two cores). The
-- patterns searched lately are counted once (server/db/keywordCounts.ts), then kept true here in
-- the transaction of every write, as `row_counts` is (migration 0014): each statement that changes
-- a searched table adds, to each pattern kept for it, the rows it made match less those it made
-- stop matching. A statement finds no pattern kept for most tables, and pays one index probe.
-- The kept rows are taken in the order of their key, so two writers never deadlock on them.
CREATE FUNCTION count_keywords() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM keyword_counts WHERE table_name = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT FROM keyword_counts WHERE table_name = TG_TABLE_NAME) THEN
    RETURN NULL;
  END IF;
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    FOR change IN
      SELECT kept.pattern, kept.key, count(*) AS delta
      FROM keyword_counts AS kept JOIN new_rows AS changed ON changed.search_folded LIKE kept.pattern AND (kept.key = '{}' OR to_jsonb(changed) @> kept.key)
      WHERE kept.table_name = TG_TABLE_NAME GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = TG_TABLE_NAME AND pattern = change.pattern AND key = change.key;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN
      SELECT kept.pattern, kept.key, -count(*) AS delta
      FROM keyword_counts AS kept JOIN old_rows AS changed ON changed.search_folded LIKE kept.pattern AND (kept.key = '{}' OR to_jsonb(changed) @> kept.key)
      WHERE kept.table_name = TG_TABLE_NAME GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = TG_TABLE_NAME AND pattern = change.pattern AND key = change.key;
    END LOOP;
  ELSE
    FOR change IN
      SELECT pattern, key, sum(delta) AS delta FROM (
        SELECT kept.pattern, kept.key, 1 AS delta
        FROM keyword_counts AS kept JOIN new_rows AS changed ON changed.search_folded LIKE kept.pattern AND (kept.key = '{}' OR to_jsonb(changed) @> kept.key)
        WHERE kept.table_name = TG_TABLE_NAME
        UNION ALL
        SELECT kept.pattern, kept.key, -1
        FROM keyword_counts AS kept JOIN old_rows AS changed ON changed.search_folded LIKE kept.pattern AND (kept.key = '{}' OR to_jsonb(changed) @> kept.key)
        WHERE kept.table_name = TG_TABLE_NAME
      ) AS changes GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = TG_TABLE_NAME AND pattern = change.pattern AND key = change.key;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The audit trail counts at commit, after its totals (migrations 0017, 0023: 'audit_logs_count'
-- fires first, by name), so a pattern every writer matches is held for the length of a commit. Its
-- rows are only ever inserted.
CREATE FUNCTION audit_logs_keywords() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept record;
BEGIN
  FOR kept IN
    SELECT pattern, key FROM keyword_counts
    WHERE table_name = 'audit_logs' AND NEW.search_folded LIKE pattern AND (key = '{}' OR to_jsonb(NEW) @> key)
    ORDER BY 1, 2
  LOOP
    UPDATE keyword_counts SET row_count = row_count + 1 WHERE table_name = 'audit_logs' AND pattern = kept.pattern AND key = kept.key;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_logs_keywords AFTER INSERT ON audit_logs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_logs_keywords();
--> statement-breakpoint
CREATE TRIGGER audit_logs_keywords_truncate AFTER TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousel_groups_keywords_insert AFTER INSERT ON carousel_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousel_groups_keywords_delete AFTER DELETE ON carousel_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousel_groups_keywords_update AFTER UPDATE ON carousel_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousel_groups_keywords_truncate AFTER TRUNCATE ON carousel_groups FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousels_keywords_insert AFTER INSERT ON carousels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousels_keywords_delete AFTER DELETE ON carousels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousels_keywords_update AFTER UPDATE ON carousels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER carousels_keywords_truncate AFTER TRUNCATE ON carousels FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER categories_keywords_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER categories_keywords_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER categories_keywords_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER categories_keywords_truncate AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER courses_keywords_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER courses_keywords_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER courses_keywords_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER courses_keywords_truncate AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_keywords_insert AFTER INSERT ON mail_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_keywords_delete AFTER DELETE ON mail_outbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_keywords_update AFTER UPDATE ON mail_outbox REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_keywords_truncate AFTER TRUNCATE ON mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER series_keywords_insert AFTER INSERT ON series REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER series_keywords_delete AFTER DELETE ON series REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER series_keywords_update AFTER UPDATE ON series REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER series_keywords_truncate AFTER TRUNCATE ON series FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER teachers_keywords_insert AFTER INSERT ON teachers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER teachers_keywords_delete AFTER DELETE ON teachers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER teachers_keywords_update AFTER UPDATE ON teachers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER teachers_keywords_truncate AFTER TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenants_keywords_insert AFTER INSERT ON tenants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenants_keywords_delete AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenants_keywords_update AFTER UPDATE ON tenants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenants_keywords_truncate AFTER TRUNCATE ON tenants FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER users_keywords_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER users_keywords_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER users_keywords_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER users_keywords_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER videos_keywords_insert AFTER INSERT ON videos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER videos_keywords_delete AFTER DELETE ON videos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER videos_keywords_update AFTER UPDATE ON videos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER videos_keywords_truncate AFTER TRUNCATE ON videos FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER vouchers_keywords_insert AFTER INSERT ON vouchers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER vouchers_keywords_delete AFTER DELETE ON vouchers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER vouchers_keywords_update AFTER UPDATE ON vouchers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER vouchers_keywords_truncate AFTER TRUNCATE ON vouchers FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
-- The enrolment statistic's searches: its list is the count rows (`enrollment_counts`, one per
-- course and scope while the course has an enabled enrolment there) whose course's title matches,
-- kept under the key of the scope (`{"tenant_id": 0}` for the platform). A count row made or let go
-- moves the patterns its course's title matches (count_statistic_keywords); a course renamed moves
-- those its old or new title matches by its count rows (courses_statistic_keywords); a course about
-- to be deleted takes its count rows out before they go with it (its title is gone by then).
CREATE FUNCTION count_statistic_keywords() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM keyword_counts WHERE table_name = 'enrollment_counts';
    RETURN NULL;
  END IF;
  -- Before a course's deletion, a row trigger: NULL would cancel the deletion, so it answers OLD.
  IF NOT EXISTS (SELECT FROM keyword_counts WHERE table_name = 'enrollment_counts') THEN
    RETURN CASE WHEN TG_LEVEL = 'ROW' THEN OLD END;
  END IF;
  IF TG_TABLE_NAME = 'enrollment_counts' AND TG_OP = 'INSERT' THEN
    FOR change IN
      SELECT kept.pattern, kept.key, count(*) AS delta
      FROM keyword_counts AS kept
      JOIN new_rows AS counted ON counted.tenant_id = (kept.key->>'tenant_id')::int
      JOIN courses ON courses.id = counted.course_id AND courses.search_folded LIKE kept.pattern
      WHERE kept.table_name = 'enrollment_counts' GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = 'enrollment_counts' AND pattern = change.pattern AND key = change.key;
    END LOOP;
  ELSIF TG_TABLE_NAME = 'enrollment_counts' THEN
    -- A count row of a course being deleted finds no course: the course's deletion took it out.
    FOR change IN
      SELECT kept.pattern, kept.key, -count(*) AS delta
      FROM keyword_counts AS kept
      JOIN old_rows AS counted ON counted.tenant_id = (kept.key->>'tenant_id')::int
      JOIN courses ON courses.id = counted.course_id AND courses.search_folded LIKE kept.pattern
      WHERE kept.table_name = 'enrollment_counts' GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = 'enrollment_counts' AND pattern = change.pattern AND key = change.key;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR change IN
      SELECT pattern, key, sum(delta) AS delta FROM (
        SELECT kept.pattern, kept.key, (renamed.search_folded LIKE kept.pattern)::int - (before.search_folded LIKE kept.pattern)::int AS delta
        FROM keyword_counts AS kept
        CROSS JOIN new_rows AS renamed
        JOIN old_rows AS before ON before.id = renamed.id AND before.search_folded IS DISTINCT FROM renamed.search_folded
        JOIN enrollment_counts AS counted ON counted.course_id = renamed.id AND counted.tenant_id = (kept.key->>'tenant_id')::int
        WHERE kept.table_name = 'enrollment_counts'
      ) AS changes GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = 'enrollment_counts' AND pattern = change.pattern AND key = change.key;
    END LOOP;
  ELSE
    -- Before a course's deletion: its count rows are still there.
    FOR change IN
      SELECT kept.pattern, kept.key, -count(*) AS delta
      FROM keyword_counts AS kept
      JOIN enrollment_counts AS counted ON counted.course_id = OLD.id AND counted.tenant_id = (kept.key->>'tenant_id')::int
      WHERE kept.table_name = 'enrollment_counts' AND OLD.search_folded LIKE kept.pattern GROUP BY 1, 2 ORDER BY 1, 2
    LOOP
      UPDATE keyword_counts SET row_count = row_count + change.delta WHERE table_name = 'enrollment_counts' AND pattern = change.pattern AND key = change.key;
    END LOOP;
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_keywords_insert AFTER INSERT ON enrollment_counts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statistic_keywords();
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_keywords_delete AFTER DELETE ON enrollment_counts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statistic_keywords();
--> statement-breakpoint
CREATE TRIGGER enrollment_counts_keywords_truncate AFTER TRUNCATE ON enrollment_counts FOR EACH STATEMENT EXECUTE FUNCTION count_statistic_keywords();
--> statement-breakpoint
CREATE TRIGGER courses_statistic_keywords_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_statistic_keywords();
--> statement-breakpoint
CREATE TRIGGER courses_statistic_keywords_delete BEFORE DELETE ON courses FOR EACH ROW EXECUTE FUNCTION count_statistic_keywords();
--> statement-breakpoint
-- With its total kept, a searched page of the trail costs what finding its rows costs. The trail's
-- searched text mixes people's names and records' titles, and a histogram of 100 of them held no
-- row with a word that 1 in 64 rows have: the planner expected 100 rows, sorted every match, and
-- took 180 ms for a page the time index gives in 2. A thousand find it (about 9,000 expected).
ALTER TABLE "audit_logs" ALTER COLUMN "search_folded" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "audit_logs" ("search_folded");
