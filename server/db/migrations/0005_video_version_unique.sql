DROP INDEX "video_versions_video_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "video_versions_video_format_quality_unique" ON "video_versions" USING btree ("video_id","format","quality");