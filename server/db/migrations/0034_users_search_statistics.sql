-- A keyword's page walks users_create_time_idx until it has its 20 matches, or takes every match
-- from the trigram index and sorts them: the planner picks by the matches it expects, which LIKE
-- '%word%' estimates from the column's histogram. At the default 100 entries a word in 1.6% of
-- 200,000 users (3,156) is in 0 to 4 of them, so the estimate swung from 20 to 8,162 with
-- ANALYZE's sample, and at 20 the plan sorted all 3,156 matches: 9-15 ms, against 0.3-1 ms for the
-- walk. At 1,000 entries the same words estimate 2,224-3,640 on every sample. Planning a keyword
-- costs 70 µs more (pgbench: 170 against 100 µs a plan), once per search.
ALTER TABLE "users" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "users" ("search_folded");
