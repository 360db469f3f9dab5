CREATE TABLE "uploaded_files" (
	"key" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "uploaded_files_kept_idx" ON "uploaded_files" USING btree ("uploaded_at") WHERE "uploaded_files"."removed_at" is null;
