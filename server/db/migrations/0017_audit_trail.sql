CREATE TABLE "audit_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"tenant_id" integer,
	"entity" text NOT NULL,
	"record_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_logs_at_idx" ON "audit_logs" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_at_idx" ON "audit_logs" USING btree ("tenant_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_at_idx" ON "audit_logs" USING btree ("user_name","at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_entity_at_idx" ON "audit_logs" USING btree ("entity","at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm" ON "audit_logs" USING gin (("user_name" || chr(10) || "title") gin_trgm_ops);--> statement-breakpoint
-- The audit trail. Each audited table has one row trigger, `audit_change`, that records a change in
-- the transaction that makes it, whatever route, handler or cascade makes it. Who acts comes from the
-- transaction-local setting `app.actor` (JSON: user_id, user_name, ip), which the server sets at the
-- start of every transaction it opens while serving a request (server/auditTrail.ts); a write with no
-- actor (the seed, a migration, SQL typed by hand) is not recorded. The trigger's arguments: the
-- resource's name, its id column, the column that names a record ('' for none) and the column(s)
-- naming the organisation it belongs to, the first one set being taken.

-- A row's fields as the trail keeps them: no update time (every update changes it), and a password,
-- a hash, a token or a secret only as "***" (whether it changed shows, never the value).
CREATE FUNCTION audit_fields(fields jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE WHEN key ~ '(password|hash|token|secret)' THEN '"***"'::jsonb ELSE value END), '{}'::jsonb)
  FROM jsonb_each(fields) WHERE key <> 'updated_at'
$$;
--> statement-breakpoint
CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_fields jsonb;
  new_fields jsonb;
  before jsonb;
  after jsonb;
  fields jsonb;
BEGIN
  IF actor IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_fields := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_fields := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Only the fields that changed, each as it was and as it became.
    SELECT jsonb_object_agg(was.key, was.value), jsonb_object_agg(was.key, became.value) INTO before, after
    FROM jsonb_each(old_fields) AS was JOIN jsonb_each(new_fields) AS became ON became.key = was.key
    WHERE was.value IS DISTINCT FROM became.value AND was.key <> 'updated_at';
    -- An update that changed nothing (the same values again) is no change.
    IF before IS NULL THEN RETURN NULL; END IF;
    before := audit_fields(before);
    after := audit_fields(after);
  ELSIF TG_OP = 'INSERT' THEN
    after := audit_fields(new_fields);
  ELSE
    before := audit_fields(old_fields);
  END IF;
  fields := coalesce(new_fields, old_fields);
  INSERT INTO audit_logs (user_id, user_name, ip, tenant_id, entity, record_id, title, action, before, after)
  VALUES (
    (actor->>'user_id')::integer,
    coalesce(actor->>'user_name', ''),
    coalesce(actor->>'ip', ''),
    coalesce((new_fields->>TG_ARGV[3])::integer, (old_fields->>TG_ARGV[3])::integer, (new_fields->>TG_ARGV[4])::integer, (old_fields->>TG_ARGV[4])::integer),
    TG_ARGV[0],
    (fields->>TG_ARGV[1])::integer,
    coalesce(fields->>TG_ARGV[2], ''),
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    before,
    after
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_audit AFTER INSERT OR UPDATE OR DELETE ON tenants FOR EACH ROW EXECUTE FUNCTION audit_change('tenant', 'tenant_id', 'display_name', 'tenant_id');
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_change('user', 'user_id', 'user_name', 'tenant_id');
--> statement-breakpoint
CREATE TRIGGER carousel_groups_audit AFTER INSERT OR UPDATE OR DELETE ON carousel_groups FOR EACH ROW EXECUTE FUNCTION audit_change('carousel_group', 'id', 'name');
--> statement-breakpoint
CREATE TRIGGER carousels_audit AFTER INSERT OR UPDATE OR DELETE ON carousels FOR EACH ROW EXECUTE FUNCTION audit_change('carousel', 'id', 'title');
--> statement-breakpoint
CREATE TRIGGER teachers_audit AFTER INSERT OR UPDATE OR DELETE ON teachers FOR EACH ROW EXECUTE FUNCTION audit_change('teacher', 'id', 'name');
--> statement-breakpoint
CREATE TRIGGER categories_audit AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION audit_change('course_category', 'id', 'title');
--> statement-breakpoint
CREATE TRIGGER videos_audit AFTER INSERT OR UPDATE OR DELETE ON videos FOR EACH ROW EXECUTE FUNCTION audit_change('video', 'id', 'title');
--> statement-breakpoint
CREATE TRIGGER video_versions_audit AFTER INSERT OR UPDATE OR DELETE ON video_versions FOR EACH ROW EXECUTE FUNCTION audit_change('video_version', 'id', 'file');
--> statement-breakpoint
CREATE TRIGGER courses_audit AFTER INSERT OR UPDATE OR DELETE ON courses FOR EACH ROW EXECUTE FUNCTION audit_change('course', 'id', 'title');
--> statement-breakpoint
CREATE TRIGGER chapters_audit AFTER INSERT OR UPDATE OR DELETE ON chapters FOR EACH ROW EXECUTE FUNCTION audit_change('chapter', 'id', 'title');
--> statement-breakpoint
CREATE TRIGGER series_audit AFTER INSERT OR UPDATE OR DELETE ON series FOR EACH ROW EXECUTE FUNCTION audit_change('series', 'id', 'title');
--> statement-breakpoint
CREATE TRIGGER series_courses_audit AFTER INSERT OR UPDATE OR DELETE ON series_courses FOR EACH ROW EXECUTE FUNCTION audit_change('series_course', 'series_id', '');
--> statement-breakpoint
CREATE TRIGGER tenant_transfer_applications_audit AFTER INSERT OR UPDATE OR DELETE ON tenant_transfer_applications FOR EACH ROW EXECUTE FUNCTION audit_change('user_audit', 'tenant_transfer_application_id', '', 'from_tenant_id', 'to_tenant_id');
--> statement-breakpoint
CREATE TRIGGER enrollments_audit AFTER INSERT OR UPDATE OR DELETE ON enrollments FOR EACH ROW EXECUTE FUNCTION audit_change('enroll_detail', 'id', '', 'tenant_id');
--> statement-breakpoint
CREATE TRIGGER vouchers_audit AFTER INSERT OR UPDATE OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION audit_change('voucher', 'id', 'name');
--> statement-breakpoint
CREATE TRIGGER voucher_redemptions_audit AFTER INSERT OR UPDATE OR DELETE ON voucher_redemptions FOR EACH ROW EXECUTE FUNCTION audit_change('voucher_redemption', 'id', '');
--> statement-breakpoint
-- The pager's exact total without counting the trail: `row_counts` keeps the whole trail's number
-- ('{}') and each organisation's, as count_rows keeps other tables' (migration 0014). Every write
-- now writes the trail, so these two keys are the hottest rows of the database: they are taken at
-- commit (a deferred trigger), '{}' first, after every other lock the transaction takes, so two
-- writers queue for the length of a commit and never deadlock.
CREATE FUNCTION audit_logs_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts AS counted (table_name, key, row_count)
  VALUES ('audit_logs', '{}'::jsonb, 1), ('audit_logs', jsonb_build_object('tenant_id', NEW.tenant_id), 1)
  ON CONFLICT (table_name, key) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_logs_count AFTER INSERT ON audit_logs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_logs_count();
