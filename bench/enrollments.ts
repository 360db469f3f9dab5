import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';
import type { z } from 'zod';
import { enrollmentListQuery, enrollmentStatisticQuery } from '../schema/enrollment';
import { enrollmentListStatement, enrollmentStatisticStatement, withNames } from '../server/routes/enrollments';
import { bareList, builder, pageOf, type RawClient } from './bare';
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

const parse = <T>(schema: unknown, query: Record<string, unknown>) => (schema as z.ZodType<T>).parse(query);

/**
 * The floors the enrolment pager and statistic are compared with: the statements their handlers
 * send for the same query (built once per address by the handlers' own builders), straight through
 * the driver. `tenant_id=N` stands for N's administrator, whose scope the handler adds. No session,
 * no validation or query building per request, no response schema, no hooks.
 */
export async function startBareEnrollments(client: RawClient): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });

  bareList(
    app,
    client,
    '/bare/enrollments',
    ({ tenant_id, ...query }) => enrollmentListStatement(builder, parse(enrollmentListQuery, query), tenant_id === undefined ? undefined : Number(tenant_id)),
    // The flat course title and learner name the handler adds, added as it adds them.
    (rows) => {
      const { items, total } = pageOf(rows);
      return { items: items.map(withNames), total };
    },
  );

  bareList(
    app,
    client,
    '/bare/enrollment_statistic',
    ({ tenant_id, ...query }) => enrollmentStatisticStatement(builder, Number(tenant_id ?? 0), parse(enrollmentStatisticQuery, query)),
    (rows) => ({
      items: rows.map((row) => ({ target: { id: row.id, title: row.title }, enrollment_count: row.enrollment_count })),
      total: rows.length > 0 ? rows[0].total : 0,
    }),
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
