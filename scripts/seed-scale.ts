/**
 * `npm run seed:scale`: fills the database with a platform of realistic shape and size, in bulk SQL
 * inside one transaction (all or nothing): 1,000,000 courses in 1,000 categories, 50,000 teachers,
 * 2,000 tenants with an administrator each, 200,000 learners with 5,000,000 enrolments (a few
 * popular courses, a long tail), 100,000 series and 100,000 vouchers, 20,000 requests to move
 * organisation, and chapters for the courses people open, one with 300 sections; and a platform
 * operator, `scale.operator`, with the learners' password (the bench's scale part signs in as it). Run again on a filled database, it adds only the
 * operator if it is missing.
 *
 * The database is DATABASE_URL's, or the embedded one in DATA_DIR (started for the fill, or reached
 * beside the running server). SCALE=0.01 makes everything a hundredth (CI). The rows go in with
 * triggers off; every count the triggers keep is rebuilt from them before the commit.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { WORDS } from '../bench/words';
import { auditSearchText } from '../server/auditTrail';
import { hashPassword } from '../server/auth/passwords';
import { poolSizeFrom } from '../server/config';
import { openDatabase, type DatabaseHandle, type Executor } from '../server/db/client';
import { rebuildCounts } from '../server/db/counts';
import { CannotUseDataDir, embeddedDatabaseUrl } from '../server/db/embeddedPostgres';
import { CannotStart } from '../server/errors';
import { seed } from '../server/db/seed';

const SCALE = Number(process.env.SCALE ?? 1);
if (!(SCALE > 0 && SCALE <= 1)) throw new Error(`SCALE must be a number above 0 and at most 1, not "${process.env.SCALE}"`);
const scaled = (count: number) => Math.max(1, Math.round(count * SCALE));
const size = {
  topCategories: 50,
  subcategoriesEach: 19,
  teachers: scaled(50_000),
  tenants: scaled(2_000),
  learners: scaled(200_000),
  enrollmentsPerLearner: 25,
  courses: scaled(1_000_000),
  series: scaled(100_000),
  coursesPerSeries: 5,
  vouchers: scaled(100_000),
  videos: 1_000,
  openedCourses: scaled(1_000),
  mails: scaled(100_000),
  applications: scaled(20_000),
  auditRows: scaled(1_000_000),
};
const PASSWORD = process.env.SCALE_PASSWORD || 'scale-pass-1';
const words = sql.raw(`array[${WORDS.map((word) => `'${word}'`).join(',')}]::text[]`);
const word = (n: ReturnType<typeof sql.raw>) => sql`(${words})[${n} % ${WORDS.length} + 1]`;
const two = (n: string) => sql`${word(sql.raw(n))} || ' and ' || ${word(sql.raw(`(${n} / ${WORDS.length})`))}`;

/**
 * A platform administrator with the known password, for `npm run bench`'s scale part (the first
 * administrator's password is generated, or ADMIN_PASSWORD's, and shown once).
 */
const OPERATOR = 'scale.operator';
const addOperator = (tx: Executor, passwordHash: string) =>
  tx.execute(sql`
    insert into users (user_name, password_hash, real_name, roles)
    select ${OPERATOR}, ${passwordHash}, 'Scale operator', '{admin}'
    where not exists (select 1 from users where lower(user_name) = ${OPERATOR})`);

const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const migrationsDir = path.resolve('server/db/migrations');

/** DATABASE_URL's database, else the embedded one: started here, or the running server's. */
async function open(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const poolSize = poolSizeFrom(process.env);
  try {
    return await openDatabase({ databaseUrl, dataDir, migrationsDir, poolSize, log });
  } catch (error) {
    const running = !databaseUrl && error instanceof CannotUseDataDir ? embeddedDatabaseUrl(dataDir) : undefined;
    if (!running) throw error;
    return openDatabase({ databaseUrl: running, dataDir, migrationsDir, poolSize, log });
  }
}

