import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Recounts every count the triggers keep, from the rows themselves: after a bulk load that went
 * around the triggers (`npm run seed:scale`), or to check them. Run it in a transaction of its own.
 */
export async function rebuildCounts(db: Executor) {
  await db.execute(sql`lock table enrollments, courses, series, teachers, users, vouchers, mail_outbox, tenant_transfer_applications, audit_logs in share mode`);
  // The levels of the counts are recounted whole below, not a row at a time at commit (migration 0025).
  await db.execute(sql`alter table enrollment_counts disable trigger enrollment_counts_levels, disable trigger enrollment_counts_levels_update`);
  await db.execute(sql`delete from enrollment_counts`);
  await db.execute(sql`
    insert into enrollment_counts (course_id, tenant_id, enrollment_count)
    select target_id, scope, count(*)
    from enrollments, lateral (values (0), (tenant_id)) as scopes(scope)
    where available and scope is not null
    group by target_id, scope`);
  await db.execute(sql`alter table enrollment_counts enable trigger enrollment_counts_levels, enable trigger enrollment_counts_levels_update`);
  await db.execute(sql`delete from enrollment_count_levels`);
  await db.execute(sql`
    insert into enrollment_count_levels (tenant_id, enrollment_count, courses)
    select tenant_id, enrollment_count, count(*) from enrollment_counts group by 1, 2 order by 1, 2`);
  // And the platform's by blocks of course ids (migration 0039).
  await db.execute(sql`delete from enrollment_count_level_blocks`);
  await db.execute(sql`
    insert into enrollment_count_level_blocks (tenant_id, enrollment_count, course_block, courses)
    select tenant_id, enrollment_count, course_id / 1024, count(*) from enrollment_counts where tenant_id = 0 group by 1, 2, 3 order by 1, 2, 3`);
  // Then every list total (migration 0014), the statistic's among them.
  await db.execute(sql`select recount_rows()`);
  // The blocks of ids and of time deep pages and time ranges start from (migrations 0022, 0023).
  await db.execute(sql`select recount_id_blocks()`);
  await db.execute(sql`select recount_time_blocks()`);
  // The searched patterns' totals are let go: the next search of each counts it again (server/db/keywordCounts.ts).
  await db.execute(sql`delete from keyword_counts`);
  // Every chapter tree and the category tree get a version, so servers may keep them (migration 0024).
  await db.execute(sql`select raise_versions('chapter_tree', array(select distinct course_id from chapters))`);
  await db.execute(sql`select raise_versions('category_tree', array[0])`);
  // The audit trail's own keys and days (migrations 0017, 0023, 0031): emptied and folded again from
  // its first row, by the fold the servers run. No writer is under way (the lock), so every id
  // handed out is final and the fold needs no wait; the searched words were let go above.
  await db.execute(sql`delete from row_counts where table_name = 'audit_logs'`);
  await db.execute(sql`delete from time_blocks where table_name = 'audit_logs'`);
  await db.execute(sql`update count_watermarks set folded_to = 0 where table_name = 'audit_logs'`);
  await db.execute(sql`select fold_audit_counts(coalesce(pg_sequence_last_value(pg_get_serial_sequence('audit_logs', 'id')), 0))`);
}
