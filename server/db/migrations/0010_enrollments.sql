CREATE TABLE "enrollment_counts" (
	"course_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"enrollment_count" integer NOT NULL,
	CONSTRAINT "enrollment_counts_course_id_tenant_id_pk" PRIMARY KEY("course_id","tenant_id"),
	CONSTRAINT "enrollment_counts_not_negative" CHECK ("enrollment_counts"."enrollment_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"tenant_id" integer,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollment_counts" ADD CONSTRAINT "enrollment_counts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_target_id_courses_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_learner_id_users_user_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_counts_scope_count_idx" ON "enrollment_counts" USING btree ("tenant_id","enrollment_count","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_target_learner_unique" ON "enrollments" USING btree ("target_id","learner_id");--> statement-breakpoint
CREATE INDEX "enrollments_create_at_idx" ON "enrollments" USING btree ("create_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_target_create_at_idx" ON "enrollments" USING btree ("target_id","create_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_learner_create_at_idx" ON "enrollments" USING btree ("learner_id","create_at","id");--> statement-breakpoint
CREATE INDEX "enrollments_tenant_create_at_idx" ON "enrollments" USING btree ("tenant_id","create_at","id");