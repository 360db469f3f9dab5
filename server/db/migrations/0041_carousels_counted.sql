-- One group's carousels (the list the console opens, always filtered by its group) from the counters,
-- as every other counted list (issue 18). Counted, the page is a shape whose plan no group changes:
-- it is named and its plan kept (entityRoutes' prepareShape), where it was parsed and planned on
-- every call. On the demo data, one client: 399-458 µs a page planned per call, 168-242 µs named.
CREATE TRIGGER carousels_count_insert AFTER INSERT ON carousels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'carousel_group_id');
--> statement-breakpoint
CREATE TRIGGER carousels_count_delete AFTER DELETE ON carousels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'carousel_group_id');
--> statement-breakpoint
CREATE TRIGGER carousels_count_update AFTER UPDATE ON carousels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'carousel_group_id');
--> statement-breakpoint
CREATE TRIGGER carousels_count_truncate AFTER TRUNCATE ON carousels FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
-- The carousels already there, counted once: the triggers keep them from now on (their creation
-- locked out writers until this migration commits).
INSERT INTO row_counts (table_name, key, row_count)
SELECT 'carousels', key, count(*) FROM carousels, LATERAL (VALUES ('{}'::jsonb), (jsonb_build_object('carousel_group_id', carousel_group_id))) AS keys(key) GROUP BY key;
