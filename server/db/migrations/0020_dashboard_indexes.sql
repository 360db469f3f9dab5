-- The dashboard's week figures read index ranges instead of scanning (server/routes/dashboard.ts):
-- courses added, vouchers redeemed; and its learners are the counted accounts less the staff, whom
-- a partial index of only them counts.
CREATE INDEX "courses_created_at_idx" ON "courses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("tenant_id") WHERE not ('learner' = any("users"."roles"));--> statement-breakpoint
CREATE INDEX "voucher_redemptions_create_time_idx" ON "voucher_redemptions" USING btree ("create_time");
