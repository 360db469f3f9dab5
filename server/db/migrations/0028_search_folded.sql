-- The keyword search reads a column of its own in each searched table, the searched text lower-cased
-- once as the row is written, and matches it with LIKE against the pattern lower-cased the same way
-- (server/db/entityTable.ts, searchColumn). ILIKE lower-cased every candidate the trigram index
-- found: 1.4 of the 2.3 µs each cost, most of a keyword's total at a million rows (31,060 courses:
-- 71 ms, 27 with LIKE). ILIKE is LIKE over both sides lower-cased, so the same rows are found.
-- Each table is rewritten once, here; a title written costs one lower() and the text again.
DROP INDEX "audit_logs_search_trgm";--> statement-breakpoint
DROP INDEX "carousel_groups_search_trgm";--> statement-breakpoint
DROP INDEX "carousels_search_trgm";--> statement-breakpoint
DROP INDEX "categories_search_trgm";--> statement-breakpoint
DROP INDEX "courses_search_trgm";--> statement-breakpoint
DROP INDEX "mail_outbox_search_trgm";--> statement-breakpoint
DROP INDEX "series_search_trgm";--> statement-breakpoint
DROP INDEX "teachers_search_trgm";--> statement-breakpoint
DROP INDEX "tenants_search_trgm";--> statement-breakpoint
DROP INDEX "users_search_trgm";--> statement-breakpoint
DROP INDEX "videos_search_trgm";--> statement-breakpoint
DROP INDEX "vouchers_search_trgm";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("user_name" || chr(10) || "title")) STORED;--> statement-breakpoint
ALTER TABLE "carousel_groups" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("ucode" || chr(10) || "name" || chr(10) || "description")) STORED;--> statement-breakpoint
ALTER TABLE "carousels" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("title" || chr(10) || "description")) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("title")) STORED;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("title")) STORED;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower(mail_search_text("to", "subject"))) STORED;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("title")) STORED;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("display_name" || chr(10) || "name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("user_name" || chr(10) || "real_name" || chr(10) || "nick_name")) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("title")) STORED;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (lower("name" || chr(10) || "code")) STORED;--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm" ON "audit_logs" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carousel_groups_search_trgm" ON "carousel_groups" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carousels_search_trgm" ON "carousels" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_search_trgm" ON "categories" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_search_trgm" ON "courses" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_search_trgm" ON "mail_outbox" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_search_trgm" ON "series" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teachers_search_trgm" ON "teachers" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_search_trgm" ON "tenants" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_search_trgm" ON "videos" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_search_trgm" ON "vouchers" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
-- The search column is the record's text again: the audit trail leaves it out, as it does updated_at.
CREATE OR REPLACE FUNCTION audit_fields(fields jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE WHEN key ~ '(password|hash|token|secret)' THEN '"***"'::jsonb ELSE value END), '{}'::jsonb)
  FROM jsonb_each(fields) WHERE key NOT IN ('updated_at', 'search_folded')
$$;
