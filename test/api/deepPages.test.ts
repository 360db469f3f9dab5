/**
 * A deep page of a whole list in id order starts from the block of ids holding its first row
 * (id_blocks, migration 0022), and one in time order from its day (time_blocks, migration 0023): it
 * must be the very page an offset gives, in both orders, through inserts, holes, an emptied block,
 * times moved, a bulk delete and a truncate, and the blocks must equal a recount of the rows. A
 * range of enrol times answers its total from quarter hours: it must be the rows' count, whatever
 * the range's ends.
 */
import { sql } from 'drizzle-orm';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
let admin: ReturnType<typeof client>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const run = (statement: ReturnType<typeof sql>) => server.database.db.execute(statement);

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

const PAGE_SIZE = 20;

/** The order a list's deep pages are asked in: its sort field (a column of the table) and its id's name. */
interface Sorted {
  by: string;
  id: string;
}
const BY_ID: Sorted = { by: 'id', id: 'id' };

/** The ids and total the API answers for a page, next to what an offset over the rows gives. */
async function expectPage(path: string, table: string, page: number, order: 'asc' | 'desc', sorted = BY_ID) {
  const answer = await admin.get(path, { query: { page, page_size: PAGE_SIZE, sort_by: sorted.by, order } });
  expect(answer.status).toBe(200);
  const [by, id] = [sql.identifier(sorted.by), sql.identifier(sorted.id)];
  const expected = rowsOf<{ id: number }>(
    await run(sql`select ${id}::int as id from ${sql.identifier(table)} order by ${by} ${sql.raw(order)}, ${id} ${sql.raw(order)} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`),
  ).map((row) => row.id);
  const [{ total }] = rowsOf<{ total: number }>(await run(sql`select count(*)::int as total from ${sql.identifier(table)}`));
  const answered = answer.body.data.items.map((item: Record<string, number>) => item[sorted.id]);
  expect([path, page, order, answered, answer.body.data.total]).toEqual([path, page, order, expected, total]);
}

async function expectPagesAgree(path: string, table: string, sorted = BY_ID) {
  const [{ total }] = rowsOf<{ total: number }>(await run(sql`select count(*)::int as total from ${sql.identifier(table)}`));
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The page before the first deep one, deep ones (the first, one inside a block, the last), and past the end.
  const pages = [...new Set([51, 52, 53, 60, 77, 100, 131, last - 1, last, last + 3])].filter((page) => page >= 1);
  for (const order of ['desc', 'asc'] as const) for (const page of pages) await expectPage(path, table, page, order, sorted);
  if (sorted === BY_ID) {
    const kept = rowsOf(await run(sql`select block::int, row_count::int from id_blocks where table_name = ${table} and row_count <> 0 order by block`));
    const recounted = rowsOf(await run(sql`select (id / 1024)::int as block, count(*)::int as row_count from ${sql.identifier(table)} group by 1 order by 1`));
    expect(kept).toEqual(recounted);
  } else await expectTimeBlocksTrue(table, sorted.by);
}

/** The spans of time a table keeps equal a recount of its rows. */
async function expectTimeBlocksTrue(table: string, column: string) {
  const kept = rowsOf(await run(sql`select span, block::bigint::text, row_count::int from time_blocks where table_name = ${table} and row_count <> 0 order by 1, 2`));
  const spans = [...new Set(kept.map((row) => (row as { span: number }).span))];
  expect(spans.length).toBeGreaterThan(0);
  const recounted = rowsOf(
    await run(sql`select span, floor(extract(epoch from ${sql.identifier(column)}) / span)::bigint::text as block, count(*)::int as row_count
      from ${sql.identifier(table)}, unnest(${`{${spans.join(',')}}`}::int[]) as span group by 1, 2 order by 1, 2`),
  );
  expect(kept).toEqual(recounted);
}

