-- Every list orders by its sort column, then the id (entityStore): indexes on both give a page's ids,
-- however deep, from the index alone, and a filtered list (a category's courses) its order.

DROP INDEX "carousel_groups_name_idx";--> statement-breakpoint
DROP INDEX "carousels_title_idx";--> statement-breakpoint
DROP INDEX "carousels_carousel_group_id_idx";--> statement-breakpoint
DROP INDEX "carousels_target_id_idx";--> statement-breakpoint
DROP INDEX "chapters_course_id_idx";--> statement-breakpoint
DROP INDEX "chapters_video_id_idx";--> statement-breakpoint
DROP INDEX "courses_title_idx";--> statement-breakpoint
DROP INDEX "courses_price_idx";--> statement-breakpoint
DROP INDEX "courses_category_id_idx";--> statement-breakpoint
DROP INDEX "series_title_idx";--> statement-breakpoint
DROP INDEX "series_price_idx";--> statement-breakpoint
DROP INDEX "series_category_id_idx";--> statement-breakpoint
DROP INDEX "teachers_name_idx";--> statement-breakpoint
DROP INDEX "tenant_transfer_applications_create_time_idx";--> statement-breakpoint
DROP INDEX "tenant_transfer_applications_user_id_idx";--> statement-breakpoint
DROP INDEX "tenant_transfer_applications_from_tenant_id_idx";--> statement-breakpoint
DROP INDEX "tenant_transfer_applications_to_tenant_id_idx";--> statement-breakpoint
DROP INDEX "videos_title_idx";--> statement-breakpoint
CREATE INDEX "carousel_groups_name_idx" ON "carousel_groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "carousels_title_idx" ON "carousels" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "carousels_carousel_group_id_idx" ON "carousels" USING btree ("carousel_group_id","id");--> statement-breakpoint
CREATE INDEX "carousels_target_id_idx" ON "carousels" USING btree ("target_id","id");--> statement-breakpoint
CREATE INDEX "chapters_course_id_idx" ON "chapters" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "chapters_video_id_idx" ON "chapters" USING btree ("video_id","id");--> statement-breakpoint
CREATE INDEX "courses_title_idx" ON "courses" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "courses_price_idx" ON "courses" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "courses_category_id_idx" ON "courses" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "series_title_idx" ON "series" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "series_price_idx" ON "series" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "series_category_id_idx" ON "series" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "teachers_name_idx" ON "teachers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_create_time_idx" ON "tenant_transfer_applications" USING btree ("create_time","tenant_transfer_application_id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_user_id_idx" ON "tenant_transfer_applications" USING btree ("user_id","tenant_transfer_application_id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_from_tenant_id_idx" ON "tenant_transfer_applications" USING btree ("from_tenant_id","tenant_transfer_application_id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_to_tenant_id_idx" ON "tenant_transfer_applications" USING btree ("to_tenant_id","tenant_transfer_application_id");--> statement-breakpoint
CREATE INDEX "videos_title_idx" ON "videos" USING btree ("title","id");