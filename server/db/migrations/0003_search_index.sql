DROP INDEX "carousel_groups_ucode_trgm";--> statement-breakpoint
DROP INDEX "carousel_groups_name_trgm";--> statement-breakpoint
DROP INDEX "carousel_groups_description_trgm";--> statement-breakpoint
CREATE INDEX "carousel_groups_search_trgm" ON "carousel_groups" USING gin (("ucode" || chr(10) || "name" || chr(10) || "description") gin_trgm_ops);