/** A deep page in creation order reads the days the table keeps: skewed, the newest day's count moves the page by as much. */
async function expectDeepPageReadsDays(path: string, table: string, id: string) {
  const page = async () => (await admin.get(path, { query: { page: 80, page_size: PAGE_SIZE } })).body.data.items.map((item: Record<string, number>) => item[id]);
  const before = await page();
  try {
    await run(sql`update time_blocks set row_count = row_count + 3 where table_name = ${table} and span = 86400 and block = (select max(block) from time_blocks where table_name = ${table} and span = 86400)`);
    expect((await page()).slice(3)).toEqual(before.slice(0, PAGE_SIZE - 3));
  } finally {
    await run(sql`select recount_time_blocks()`);
  }
  expect(await page()).toEqual(before);
}

test('teachers: deep pages after inserts, holes and an emptied block equal an offset\'s', async () => {
  await run(sql`insert into teachers (name, title) select 'Deep teacher ' || n, 'Lecturer' from generate_series(1, 3500) as n`);
  await expectPagesAgree('/api/v1/teachers/pager', 'teachers');
  // Holes everywhere, and a whole block of ids emptied.
  await run(sql`delete from teachers where name like 'Deep teacher %' and id % 7 = 0`);
  const [{ first }] = rowsOf<{ first: number }>(await run(sql`select min(id)::int as first from teachers where name like 'Deep teacher %'`));
  const emptied = Math.floor(first / 1024) + 1;
  await run(sql`delete from teachers where id >= ${emptied * 1024} and id < ${(emptied + 1) * 1024}`);
  // One through the API, as an operator deletes.
  const [{ id }] = rowsOf<{ id: number }>(await run(sql`select max(id)::int as id from teachers where name like 'Deep teacher %'`));
  expect((await admin.delete(`/api/v1/teachers/${id}`)).status).toBe(200);
  await expectPagesAgree('/api/v1/teachers/pager', 'teachers');

  // The deep page reads the blocks: skewed, the newest block's count moves it by as much.
  const page = async () => (await admin.get('/api/v1/teachers/pager', { query: { page: 80, page_size: PAGE_SIZE } })).body.data.items.map((item: { id: number }) => item.id);
  const before = await page();
  try {
    await run(sql`update id_blocks set row_count = row_count + 3 where table_name = 'teachers' and block = (select max(block) from id_blocks where table_name = 'teachers')`);
    const skewed = await page();
    expect(skewed).not.toEqual(before);
    // Three more rows counted before it: the page starts three rows earlier.
    expect(skewed.slice(3)).toEqual(before.slice(0, PAGE_SIZE - 3));
  } finally {
    await run(sql`select recount_id_blocks()`);
  }
  expect(await page()).toEqual(before);
}, 120_000);

test('mail: deep pages equal an offset\'s, and a truncate empties the blocks with the table', async () => {
  await run(sql`insert into mail_outbox ("to", subject, text, status) select array['deep' || n || '@example.com'], 'Deep mail ' || n, 'x', 'sent' from generate_series(1, 2600) as n`);
  await run(sql`delete from mail_outbox where id % 5 = 0`);
  await expectPagesAgree('/api/v1/mail_outbox/pager', 'mail_outbox');
  await run(sql`truncate mail_outbox cascade`);
  expect(rowsOf(await run(sql`select 1 from id_blocks where table_name = 'mail_outbox'`))).toEqual([]);
  await run(sql`insert into mail_outbox ("to", subject, text, status) select array['again' || n || '@example.com'], 'Again ' || n, 'x', 'failed' from generate_series(1, 1300) as n`);
  await expectPagesAgree('/api/v1/mail_outbox/pager', 'mail_outbox');
}, 120_000);

test('a filtered or searched deep page is not a block\'s: it still equals an offset\'s', async () => {
  const answer = await admin.get('/api/v1/teachers/pager', { query: { page: 60, page_size: PAGE_SIZE, sort_by: 'id', order: 'desc', keyword: 'Deep teacher' } });
  expect(answer.status).toBe(200);
  const expected = rowsOf<{ id: number }>(
    await run(sql`select id from teachers where name ilike '%Deep teacher%' order by id desc limit ${PAGE_SIZE} offset ${59 * PAGE_SIZE}`),
  ).map((row) => row.id);
  expect(answer.body.data.items.map((item: { id: number }) => item.id)).toEqual(expected);
});

