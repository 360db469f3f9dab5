CREATE TABLE "carousels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carousels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"carousel_group_id" integer NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" integer,
	"image_link" text DEFAULT '' NOT NULL,
	"image_background_color" text DEFAULT '' NOT NULL,
	"customized_link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_carousel_group_id_carousel_groups_id_fk" FOREIGN KEY ("carousel_group_id") REFERENCES "public"."carousel_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_target_id_courses_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousels_title_idx" ON "carousels" USING btree ("title");--> statement-breakpoint
CREATE INDEX "carousels_search_trgm" ON "carousels" USING gin (("title" || chr(10) || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carousels_carousel_group_id_idx" ON "carousels" USING btree ("carousel_group_id");--> statement-breakpoint
CREATE INDEX "carousels_target_id_idx" ON "carousels" USING btree ("target_id");