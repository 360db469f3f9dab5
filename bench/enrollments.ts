import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';
import type { RawClient } from './bare';
import { rowsOf, USER_TENANTS, USERS } from './users';

/** How many enrolments the enrolment bench measures, over how many courses of its own. */
export const ENROLLMENTS = 1_000_000;
export const ENROLLMENT_COURSES = 10_000;
/** Each learner of bench/users.ts takes this many courses, one from each band of the courses. */
const PER_LEARNER = ENROLLMENTS / USERS;

/**
 * 10,000 courses, then 1,000,000 enrolments of the 200,000 learners bench/users.ts made (five each),
 * each in one statement. A learner's k-th enrolment is in the k-th fifth of the courses, so none is
 * taken twice; within a fifth the first courses are the popular ones (about 16,000 enrolments for
 * the first, a few for the last). One in ten is disabled; enrol times spread over two years. The
 * triggers fill in each row's organisation and count the whole statement once. Answers the most
 * popular course and a learner with enrolments.
 */
export async function fillEnrollments(db: Database, firstTenant: number): Promise<{ popularCourse: number; learner: number }> {
  const [category] = await rowsOf<{ id: number }>(db.execute(sql`select min(id)::int as id from categories where parent_id <> 0`));
  await db.execute(
    sql`insert into courses (title, category_id, subtitle, brief, res_type)
        select 'Enrolment bench course ' || n, ${category.id}, 'Generated for the benchmark', 'Course number ' || n, 'video'
        from generate_series(1, ${ENROLLMENT_COURSES}) as n`,
  );
  const band = ENROLLMENT_COURSES / PER_LEARNER;
  await db.execute(sql`
    with courses_in_order as (select array_agg(id order by id) as ids from courses where title like 'Enrolment bench course %'),
    learners as (
      select user_id, row_number() over (order by user_id) - 1 as l from users
      where tenant_id between ${firstTenant} and ${firstTenant + USER_TENANTS - 1}
    )
    insert into enrollments (target_id, learner_id, available, create_at)
    select ids[1 + k * ${band} + floor(${band} * power(abs(hashtext(l || ':' || k))::float8 / 2147483648, 3))::int],
           user_id, abs(hashtext(k || '/' || l)) % 10 <> 0,
           now() - abs(hashtext(l || '@' || k)) % (730 * 86400) * interval '1 second'
    from learners, courses_in_order, generate_series(0, ${PER_LEARNER - 1}) as k`);
  for (const table of ['courses', 'enrollments', 'enrollment_counts']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [popular] = await rowsOf<{ id: number }>(db.execute(sql`select course_id as id from enrollment_counts where tenant_id = 0 order by enrollment_count desc limit 1`));
  const [learner] = await rowsOf<{ id: number }>(db.execute(sql`select learner_id as id from enrollments order by id desc limit 1`));
  return { popularCourse: popular.id, learner: learner.id };
}

type Row = Record<string, unknown>;
const ENROLLMENT_COLUMNS = 'id, target_id, learner_id, available, floor(extract(epoch from create_at) * 1000)::float8 as create_at';

/**
 * The floors the enrolment pager and statistic are compared with: the same page, count, filters
 * and scope as SQL text straight through the driver, then the page's course titles and learner
 * names; the statistic's page and count from the maintained counts. No session, no validation, no
 * query builder, no hooks.
 */
export async function startBareEnrollments(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });

  app.get('/bare/enrollments', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const params: unknown[] = [];
    const conditions: string[] = [];
    for (const name of ['target_id', 'learner_id', 'tenant_id']) {
      if (query[name] === undefined) continue;
      params.push(Number(query[name]));
      conditions.push(`${name} = $${params.length}`);
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
    const size = Number(query.page_size ?? 10);
    const offset = (Number(query.page ?? 1) - 1) * size;
    const [items, count] = await Promise.all([
      client.query(
        // Qualified: the answered `create_at` (epoch ms) would otherwise be what is sorted, row by row.
        `select ${ENROLLMENT_COLUMNS} from enrollments ${where} order by enrollments.create_at desc, enrollments.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, size, offset],
      ),
      client.query(`select count(*)::int as total from enrollments ${where}`, params),
    ]);
    const rows = items.rows;
    const [courses, learners] = await Promise.all([
      client.query('select id, title from courses where id = any($1::int[])', [[...new Set(rows.map((row) => row.target_id))]]),
      client.query('select user_id, user_name from users where user_id = any($1::int[])', [[...new Set(rows.map((row) => row.learner_id))]]),
    ]);
    const course = new Map(courses.rows.map((row: Row) => [row.id, row]));
    const learner = new Map(learners.rows.map((row: Row) => [row.user_id, row]));
    return {
      success: true,
      data: {
        items: rows.map((row) => {
          const target = course.get(row.target_id) ?? null;
          const person = learner.get(row.learner_id) ?? null;
          return { ...row, target, learner: person, target_title: target?.title ?? '', learner_name: person?.user_name ?? '' };
        }),
        total: count.rows[0].total,
      },
    };
  });

  app.get('/bare/enrollment_statistic', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const params: unknown[] = [Number(query.tenant_id ?? 0)];
    let where = 'where c.tenant_id = $1 and c.enrollment_count > 0';
    if (query.keyword) {
      params.push(`%${query.keyword}%`);
      where += ` and k.title ilike $2`;
    }
    const size = Number(query.page_size ?? 10);
    const offset = (Number(query.page ?? 1) - 1) * size;
    const [items, count] = await Promise.all([
      client.query(
        `select k.id, k.title, c.enrollment_count from enrollment_counts c join courses k on k.id = c.course_id ${where}
         order by c.enrollment_count desc, c.course_id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, size, offset],
      ),
      client.query(`select count(*)::int as total from enrollment_counts c ${query.keyword ? 'join courses k on k.id = c.course_id' : ''} ${where}`, params),
    ]);
    return {
      success: true,
      data: { items: items.rows.map((row) => ({ target: { id: row.id, title: row.title }, enrollment_count: row.enrollment_count })), total: count.rows[0].total },
    };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
