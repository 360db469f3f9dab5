-- Transfer applications searched by the learner's name at a platform's size (issue 18): with 20,000
-- applications a search read each one's name through a subquery on users and counted every match on
-- every page (99.8 ms at one client, 559 ms at 8). The name lives on the user, so a generated column
-- cannot hold it: the application keeps it lower-cased in its search column, set by a trigger when
-- the application is written and when the learner's name changes, and the search goes through a
-- trigram index on it and keeps its totals, as every other searched list (migrations 0028, 0029).
ALTER TABLE "tenant_transfer_applications" ADD COLUMN "search_folded" text;--> statement-breakpoint
UPDATE "tenant_transfer_applications" AS application SET "search_folded" = lower(learner.user_name)
FROM users AS learner WHERE learner.user_id = application.user_id;--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_search_trgm" ON "tenant_transfer_applications" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION application_learner_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_folded := lower((SELECT user_name FROM users WHERE user_id = NEW.user_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_learner_name BEFORE INSERT OR UPDATE OF user_id ON tenant_transfer_applications FOR EACH ROW EXECUTE FUNCTION application_learner_name();
--> statement-breakpoint
-- A renamed learner is found by the new name: the applications' update trigger below moves the kept
-- totals with it, and the audit trail, which leaves the search column out, records no change.
CREATE FUNCTION learner_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenant_transfer_applications SET search_folded = lower(NEW.user_name) WHERE user_id = NEW.user_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_learner_renamed AFTER UPDATE OF user_name ON users FOR EACH ROW WHEN (OLD.user_name IS DISTINCT FROM NEW.user_name) EXECUTE FUNCTION learner_renamed();
--> statement-breakpoint
-- The searched patterns' totals, kept as for every searched table (migration 0029).
CREATE TRIGGER tenant_transfer_applications_keywords_insert AFTER INSERT ON tenant_transfer_applications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_keywords_delete AFTER DELETE ON tenant_transfer_applications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_keywords_update AFTER UPDATE ON tenant_transfer_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_keywords_truncate AFTER TRUNCATE ON tenant_transfer_applications FOR EACH STATEMENT EXECUTE FUNCTION count_keywords();
--> statement-breakpoint
-- A searched total is kept within the counters' key (server/routes/entityRoutes.ts), so the list's
-- totals are counted too: the whole list and each status (its filter), by count_rows (migration 0014).
CREATE TRIGGER tenant_transfer_applications_count_insert AFTER INSERT ON tenant_transfer_applications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'status');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_count_delete AFTER DELETE ON tenant_transfer_applications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'status');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_count_update AFTER UPDATE ON tenant_transfer_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows('', 'status');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_count_truncate AFTER TRUNCATE ON tenant_transfer_applications FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
-- The applications already there, counted once: the triggers keep them from now on (their creation
-- locked out writers until this migration commits).
INSERT INTO row_counts (table_name, key, row_count)
SELECT 'tenant_transfer_applications', key, count(*) FROM tenant_transfer_applications, LATERAL (VALUES ('{}'::jsonb), (jsonb_build_object('status', status))) AS keys(key) GROUP BY key;
--> statement-breakpoint
-- A deep page in creation order (the list's own) starts from its day, as the users' do (migration
-- 0023): the last of 20,000 walked all of them, 2.9 ms of the database's alone.
CREATE TRIGGER tenant_transfer_applications_time_blocks_insert AFTER INSERT ON tenant_transfer_applications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_time', '86400');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_time_blocks_update AFTER UPDATE ON tenant_transfer_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_time', '86400');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_time_blocks_delete AFTER DELETE ON tenant_transfer_applications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks('create_time', '86400');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_time_blocks_truncate AFTER TRUNCATE ON tenant_transfer_applications FOR EACH STATEMENT EXECUTE FUNCTION count_time_blocks();
--> statement-breakpoint
INSERT INTO time_blocks (table_name, span, block, row_count)
SELECT 'tenant_transfer_applications', 86400, floor(extract(epoch FROM create_time) / 86400)::bigint, count(*) FROM tenant_transfer_applications GROUP BY 3 ORDER BY 3;
--> statement-breakpoint
-- The search column's statistics, which the planner costs a search by: without them it took a word
-- in every application for a rare one and sorted all 20,000 matches (11.9 ms against 0.1). The
-- backfill above leaves a dead version of each row for autovacuum.
ANALYZE "tenant_transfer_applications";
