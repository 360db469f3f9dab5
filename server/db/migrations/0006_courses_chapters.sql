CREATE TABLE "chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text DEFAULT '' NOT NULL,
	"course_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"preview_enabled" boolean DEFAULT false NOT NULL,
	"res_type" text DEFAULT '' NOT NULL,
	"video_id" integer,
	"pdf" text DEFAULT '' NOT NULL,
	"begin_at" bigint,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
	"res_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapters_course_id_idx" ON "chapters" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "chapters_video_id_idx" ON "chapters" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "chapters_course_parent_order_idx" ON "chapters" USING btree ("course_id","parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "courses_title_idx" ON "courses" USING btree ("title");--> statement-breakpoint
CREATE INDEX "courses_price_idx" ON "courses" USING btree ("price");--> statement-breakpoint
CREATE INDEX "courses_search_trgm" ON "courses" USING gin (("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_category_id_idx" ON "courses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "courses_teacher_ids_idx" ON "courses" USING gin ("teacher_ids");