import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { WELL_KNOWN_COURSE } from './demoCourses';

/**
 * How likely a learner is enrolled in the course of a given popularity rank (0 the most popular):
 * a few courses most learners take, and a long tail every learner has a few of. With the demo's 83
 * learners and 281 courses this makes about 5,000 enrolments.
 */
const TAIL = 0.13;
const HEAD = 0.85;
const HEAD_COURSES = 30;
/** Per thousand enrolments, how many the demo has disabled. */
const DISABLED_PER_MILLE = 80;

/**
 * The demo's enrolments, in one statement: every learner of both organisations in the courses the
 * curve above picks (the well-known course is the most popular), some disabled, each enrolled at a
 * moment between the learner's sign-up (or a year ago, whichever is later) and now. Pairs, state and
 * moment come from hashes of the ids, so every first start makes the same enrolments; the triggers
 * fill in each row's organisation and count them once for the whole statement.
 */
export async function seedEnrollments(tx: Executor) {
  await tx.execute(sql`
    with learners as (
      select user_id, greatest(create_time, now() - interval '365 days') as since
      from users where 'learner' = any(roles) and tenant_id is not null
    ), ranked as (
      select id, row_number() over (order by title = ${WELL_KNOWN_COURSE} desc, md5(title)) - 1 as popularity
      from courses
    ), pairs as (
      select ranked.id as target_id, learners.user_id as learner_id, learners.since, ranked.popularity,
             abs(hashtext(ranked.id || ':' || learners.user_id)) % 1000 as pick,
             abs(hashtext(learners.user_id || ':' || ranked.id)) % 1000 as state,
             abs(hashtext(ranked.id || '@' || learners.user_id)) % 1000000 / 1000000.0 as moment
      from ranked cross join learners
    )
    insert into enrollments (target_id, learner_id, available, create_at)
    select target_id, learner_id, state >= ${DISABLED_PER_MILLE}, since + (now() - since) * moment
    from pairs
    where pick < 1000 * (${TAIL}::float8 + ${HEAD}::float8 * exp(-popularity / ${HEAD_COURSES}::float8))`);
}
