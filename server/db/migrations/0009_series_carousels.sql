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
CREATE TABLE "series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"teacher_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"original_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"suit_crowds" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"features" text DEFAULT '' NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_courses" (
	"series_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "series_courses_series_id_course_id_pk" PRIMARY KEY("series_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_carousel_group_id_carousel_groups_id_fk" FOREIGN KEY ("carousel_group_id") REFERENCES "public"."carousel_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_target_id_courses_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_courses" ADD CONSTRAINT "series_courses_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_courses" ADD CONSTRAINT "series_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousels_title_idx" ON "carousels" USING btree ("title");--> statement-breakpoint
CREATE INDEX "carousels_search_trgm" ON "carousels" USING gin (("title" || chr(10) || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "carousels_carousel_group_id_idx" ON "carousels" USING btree ("carousel_group_id");--> statement-breakpoint
CREATE INDEX "carousels_target_id_idx" ON "carousels" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "series_title_idx" ON "series" USING btree ("title");--> statement-breakpoint
CREATE INDEX "series_price_idx" ON "series" USING btree ("price");--> statement-breakpoint
CREATE INDEX "series_search_trgm" ON "series" USING gin (("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "series_category_id_idx" ON "series" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "series_teacher_ids_idx" ON "series" USING gin ("teacher_ids");--> statement-breakpoint
CREATE INDEX "series_courses_series_order_idx" ON "series_courses" USING btree ("series_id","sort_order");--> statement-breakpoint
CREATE INDEX "series_courses_course_idx" ON "series_courses" USING btree ("course_id");