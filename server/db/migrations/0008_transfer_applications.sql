CREATE TABLE "tenant_transfer_applications" (
	"tenant_transfer_application_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_transfer_applications_tenant_transfer_application_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_tenant_id" integer,
	"to_tenant_id" integer NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_transfer_applications" ADD CONSTRAINT "tenant_transfer_applications_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_transfer_applications" ADD CONSTRAINT "tenant_transfer_applications_decided_by_users_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_create_time_idx" ON "tenant_transfer_applications" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_user_id_idx" ON "tenant_transfer_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_from_tenant_id_idx" ON "tenant_transfer_applications" USING btree ("from_tenant_id");--> statement-breakpoint
CREATE INDEX "tenant_transfer_applications_to_tenant_id_idx" ON "tenant_transfer_applications" USING btree ("to_tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_transfer_applications_one_pending" ON "tenant_transfer_applications" USING btree ("user_id") WHERE status = 'pending';