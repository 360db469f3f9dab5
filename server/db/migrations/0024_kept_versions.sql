CREATE TABLE "versions" (
	"name" text NOT NULL,
	"scope" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "versions_name_scope_pk" PRIMARY KEY("name","scope")
);
--> statement-breakpoint
CREATE INDEX "chapters_video_idx" ON "chapters" USING btree ("video_id");--> statement-breakpoint
-- What a server keeps in memory (issue 18): the trees, and the version each was built at, raised in
-- the transaction of every write that changes what it shows, so a server sends a kept tree only
-- while the database holds the version it was built at, whichever instance wrote. Versions are
-- raised in order of scope, so two writes never deadlock on them; nothing without a version is kept
-- (a course whose chapters were loaded around the triggers is built on every read).
CREATE FUNCTION raise_versions(version_name text, scopes integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO versions AS kept (name, scope, version)
  SELECT version_name, scope, 1 FROM (SELECT DISTINCT unnest(scopes) AS scope) AS raised WHERE scope IS NOT NULL ORDER BY scope
  ON CONFLICT (name, scope) DO UPDATE SET version = kept.version + 1
$$;
--> statement-breakpoint
-- The trees: a course's chapter tree shows its chapters and sections, the course's title and the
-- titles of their videos; the category tree every category.
CREATE FUNCTION tree_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    PERFORM raise_versions('category_tree', array[0]);
  ELSIF TG_TABLE_NAME = 'chapters' AND TG_OP = 'TRUNCATE' THEN
    PERFORM raise_versions('chapter_tree', array(SELECT scope FROM versions WHERE name = 'chapter_tree'));
  ELSIF TG_TABLE_NAME = 'chapters' AND TG_OP = 'INSERT' THEN
    PERFORM raise_versions('chapter_tree', array(SELECT course_id FROM new_rows));
  ELSIF TG_TABLE_NAME = 'chapters' AND TG_OP = 'DELETE' THEN
    PERFORM raise_versions('chapter_tree', array(SELECT course_id FROM old_rows));
  ELSIF TG_TABLE_NAME = 'chapters' THEN
    PERFORM raise_versions('chapter_tree', array(SELECT course_id FROM new_rows UNION SELECT course_id FROM old_rows));
  ELSIF TG_TABLE_NAME = 'courses' THEN
    PERFORM raise_versions('chapter_tree', array(
      SELECT renamed.id FROM new_rows AS renamed JOIN old_rows AS was USING (id) WHERE renamed.title IS DISTINCT FROM was.title));
  ELSIF TG_TABLE_NAME = 'videos' THEN
    PERFORM raise_versions('chapter_tree', array(
      SELECT chapters.course_id FROM new_rows AS renamed JOIN old_rows AS was USING (id) JOIN chapters ON chapters.video_id = renamed.id
      WHERE renamed.title IS DISTINCT FROM was.title));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chapters_tree_insert AFTER INSERT ON chapters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
CREATE TRIGGER chapters_tree_update AFTER UPDATE ON chapters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
CREATE TRIGGER chapters_tree_delete AFTER DELETE ON chapters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
CREATE TRIGGER chapters_tree_truncate AFTER TRUNCATE ON chapters FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
CREATE TRIGGER courses_tree_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
CREATE TRIGGER videos_tree_update AFTER UPDATE ON videos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
CREATE TRIGGER categories_tree_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION tree_changed();
--> statement-breakpoint
-- Everything there is now has a version (the triggers' creation locked out writers until this commits).
SELECT raise_versions('chapter_tree', array(SELECT DISTINCT course_id FROM chapters));
--> statement-breakpoint
SELECT raise_versions('category_tree', array[0]);
