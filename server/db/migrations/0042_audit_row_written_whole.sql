-- The audit trail's row costs a write less (issue 18). A profile of the audited writes, against the
-- same writes with the trail off, put 7-9 % of the extra 150 µs a write spent in PostgreSQL in two
-- places the trail's behaviour does not need:
-- - its search column was generated, and PostgreSQL reads a generated column's expression back from
--   the catalogue and prepares it at the start of every insert (ExecInitStoredGenerated): the trigger
--   now writes the lower-cased text itself, as the row's other writers do (server/auditTrail.ts);
-- - a row created or deleted was searched by a regular expression for a field named like a secret,
--   the row's whole text each time: four plain searches rule that out first, and the expression runs
--   only when one of the words is there, as before.
ALTER TABLE "audit_logs" ALTER COLUMN "search_folded" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "search_folded" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_fields jsonb;
  new_fields jsonb;
  before jsonb;
  after jsonb;
  fields jsonb;
  kept jsonb;
  kept_text text;
  user_name text;
  title text;
BEGIN
  IF actor IS NULL THEN RETURN NULL; END IF;
  -- What the trail never keeps, taken off in simple expressions, which run without a query.
  IF TG_OP <> 'INSERT' THEN old_fields := to_jsonb(OLD) - '{updated_at,search_folded}'::text[]; END IF;
  IF TG_OP <> 'DELETE' THEN new_fields := to_jsonb(NEW) - '{updated_at,search_folded}'::text[]; END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Only the fields that changed, each as it was and as it became, a secret as "***": one query.
    SELECT jsonb_object_agg(key, CASE WHEN key ~ '(password|hash|token|secret)' THEN '"***"'::jsonb ELSE old_fields->key END),
           jsonb_object_agg(key, CASE WHEN key ~ '(password|hash|token|secret)' THEN '"***"'::jsonb ELSE new_fields->key END) INTO before, after
    FROM jsonb_object_keys(new_fields) AS key WHERE old_fields->key IS DISTINCT FROM new_fields->key;
    -- An update that changed nothing (the same values again) is no change.
    IF before IS NULL THEN RETURN NULL; END IF;
  ELSE
    kept := coalesce(new_fields, old_fields);
    -- A field named like a secret is rare: its name is looked for in the text (no query), then masked.
    -- A value that merely reads like one costs the query, never a secret kept.
    kept_text := kept::text;
    IF (strpos(kept_text, 'password') > 0 OR strpos(kept_text, 'hash') > 0 OR strpos(kept_text, 'token') > 0 OR strpos(kept_text, 'secret') > 0)
       AND kept_text ~ '(password|hash|token|secret)[^"]*":' THEN
      kept := audit_fields(kept);
    END IF;
    IF TG_OP = 'INSERT' THEN after := kept; ELSE before := kept; END IF;
  END IF;
  fields := coalesce(new_fields, old_fields);
  user_name := coalesce(actor->>'user_name', '');
  title := coalesce(fields->>TG_ARGV[2], '');
  INSERT INTO audit_logs (user_id, user_name, ip, tenant_id, entity, record_id, title, action, before, after, search_folded)
  VALUES (
    (actor->>'user_id')::integer,
    user_name,
    coalesce(actor->>'ip', ''),
    coalesce((new_fields->>TG_ARGV[3])::integer, (old_fields->>TG_ARGV[3])::integer, (new_fields->>TG_ARGV[4])::integer, (old_fields->>TG_ARGV[4])::integer),
    TG_ARGV[0],
    (fields->>TG_ARGV[1])::integer,
    title,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    before,
    after,
    lower(user_name || chr(10) || title)
  );
  RETURN NULL;
END $$;
