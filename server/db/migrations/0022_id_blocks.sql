-- Deep pages of the whole lists in id order (issue 18): the number of rows in each block of 1,024
-- ids, kept per table by statement triggers in the same transaction as the write, as the totals
-- are (migration 0014). A page at offset k sums the blocks from the first in its order to find the
-- one holding row k, then skips fewer than 1,024 index entries inside it, where an offset alone
-- steps through all k. Ids never change, so inserts and deletes are all it counts.
CREATE TABLE "id_blocks" (
	"table_name" text NOT NULL,
	"block" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "id_blocks_table_name_block_pk" PRIMARY KEY("table_name","block")
);
--> statement-breakpoint
-- Blocks are taken in order, so two writes never deadlock on them; an emptied block keeps its row at 0.
CREATE FUNCTION count_id_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM id_blocks WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO id_blocks AS counted (table_name, block, row_count)
    SELECT TG_TABLE_NAME, id / 1024, count(*) FROM new_rows GROUP BY 2 ORDER BY 2
    ON CONFLICT (table_name, block) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  ELSE
    INSERT INTO id_blocks AS counted (table_name, block, row_count)
    SELECT TG_TABLE_NAME, id / 1024, -count(*) FROM old_rows GROUP BY 2 ORDER BY 2
    ON CONFLICT (table_name, block) DO UPDATE SET row_count = counted.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every block count from the rows, for each table with the triggers: after a load that went around
-- them (npm run seed:scale), or to check them.
CREATE FUNCTION recount_id_blocks() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  FOR counted IN
    SELECT DISTINCT trigger.tgrelid::regclass AS relation, class.relname AS table_name
    FROM pg_trigger AS trigger JOIN pg_class AS class ON class.oid = trigger.tgrelid
    WHERE trigger.tgfoid = 'count_id_blocks'::regproc
    ORDER BY class.relname
  LOOP
    DELETE FROM id_blocks WHERE table_name = counted.table_name;
    EXECUTE format('INSERT INTO id_blocks (table_name, block, row_count) SELECT %L, id / 1024, count(*) FROM %s GROUP BY 2', counted.table_name, counted.relation);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_id_blocks_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER courses_id_blocks_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER courses_id_blocks_truncate AFTER TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER series_id_blocks_insert AFTER INSERT ON series REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER series_id_blocks_delete AFTER DELETE ON series REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER series_id_blocks_truncate AFTER TRUNCATE ON series FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER teachers_id_blocks_insert AFTER INSERT ON teachers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER teachers_id_blocks_delete AFTER DELETE ON teachers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER teachers_id_blocks_truncate AFTER TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER vouchers_id_blocks_insert AFTER INSERT ON vouchers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER vouchers_id_blocks_delete AFTER DELETE ON vouchers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER vouchers_id_blocks_truncate AFTER TRUNCATE ON vouchers FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_id_blocks_insert AFTER INSERT ON mail_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_id_blocks_delete AFTER DELETE ON mail_outbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_id_blocks_truncate AFTER TRUNCATE ON mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION count_id_blocks();
--> statement-breakpoint
-- The rows already there (the triggers' creation locked out writers until this migration commits).
SELECT recount_id_blocks();