test('users: deep pages in creation order equal an offset\'s, through inserts, creation times moved and deletes', async () => {
  // Three users every 37 minutes, some on the same instant, over about 26 days.
  await run(sql`
    insert into users (user_name, password_hash, real_name, email, roles, create_time)
    select 'deep.user.' || n, 'x', 'Deep user ' || n, 'deep' || n || '@example.com', '{learner}', now() - make_interval(mins => 37 * (n / 3))
    from generate_series(1, 3000) as n`);
  await expectPagesAgree('/uc/v1/system/users', 'users', { by: 'create_time', id: 'user_id' });
  await run(sql`update users set create_time = create_time - interval '3 days 5 hours' where user_name like 'deep.user.%' and user_id % 11 = 0`);
  await run(sql`delete from users where user_name like 'deep.user.%' and user_id % 13 = 0`);
  await expectPagesAgree('/uc/v1/system/users', 'users', { by: 'create_time', id: 'user_id' });

  await expectDeepPageReadsDays('/uc/v1/system/users', 'users', 'user_id');
}, 120_000);

test("transfer applications: deep pages in creation order equal an offset's, through applications, creation times moved and deletes", async () => {
  // One learner in two applies, about every 53 minutes over about 110 days; a third still wait.
  await run(sql`
    insert into users (user_name, password_hash, roles)
    select 'deep.applicant.' || n, 'x', '{learner}' from generate_series(1, 6000) as n`);
  await run(sql`
    insert into tenant_transfer_applications (user_id, from_tenant_id, to_tenant_id, status, create_time)
    select user_id, null, (select min(tenant_id) from tenants), case when user_id % 3 = 0 then 'pending' else 'rejected' end, now() - make_interval(mins => 53 * (user_id % 3000))
    from users where user_name like 'deep.applicant.%' and user_id % 2 = 0`);
  const sorted = { by: 'create_time', id: 'tenant_transfer_application_id' };
  await expectPagesAgree('/uc/v1/applies', 'tenant_transfer_applications', sorted);
  await run(sql`update tenant_transfer_applications set create_time = create_time - interval '2 days 7 hours' where tenant_transfer_application_id % 7 = 0`);
  await run(sql`delete from users where user_name like 'deep.applicant.%' and user_id % 10 = 0`);
  await expectPagesAgree('/uc/v1/applies', 'tenant_transfer_applications', sorted);

  await expectDeepPageReadsDays('/uc/v1/applies', 'tenant_transfer_applications', 'tenant_transfer_application_id');
}, 120_000);