async function step(name: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  console.log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function fill(tx: Executor, passwordHash: string) {
  const run = (statement: ReturnType<typeof sql>) => tx.execute(statement);
  /**
   * The rows a query finds, numbered from 0 (`position`, `id`) in a table for this transaction: the
   * fills pick among them by position through a join. (An array of a million ids, subscripted per
   * row, is copied whole for each row: hours, not seconds.)
   */
  const numbered = async (name: string, ids: ReturnType<typeof sql>) => {
    await run(sql`create temporary table ${sql.raw(name)} on commit drop as select (row_number() over (order by id) - 1)::int as position, id from (${ids}) as found`);
    await run(sql`alter table ${sql.raw(name)} add primary key (position)`);
    await run(sql`analyze ${sql.raw(name)}`);
  };
  await step(`${size.topCategories * (size.subcategoriesEach + 1)} categories in two levels`, async () => {
    await run(sql`
      insert into categories (title, parent_id, sort_order)
      select 'Scale area ' || n, 0, (select coalesce(max(sort_order), 0) from categories where parent_id = 0) + n
      from generate_series(1, ${size.topCategories}) as n`);
    await run(sql`
      insert into categories (title, parent_id, sort_order)
      select top.title || '.' || m, top.id, m
      from categories as top, generate_series(1, ${size.subcategoriesEach}) as m
      where top.parent_id = 0 and top.title like 'Scale area %'`);
  });
  await step(`${size.teachers} teachers`, () =>
    run(sql`
      insert into teachers (name, title, introduction)
      select 'Teacher ' || n || ' ' || ${word(sql.raw('n'))}, 'Lecturer',
             '<p>Teacher number ' || n || ' has taught ' || ${word(sql.raw('n'))} || ' studies for ' || (n % 30 + 1) || ' years.</p>'
      from generate_series(1, ${size.teachers}) as n`),
  );
  await step(`the platform operator ${OPERATOR}`, () => addOperator(tx, passwordHash));
  await step(`${size.tenants} tenants, an administrator each`, async () => {
    await run(sql`
      insert into tenants (name, display_name, description)
      select 'scale-org-' || n, 'Scale organisation ' || n || ' ' || ${word(sql.raw('n'))}, 'Generated by npm run seed:scale'
      from generate_series(1, ${size.tenants}) as n`);
    await run(sql`
      insert into users (user_name, password_hash, real_name, email, tenant_id, roles)
      select 'scale.admin.' || substr(name, 11), ${passwordHash}, 'Administrator of ' || display_name, 'admin@' || name || '.example.com', tenant_id, '{tenant_admin}'
      from tenants where name like 'scale-org-%'`);
  });
  await step(`${size.learners} learners`, () =>
    run(sql`
      insert into users (user_name, password_hash, real_name, nick_name, email, mobile, tenant_id, roles, status, create_time)
      select 'scale.learner.' || n, ${passwordHash}, 'Learner ' || ${word(sql.raw('n'))} || ' ' || n, 'nick' || n,
             'learner' || n || '@example.com', '+1555' || lpad(n::text, 7, '0'), orgs.ids[1 + n % cardinality(orgs.ids)], '{learner}',
             case when n % 40 = 0 then 'deactive' else 'active' end, now() - make_interval(secs => (${size.learners} - n) * 150)
      from generate_series(1, ${size.learners}) as n,
           (select array_agg(tenant_id order by tenant_id) as ids from tenants where name like 'scale-org-%') as orgs`),
  );
  await step(`${size.courses} courses`, () =>
    run(sql`
      insert into courses (title, category_id, teacher_ids, cover, subtitle, price, original_price, brief, introduction, res_type, created_at)
      select 'Course ' || n || ': ' || ${two('n')}, cats.ids[1 + (n::bigint * 7919) % cardinality(cats.ids)],
             array[staff.ids[1 + (n * 31) % cardinality(staff.ids)], staff.ids[1 + (n * 17 + 5) % cardinality(staff.ids)]],
             'demo/cover-' || (1 + n % 2) || '.jpg', 'Generated by npm run seed:scale', (n % 50) * 10, case when n % 5 = 0 then (n % 50) * 10 + 100 else 0 end,
             'Course number ' || n || ' about ' || ${word(sql.raw('n'))}, '<p>Course number ' || n || ' teaches ' || ${two('n')} || '.</p>',
             case when n % 10 = 0 then 'pdf' else 'video' end, now() - make_interval(secs => (${size.courses} - n) * 90)
      from generate_series(1, ${size.courses}) as n,
           (select array_agg(id order by id) as ids from categories where title like 'Scale area %') as cats,
           (select array_agg(id order by id) as ids from teachers where title = 'Lecturer' and name like 'Teacher %') as staff`),
  );
  await numbered('catalogue', sql`select id from courses where subtitle = 'Generated by npm run seed:scale'`);
  await numbered('learners', sql`select user_id as id from users where user_name like 'scale.learner.%'`);
  // A learner's k-th enrolment falls in the k-th of 25 bands of the catalogue, cubed toward the band's
  // start: the first courses of each band are the popular ones (the first about 3% of all learners),
  // no course is taken twice by one learner, and most of the catalogue has a handful of learners or none.
  await step(`${size.learners * size.enrollmentsPerLearner} enrolments`, () =>
    run(sql`
      with enrolling as (select user_id, tenant_id, row_number() over (order by user_id) as l from users where user_name like 'scale.learner.%'),
      picks as (
        select user_id, tenant_id, l, k, k * band + floor(band * power(abs(hashtext(l || ':' || k)) / 2147483648.0, 3))::int as position
        from enrolling, (select count(*)::int / ${size.enrollmentsPerLearner} as band from catalogue) as bands,
             generate_series(0, ${size.enrollmentsPerLearner - 1}) as k
      )
      insert into enrollments (target_id, learner_id, tenant_id, available, create_at)
      select catalogue.id, user_id, tenant_id, abs(hashtext(k || '/' || l)) % 12 <> 0,
             now() - make_interval(secs => abs(hashtext(l || '@' || k)) % (730 * 86400))
      from picks join catalogue using (position)`),
  );
  await step(`${size.series} series of ${size.coursesPerSeries} courses`, async () => {
    await run(sql`
      insert into series (title, category_id, teacher_ids, cover, subtitle, price, brief, introduction, features, available)
      select 'Series ' || n || ': ' || ${two('n')}, cats.ids[1 + (n::bigint * 7907) % cardinality(cats.ids)],
             array[staff.ids[1 + (n * 37) % cardinality(staff.ids)]], 'demo/cover-2.jpg', 'Generated by npm run seed:scale', (n % 30) * 10,
             'Series number ' || n || ' about ' || ${word(sql.raw('n'))}, '<p>Series number ' || n || '.</p>', 'Selling point one' || chr(10) || 'Selling point two', n % 3 <> 0
      from generate_series(1, ${size.series}) as n,
           (select array_agg(id order by id) as ids from categories where title like 'Scale area %') as cats,
           (select array_agg(id order by id) as ids from teachers where name like 'Teacher %') as staff`);
    await run(sql`
      insert into series_courses (series_id, course_id, sort_order)
      select s.id, catalogue.id, m
      from series as s cross join generate_series(1, ${size.coursesPerSeries}) as m
           join catalogue on catalogue.position = (s.id::bigint * 104729 + m * 7919) % (select count(*) from catalogue)
      where s.subtitle = 'Generated by npm run seed:scale'
      on conflict do nothing`);
  });
  await step(`${size.vouchers} vouchers`, () =>
    numbered('collections', sql`select id from series where subtitle = 'Generated by npm run seed:scale'`).then(() => run(sql`
      with orgs as (select array_agg(tenant_id order by tenant_id) as ids from tenants where name like 'scale-org-%'),
      sizes as (select (select count(*) from catalogue) as courses, (select count(*) from collections) as series, (select count(*) from learners) as people)
      insert into vouchers (name, code, description, resource_type, resource_id, object_type, object_id, count, available_number, expire_at, available)
      select 'Voucher ' || n || ' ' || ${word(sql.raw('n'))}, 'SCALE-' || lpad(n::text, 7, '0'), 'Generated by npm run seed:scale',
             case when n % 2 = 0 then 'course' else 'series' end,
             case when n % 2 = 0 then course.id else collection.id end,
             (array['*', 'tenant', 'user'])[1 + n % 3],
             case n % 3 when 1 then orgs.ids[1 + n % cardinality(orgs.ids)] when 2 then person.id end,
             1 + n % 100, 1 + n % 100, now() + make_interval(days => n % 730 - 200), n % 10 <> 0
      from generate_series(1, ${size.vouchers}) as n cross join orgs cross join sizes
           join catalogue as course on course.position = n % sizes.courses
           join collections as collection on collection.position = n % sizes.series
           join learners as person on person.position = n % sizes.people`)),
  );
  // The courses people open get an outline; the most popular one a long one, 20 chapters of 15 sections.
  await step(`chapters of the ${size.openedCourses} most popular courses`, async () => {
    await run(sql`insert into videos (title) select 'Scale video ' || n from generate_series(1, ${size.videos}) as n`);
    await run(sql`
      with popular as (
        select target_id as course_id, row_number() over (order by count(*) desc, target_id) as rank
        from enrollments group by target_id order by count(*) desc, target_id limit ${size.openedCourses}
      )
      insert into chapters (title, course_id, parent_id, res_type, sort_order)
      select 'Chapter ' || c, course_id, 0, 'video', c
      from popular, generate_series(1, case when rank = 1 then 20 else 5 end) as c`);
    await run(sql`
      with clips as (select array_agg(id order by id) as ids from videos where title like 'Scale video %')
      insert into chapters (title, course_id, parent_id, res_type, video_id, preview_enabled, sort_order)
      select 'Section ' || chapter.sort_order || '.' || s, chapter.course_id, chapter.id, 'video',
             clips.ids[1 + (chapter.id + s) % cardinality(clips.ids)], s = 1, s
      from chapters as chapter, clips,
           lateral generate_series(1, case when (select count(*) from chapters as sibling where sibling.course_id = chapter.course_id and sibling.parent_id = 0) = 20 then 15 else 4 end) as s
      where chapter.parent_id = 0 and chapter.title like 'Chapter %'
        and chapter.course_id in (select id from courses where subtitle = 'Generated by npm run seed:scale')`);
  });
  // A voucher mail for a tenth of the vouchers, delivered or given up on: none queued, so the
  // server's delivery loop leaves them as they are while the bench reads them.
  await step(`${size.mails} mails in the outbox`, () =>
    run(sql`
      insert into mail_outbox ("to", subject, text, created_at, status, voucher_id, attempt_count, last_attempt_at, next_attempt_at, sent_at)
      select array['scale.learner.' || n || '@example.com'], 'Your voucher ' || voucher.code || ': ' || voucher.name, 'Generated by npm run seed:scale',
             stamp, case when n % 20 = 0 then 'failed' else 'sent' end, voucher.id, case when n % 20 = 0 then 5 else 1 end, stamp, stamp,
             case when n % 20 = 0 then null else stamp end
      from generate_series(1, ${size.mails}) as n
           join vouchers as voucher on voucher.code = 'SCALE-' || lpad((1 + (n - 1) % ${size.vouchers})::text, 7, '0'),
           lateral (select now() - make_interval(secs => (n::bigint * 7919) % (365 * 86400))) as stamped(stamp)`),
  );
  // Learners' requests to move organisation: one learner in ten asked, from the own organisation to
  // the next one; a third still wait, the operator turned the others down (nobody moved).
  await step(`${size.applications} transfer applications`, () =>
    run(sql`
      insert into tenant_transfer_applications (user_id, from_tenant_id, to_tenant_id, status, create_time, decided_at, decided_by, created_at, updated_at, search_folded)
      select learner.user_id, learner.tenant_id, orgs.ids[1 + array_position(orgs.ids, learner.tenant_id) % cardinality(orgs.ids)],
             case when n % 3 = 0 then 'pending' else 'rejected' end, stamp,
             case when n % 3 = 0 then null else stamp + interval '1 day' end,
             case when n % 3 = 0 then null else (select user_id from users where user_name = ${OPERATOR}) end, stamp, stamp,
             -- The search column its trigger sets (migration 0035), which this load goes around.
             lower(learner.user_name)
      from generate_series(1, ${size.applications}) as n
           join users as learner on learner.user_name = 'scale.learner.' || (n * 10),
           (select array_agg(tenant_id order by tenant_id) as ids from tenants where name like 'scale-org-%') as orgs,
           lateral (select now() - make_interval(secs => (n::bigint * 7919) % (365 * 86400))) as stamped(stamp)
      where cardinality(orgs.ids) > 1`),
  );
  // The trail of two years of work: every organisation administrator and the operator, changing
  // records of every kind and signing in and out.
  await step(`${size.auditRows} audit rows`, async () => {
    await numbered('staff', sql`select user_id as id from users where 'tenant_admin' = any(roles) or user_name = ${OPERATOR}`);
    await run(sql`
      insert into audit_logs (at, user_id, user_name, ip, tenant_id, entity, record_id, title, action, after, search_folded)
      select stamp, person.user_id, person.user_name, '192.0.2.' || (1 + n % 250),
             person.tenant_id, (array['course', 'chapter', 'teacher', 'video', 'series', 'user', 'enroll_detail', 'voucher', 'session'])[1 + n % 9],
             1 + n % 1000000, title, (array['create', 'update', 'update', 'delete', 'sign_in', 'sign_out'])[1 + (n / 9) % 6],
             jsonb_build_object('title', 'Record ' || n), ${auditSearchText(sql`person.user_name`, sql`made.title`)}
      from generate_series(1, ${size.auditRows}) as n
           join staff on staff.position = n % (select count(*) from staff)
           join users as person on person.user_id = staff.id,
           lateral (select now() - make_interval(secs => (n::bigint * 7919) % (730 * 86400)), 'Record ' || n || ' ' || ${word(sql.raw('n'))}) as made(stamp, title)`);
  });
  await step('counts rebuilt from the rows', () => rebuildCounts(tx));
}

async function main() {
  const database = await open();
  try {
    const { rows } = (await database.db.execute(sql`select value from app_meta where key = 'scale_seeded_at'`)) as unknown as { rows: { value: string }[] };
    const [already] = rows;
    if (already) {
      // A database filled before the operator existed gets it now; nothing else changes.
      const added = (await addOperator(database.db, await hashPassword(PASSWORD))) as unknown as { rowCount: number | null };
      const operator = added.rowCount ? `; added the platform operator ${OPERATOR} / ${PASSWORD}` : '';
      console.log(`This database was filled by seed:scale on ${already.value}: nothing to do${operator}.`);
      return;
    }
    const report = await seed(database.db, { adminPassword: process.env.ADMIN_PASSWORD, demo: false });
    if (report.generatedPassword) console.log(`  administrator: ${report.adminName} / ${report.generatedPassword} (generated now: keep it)`);
    console.log(`Filling the ${database.kind} database at scale ${SCALE}:`);
    const started = performance.now();
    const passwordHash = await hashPassword(PASSWORD);
    await database.db.transaction(async (tx) => {
      // Rows go in as they are: no trigger per row, no foreign-key check per row (every reference is
      // made from rows already there); the counts are rebuilt at the end of the same transaction.
      await tx.execute(sql`set local session_replication_role = replica`);
      await fill(tx, passwordHash);
      await tx.execute(sql`insert into app_meta (key, value) values ('scale_seeded_at', now()::text)`);
    });
    await step('vacuum analyze', () => database.db.execute(sql`vacuum analyze`));
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s. The platform operator signs in as ${OPERATOR}, organisation administrators as scale.admin.N, learners as scale.learner.N, with the password ${PASSWORD}.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof CannotStart ? error.message : error);
  process.exit(1);
});
