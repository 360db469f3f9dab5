-- The dashboard's courses of the week (issue 18), read from quarter hours of creation time kept by
-- count_time_blocks (migrations 0023, 0030), as its enrolments of the week and of each day are: a
-- week's new courses were counted row by row (5,940 of a million: 0.7 ms of the statement's 2.4).
-- A week starts on a quarter hour in every time zone, so nothing is counted at its edge.
CREATE TRIGGER courses_time_blocks_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('created_at', '900');
--> statement-breakpoint
CREATE TRIGGER courses_time_blocks_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('created_at', '900');
--> statement-breakpoint
CREATE TRIGGER courses_time_blocks_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('created_at', '900');
--> statement-breakpoint
CREATE TRIGGER courses_time_blocks_truncate AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks();
--> statement-breakpoint
INSERT INTO time_blocks (table_name, span, block, row_count)
SELECT 'courses', 900, floor(extract(epoch FROM created_at) / 900)::bigint, count(*) FROM courses GROUP BY 3 ORDER BY 3;
