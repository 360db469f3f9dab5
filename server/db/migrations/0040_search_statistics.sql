-- Every searched table's copy gets the histogram that users (0034), the audit trail (0029) and
-- vouchers (0038) have. A keyword's page walks the list's order until it has its 20 matches, or
-- takes every match from the trigram index and sorts them, by the matches the planner expects; at
-- the default 100 entries whether a word in a few per cent of the rows lands in the sample's
-- histogram is luck. On a million courses seeded afresh (2026-11-29), "lighthouse" (31,060 courses)
-- was estimated at 100: its page fetched all 31,060 from 16,089 heap pages and sorted them, 86-115 ms
-- (1.3 ms walking courses_pkey once estimated at 27,027), and the enrolment statistic's search, which
-- finds its courses the same way, took 300-800 ms (7 ms). ANALYZE reads 300,000 rows for each.
ALTER TABLE "courses" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "series" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "teachers" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "tenant_transfer_applications" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "carousel_groups" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "carousels" ALTER COLUMN "search_folded" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "courses" ("search_folded");--> statement-breakpoint
ANALYZE "series" ("search_folded");--> statement-breakpoint
ANALYZE "teachers" ("search_folded");--> statement-breakpoint
ANALYZE "tenants" ("search_folded");--> statement-breakpoint
ANALYZE "videos" ("search_folded");--> statement-breakpoint
ANALYZE "categories" ("search_folded");--> statement-breakpoint
ANALYZE "mail_outbox" ("search_folded");--> statement-breakpoint
ANALYZE "tenant_transfer_applications" ("search_folded");--> statement-breakpoint
ANALYZE "carousel_groups" ("search_folded");--> statement-breakpoint
ANALYZE "carousels" ("search_folded");
