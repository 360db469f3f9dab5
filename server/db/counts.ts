import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Recounts every count the triggers keep, from the rows themselves: after a bulk load that went
 * around the triggers (`npm run seed:scale`), or to check them. Run it in a transaction of its own.
 */
export async function rebuildCounts(db: Executor) {
  await db.execute(sql`lock table enrollments, courses, series, teachers, users, vouchers in share mode`);
  await db.execute(sql`delete from enrollment_counts`);
  await db.execute(sql`
    insert into enrollment_counts (course_id, tenant_id, enrollment_count)
    select target_id, scope, count(*)
    from enrollments, lateral (values (0), (tenant_id)) as scopes(scope)
    where available and scope is not null
    group by target_id, scope`);
  // Then every list total (migration 0014), the statistic's among them.
  await db.execute(sql`select recount_rows()`);
}
