-- A voucher keyword's page walks the list's order until it has its 20 matches, or takes every match
-- from the trigram index and sorts them, by the matches the planner expects (as for users, migration
-- 0034). At the default 100 histogram entries "lighthouse", in 1,562 of 100,000 vouchers, was
-- estimated at 10, so the page fetched all 1,562 from 1,235 heap pages and sorted them: 5.5 ms of
-- its statement.
ALTER TABLE "vouchers" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "vouchers" ("search_folded");