test('enrolments: deep pages in enrol time equal an offset\'s, and every range of enrol times answers the rows\' count', async () => {
  await run(sql`
    insert into users (user_name, password_hash, real_name, email, roles)
    select 'deep.learner.' || n, 'x', 'Deep learner ' || n, 'deep.learner' || n || '@example.com', '{learner}' from generate_series(1, 40) as n`);
  // Every 23 minutes and 7 seconds, off the quarter hours, over about 45 days.
  await run(sql`
    insert into enrollments (target_id, learner_id, tenant_id, available, create_at)
    select course.id, learner.user_id, learner.tenant_id, n % 9 <> 0, now() - make_interval(secs => 1387 * n)
    from generate_series(1, 2800) as n
    join lateral (select id from courses order by id limit 1 offset n % 70) as course on true
    join lateral (select user_id, tenant_id from users where user_name like 'deep.learner.%' order by user_id limit 1 offset n / 70) as learner on true`);
  const sorted = { by: 'create_at', id: 'id' };
  await expectPagesAgree('/api/v1/enrollments/pager', 'enrollments', sorted);

  const quarter = 15 * 60 * 1000;
  const now = Date.now();
  const aligned = Math.floor((now - 9 * 86_400_000) / quarter) * quarter;
  // A midnight (UTC): whole days inside a range are read from the days, the quarters only before and after them.
  const day = 86_400_000;
  const midnight = Math.floor((now - 9 * day) / day) * day;
  const ranges: { start_time?: number; end_time?: number }[] = [
    { start_time: now - 30 * 86_400_000 },
    { end_time: now - 3 * 86_400_000 - 12_345 },
    { start_time: midnight - 3 * day, end_time: midnight },
    { start_time: midnight - 3 * day + 61_000, end_time: midnight + 5 * 3_600_000 },
    { start_time: midnight - 3 * 3_600_000, end_time: midnight + 5 * 3_600_000 + 7_000 },
    { start_time: midnight - day, end_time: midnight + day + 9 * quarter },
    { start_time: aligned, end_time: aligned + 40 * quarter },
    { start_time: aligned + 61_000, end_time: aligned + 7 * quarter + 5_000 },
    // Inside one quarter, across one boundary, an empty range, everything.
    { start_time: aligned + 1_000, end_time: aligned + 14 * 60_000 },
    { start_time: aligned - 10 * 60_000, end_time: aligned + 10 * 60_000 },
    { start_time: aligned + 5_000, end_time: aligned + 5_000 },
    { start_time: 0, end_time: now + 86_400_000 },
  ];
  const expectRangesCounted = async () => {
    for (const range of ranges) {
      const answer = await admin.get('/api/v1/enrollments/pager', { query: { page: 1, page_size: 5, ...range } });
      expect(answer.status).toBe(200);
      const [{ total }] = rowsOf<{ total: number }>(
        await run(sql`select count(*)::int as total from enrollments
          where create_at >= ${range.start_time === undefined ? '-infinity' : new Date(range.start_time).toISOString()}::timestamptz
            and create_at < ${range.end_time === undefined ? 'infinity' : new Date(range.end_time).toISOString()}::timestamptz`),
      );
      expect([range, answer.body.data.total]).toEqual([range, total]);
    }
  };
  await expectRangesCounted();
  // A range over some of them is not all of them: the ranges above were not all the whole table.
  expect(new Set(await Promise.all(ranges.map(async (range) => (await admin.get('/api/v1/enrollments/pager', { query: { page: 1, page_size: 5, ...range } })).body.data.total))).size).toBeGreaterThan(4);

  // Times moved (by hand: nothing in the API moves them), rows enabled, disabled and deleted.
  await run(sql`update enrollments set create_at = create_at + interval '10 hours 3 minutes' where id % 17 = 0`);
  await run(sql`update enrollments set available = not available where id % 5 = 0`);
  await run(sql`delete from enrollments where id % 19 = 0`);
  await expectPagesAgree('/api/v1/enrollments/pager', 'enrollments', sorted);
  await expectRangesCounted();

  // The blocks are what a range's total reads: skewed, the total moves by as much. A range within a day reads quarter hours;
  // one over whole days reads those days, and the quarters after the last.
  for (const [range, span, at] of [
    [{ start_time: midnight + 2 * quarter, end_time: midnight + 30 * quarter }, 900, midnight + 5 * quarter],
    [{ start_time: midnight - 2 * day, end_time: midnight + 3 * quarter }, 86_400, midnight - day],
    [{ start_time: midnight - 2 * day, end_time: midnight + 3 * quarter }, 900, midnight + quarter],
  ] as const) {
    const totalOf = async () => (await admin.get('/api/v1/enrollments/pager', { query: { page: 1, page_size: 5, ...range } })).body.data.total;
    const before = await totalOf();
    try {
      await run(sql`insert into time_blocks (table_name, span, block, row_count) values ('enrollments', ${span}, ${at / 1000 / span}, 2)
        on conflict (table_name, span, block) do update set row_count = time_blocks.row_count + 2`);
      expect([range, span, await totalOf()]).toEqual([range, span, before + 2]);
    } finally {
      await run(sql`select recount_time_blocks()`);
    }
    expect(await totalOf()).toBe(before);
  }

  await run(sql`truncate enrollments cascade`);
  expect(rowsOf(await run(sql`select 1 from time_blocks where table_name = 'enrollments'`))).toEqual([]);
}, 180_000);

