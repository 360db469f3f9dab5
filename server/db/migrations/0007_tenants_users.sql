DROP INDEX "users_tenant_idx";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
-- The wire's word for an account that may sign in is 'active': stored as it is answered.
UPDATE "users" SET "status" = 'active' WHERE "status" = 'normal';--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "availability" text GENERATED ALWAYS AS (case when status = 'active' then 'Release' else 'Deactive' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tenants_search_trgm" ON "tenants" USING gin (("display_name" || chr(10) || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_create_time_idx" ON "users" USING btree ("create_time","user_id");--> statement-breakpoint
CREATE INDEX "users_tenant_create_time_idx" ON "users" USING btree ("tenant_id","create_time","user_id");--> statement-breakpoint
CREATE INDEX "users_user_name_idx" ON "users" USING btree ("user_name","user_id");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (("user_name" || chr(10) || "real_name" || chr(10) || "nick_name") gin_trgm_ops);