import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { keptAndRecounted } from '../rowCounts';

/** A connection pool of the test's own on the server's database, to look behind the API. */
export function openDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return { pool, db, close: () => pool.end() };
}

/**
 * Every kept count next to a recount: the list totals (row_counts) and the enabled enrolments per
 * course, for the platform (tenant 0) and per organisation (enrollment_counts).
 */
export async function countsAndRecounts({ pool, db }: ReturnType<typeof openDatabase>) {
  const rows = await keptAndRecounted(db);
  const keptEnrollments = await pool.query(
    'select course_id, tenant_id, enrollment_count from enrollment_counts where enrollment_count <> 0 order by 1, 2',
  );
  const recountedEnrollments = await pool.query(
    `select target_id as course_id, scope as tenant_id, count(*)::int as enrollment_count
       from enrollments, lateral (values (0), (tenant_id)) as scopes(scope)
      where available and scope is not null group by 1, 2 order by 1, 2`,
  );
  return {
    kept: { rows: rows.kept, enrollments: keptEnrollments.rows },
    recounted: { rows: rows.recounted, enrollments: recountedEnrollments.rows },
  };
}