test('the statistic: deep pages equal an offset over the enrolments themselves, through concurrent writes that never deadlock, in both scopes', async () => {
  const [{ tenant_id: tenant }] = rowsOf<{ tenant_id: number }>(await run(sql`insert into tenants (name, display_name) values ('deep-statistic', 'Deep statistic') returning tenant_id`));
  // Ids 97 apart: the courses of a count spread over many blocks of 1,024 ids (migration 0039), about ten of a block.
  await run(sql`insert into courses (id, title, category_id) overriding system value
    select (select max(id) from courses) + 97 * n, 'Deep statistic course ' || n, (select min(id) from categories) from generate_series(1, 1500) as n`);
  await run(sql`select setval(pg_get_serial_sequence('courses', 'id'), (select max(id) from courses))`);
  // Half the learners in the organisation, half on the platform alone: the two scopes' counts differ.
  await run(sql`
    insert into users (user_name, password_hash, real_name, email, roles, tenant_id)
    select 'statistic.learner.' || n, 'x', 'Statistic learner ' || n, 'statistic.learner' || n || '@example.com', '{learner}', case when n % 2 = 0 then ${tenant}::int end
    from generate_series(1, 40) as n`);
  // Course n has 1 + (7n mod 31) learners: counts from 1 to 31, ties of about 50 courses at each.
  await run(sql`
    insert into enrollments (target_id, learner_id, available)
    select course.id, learner.user_id, true
    from (select id, row_number() over (order by id) as n from courses where title like 'Deep statistic course %') as course
    join lateral (select user_id from users where user_name like 'statistic.learner.%' order by user_id limit 1 + (course.n * 7) % 31) as learner on true`);
  const organisationAdmin = client(server.url, await (async () => {
    const user_name = 'statistic.admin';
    await run(sql`insert into users (user_name, password_hash, roles, tenant_id) select ${user_name}, password_hash, '{tenant_admin}', ${tenant}::int from users where user_name = 'admin'`);
    return signIn(server.url, user_name, ADMIN_PASSWORD);
  })());

  /** Each scope's statistic at deep pages (and the last shallow one, and past the end) in both orders, against an offset over the enrolments. */
  const expectStatisticAgrees = async () => {
    for (const [caller, scope] of [[admin, null], [organisationAdmin, tenant]] as const) {
      const inScope = scope === null ? sql`true` : sql`tenant_id = ${scope}::int`;
      const [{ total }] = rowsOf<{ total: number }>(await run(sql`select count(distinct target_id)::int as total from enrollments where available and ${inScope}`));
      const last = Math.ceil(total / PAGE_SIZE);
      // Page 52 starts at row 1,020, page 53 at 1,040: the last shallow page, then deep ones.
      expect(last).toBeGreaterThan(54);
      for (const order of ['desc', 'asc'] as const) {
        for (const page of new Set([52, 53, 54, last - 1, last, last + 2])) {
          const answer = await caller.get('/api/v1/enrollments/statistic', { query: { page, page_size: PAGE_SIZE, sort_by: 'enrollment_count', order } });
          expect(answer.status).toBe(200);
          const expected = rowsOf<{ id: number; n: number }>(
            await run(sql`select target_id as id, count(*)::int as n from enrollments where available and ${inScope} group by target_id
              order by 2 ${sql.raw(order)}, 1 ${sql.raw(order)} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`),
          );
          const answered = answer.body.data.items.map((item: { target: { id: number }; enrollment_count: number }) => ({ id: item.target.id, n: item.enrollment_count }));
          expect([scope, order, page, answered, answer.body.data.total]).toEqual([scope, order, page, expected, total]);
        }
      }
    }
    const kept = rowsOf(await run(sql`select tenant_id, enrollment_count, courses from enrollment_count_levels order by 1, 2`));
    const recounted = rowsOf(await run(sql`select tenant_id, enrollment_count, count(*)::int as courses from enrollment_counts group by 1, 2 order by 1, 2`));
    expect(kept).toEqual(recounted);
    const keptBlocks = rowsOf(await run(sql`select tenant_id, enrollment_count, course_block, courses from enrollment_count_level_blocks order by 1, 2, 3`));
    const recountedBlocks = rowsOf(
      await run(
        sql`select tenant_id, enrollment_count, course_id / 1024 as course_block, count(*)::int as courses from enrollment_counts where tenant_id = 0 group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
    expect(keptBlocks).toEqual(recountedBlocks);
  };
  await expectStatisticAgrees();

  // Writers at once, each changing many courses' counts in one statement, as the API's writes do:
  // enables and disables, deletions, new enrolments. Each has courses of its own, so none waits for
  // another's counts and all reach their commits together, where they move courses between the same
  // levels, up and down, in the order of their courses. Then learners moving in and out of the
  // organisation, whose enrolments span every course.
  const courseIds = rowsOf<{ id: number }>(await run(sql`select id from courses where title like 'Deep statistic course %' order by id`)).map((row) => row.id);
  const writes = Array.from({ length: 12 }, (_, writer) => {
    const picked = courseIds.filter((_, index) => index % 12 === writer);
    return server.database.db.transaction(async (tx) => {
      const courses = sql`array[${sql.join(picked.map((id) => sql`${id}::int`), sql`, `)}]`;
      if (writer % 3 === 0) await tx.execute(sql`update enrollments set available = not available where target_id = any(${courses}) and learner_id % 3 <> 0`);
      else if (writer % 3 === 1) await tx.execute(sql`delete from enrollments where target_id = any(${courses}) and learner_id % 5 = 0`);
      else
        await tx.execute(sql`insert into enrollments (target_id, learner_id, available)
          select course, user_id, true from unnest(${courses}) as course, users where user_name like 'statistic.learner.%' and user_id % 4 = 0 on conflict do nothing`);
    });
  });
  writes.push(
    ...[1, 2, 3, 4].map((learner) =>
      server.database.db
        .execute(sql`update users set tenant_id = case when tenant_id is null then ${tenant}::int end where user_name = ${`statistic.learner.${learner}`}`)
        .then(() => undefined),
    ),
  );
  const outcomes = await Promise.allSettled(writes);
  expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason.cause ?? (outcome as PromiseRejectedResult).reason))).toEqual([]);
  await expectStatisticAgrees();

  // The levels are what a deep page reads: a skewed level moves the page by as much.
  const deepPage = async () => (await admin.get('/api/v1/enrollments/statistic', { query: { page: 60, page_size: PAGE_SIZE, sort_by: 'enrollment_count', order: 'desc' } })).body.data.items;
  const before = await deepPage();
  try {
    await run(sql`update enrollment_count_levels set courses = courses + 5 where tenant_id = 0 and enrollment_count = (select max(enrollment_count) from enrollment_count_levels where tenant_id = 0)`);
    const skewed = await deepPage();
    expect(skewed).not.toEqual(before);
  } finally {
    await run(sql`delete from enrollment_count_levels`);
    await run(sql`insert into enrollment_count_levels select tenant_id, enrollment_count, count(*) from enrollment_counts group by 1, 2`);
  }
  expect(await deepPage()).toEqual(before);
  // And so are the platform's blocks of ids within the page's count: each block of it made 5 courses larger, the page is entered further on.
  try {
    await run(sql`update enrollment_count_level_blocks set courses = courses + 5 where tenant_id = 0 and enrollment_count = ${before[0].enrollment_count}::int`);
    expect(await deepPage()).not.toEqual(before);
  } finally {
    await run(sql`delete from enrollment_count_level_blocks`);
    await run(sql`insert into enrollment_count_level_blocks select 0, enrollment_count, course_id / 1024, count(*) from enrollment_counts where tenant_id = 0 group by 2, 3`);
  }
  expect(await deepPage()).toEqual(before);

  // A course's deletion takes its counts and their levels with it.
  await run(sql`delete from courses where title like 'Deep statistic course %' and id % 9 = 0`);
  await expectStatisticAgrees();
}, 180_000);
