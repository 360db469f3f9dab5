/**
 * Every list's total is exact, whether it comes from the counters the triggers keep (row_counts,
 * migration 0014) or from counting rows: after writes through the API and straight SQL (a bulk
 * insert, a move, a delete, a truncate), each list and filter answers what count(*) says, and the
 * counters equal a recount of the rows.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ownTenant } from '../../server/auth/tenantScope';
import type { Executor } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { poolOf } from '../../server/db/statements';
import { DEEP_OFFSET, type Condition, type ListQuery } from '../../server/routes/entityRoutes';
import { carouselStore } from '../../server/routes/carousels';
import { userStore } from '../../server/routes/users';
import { client, signIn } from './client';
import { keptPlanOf } from '../keptPlan';
import { people } from './people';
import { keptAndRecounted } from './rowCounts';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
let admin: ReturnType<typeof client>;
let tenantAdmin: ReturnType<typeof client>;
let north: number;
let top: number, sub: number, otherSub: number;
/** Two carousel groups: the demo's first, which holds carousels, and another. */
let group: number, otherGroup: number;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function count(statement: ReturnType<typeof sql>) {
  return rowsOf<{ n: number }>(await server.database.db.execute(sql`select count(*)::int as n from (${statement}) as counted`))[0].n;
}
const run = (statement: ReturnType<typeof sql>) => server.database.db.execute(statement);

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  const make = people(server);
  north = await make.tenant('north', 'North School');
  tenantAdmin = (await make.user('north_admin', north, ['tenant_admin'])).api;
  const tree = (await admin.get('/api/v1/categories/tree')).body.data as { id: number; children: { id: number }[] }[];
  const parent = tree.find((node) => node.children.length >= 2)!;
  top = parent.id;
  [sub, otherSub] = parent.children.map((child) => child.id);
  [group, otherGroup] = rowsOf<{ id: number }>(await run(sql`select id from carousel_groups order by (select count(*) from carousels where carousel_group_id = carousel_groups.id) desc, id limit 2`)).map((row) => row.id);
}, 120_000);
afterAll(() => server?.stop());

/** The prepared statements on every idle connection of the server's pool that `where` picks: name, calls served, and those served by the plan kept. */
async function preparedOnPool(where: string) {
  const pool = poolOf(server.database.db);
  const connections = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    const query = `select name, (generic_plans + custom_plans)::int as calls, generic_plans::int as kept from pg_prepared_statements where ${where}`;
    return (await Promise.all(connections.map(async (connection) => (await connection.query<{ name: string; calls: number; kept: number }>(query)).rows))).flat();
  } finally {
    connections.forEach((connection) => connection.release());
  }
}

/** The total a list answers, its first page asked with these filters. */
async function totalOf(caller: ReturnType<typeof client>, path: string, query: Record<string, unknown> = {}) {
  const answer = await caller.get(path, { query: { page: 1, page_size: 5, ...query } });
  expect([path, query, answer.status, answer.status === 200 ? '' : answer.body]).toEqual([path, query, 200, '']);
  return answer.body.data.total as number;
}

/** Each list and filter against count(*) of the rows it stands for. */
async function expectTotalsExact() {
  const inTop = sql`(select id from categories where id = ${top} or parent_id = ${top})`;
  const shapes: [string, ReturnType<typeof client>, string, Record<string, unknown>, ReturnType<typeof sql>][] = [
    ['courses', admin, '/api/v1/courses/pager', {}, sql`select 1 from courses`],
    ['courses of a top category', admin, '/api/v1/courses/pager', { categoryId: top }, sql`select 1 from courses where category_id in ${inTop}`],
    ['courses of a subcategory', admin, '/api/v1/courses/pager', { categoryId: sub }, sql`select 1 from courses where category_id = ${sub}`],
    ['courses by keyword', admin, '/api/v1/courses/pager', { keyword: 'Gamma' }, sql`select 1 from courses where title ilike '%Gamma%'`],
    ['teachers', admin, '/api/v1/teachers/pager', {}, sql`select 1 from teachers`],
    ['series', admin, '/api/v1/sys/series', {}, sql`select 1 from series`],
    ['series published in a top category', admin, '/api/v1/sys/series', { categoryId: top, available: true }, sql`select 1 from series where available and category_id in ${inTop}`],
    ['users', admin, '/uc/v1/system/users', {}, sql`select 1 from users`],
    ['users of a tenant', admin, '/uc/v1/system/users', { tenant_id: north }, sql`select 1 from users where tenant_id = ${north}`],
    ['deactivated users', admin, '/uc/v1/system/users', { status: 'deactive' }, sql`select 1 from users where status = 'deactive'`],
    ["a tenant administrator's users", tenantAdmin, '/uc/v1/system/users', {}, sql`select 1 from users where tenant_id = ${north}`],
    ['enrolments', admin, '/api/v1/enrollments/pager', {}, sql`select 1 from enrollments`],
    ['disabled enrolments', admin, '/api/v1/enrollments/pager', { available: false }, sql`select 1 from enrollments where not available`],
    ["a tenant administrator's enabled enrolments", tenantAdmin, '/api/v1/enrollments/pager', { available: true }, sql`select 1 from enrollments where available and tenant_id = ${north}`],
    ['the statistic', admin, '/api/v1/enrollments/statistic', {}, sql`select distinct target_id from enrollments where available`],
    ["a tenant administrator's statistic", tenantAdmin, '/api/v1/enrollments/statistic', {}, sql`select distinct target_id from enrollments where available and tenant_id = ${north}`],
    ["one group's carousels", admin, '/api/v1/carousels/pager', { carousel_group_id: group }, sql`select 1 from carousels where carousel_group_id = ${group}`],
    ["another group's carousels", admin, '/api/v1/carousels/pager', { carousel_group_id: otherGroup }, sql`select 1 from carousels where carousel_group_id = ${otherGroup}`],
    ['vouchers', admin, '/api/v1/vouchers', {}, sql`select 1 from vouchers`],
    ['course vouchers for anyone, still available', admin, '/api/v1/vouchers', { resource_type: 'course', object_type: '*', available: true }, sql`select 1 from vouchers where resource_type = 'course' and object_type = '*' and available`],
    ['mails', admin, '/api/v1/mail_outbox/pager', {}, sql`select 1 from mail_outbox`],
    ['failed mails', admin, '/api/v1/mail_outbox/pager', { status: 'failed' }, sql`select 1 from mail_outbox where status = 'failed'`],
    ['mails by keyword', admin, '/api/v1/mail_outbox/pager', { keyword: 'counted' }, sql`select 1 from mail_outbox where array_to_string("to", ' ') || ' ' || subject ilike '%counted%'`],
    ['transfer applications', admin, '/uc/v1/applies', {}, sql`select 1 from tenant_transfer_applications`],
    ['pending transfer applications', admin, '/uc/v1/applies', { status: 'pending' }, sql`select 1 from tenant_transfer_applications where status = 'pending'`],
    [
      "transfer applications by the learner's name",
      admin,
      '/uc/v1/applies',
      { keyword: 'counted' },
      sql`select 1 from tenant_transfer_applications as application join users on users.user_id = application.user_id where users.user_name ilike '%counted%'`,
    ],
  ];
  for (const [name, caller, path, query, rows] of shapes) expect([name, await totalOf(caller, path, query)]).toEqual([name, await count(rows)]);
  const { kept, recounted } = await keptAndRecounted(server.database.db);
  expect(kept).toEqual(recounted);
  // A counter a list reads must hold something: an empty row_counts would make every total 0.
  expect(kept.some((row) => row.table_name === 'courses')).toBe(true);
}

test('the demo platform answers exact totals from its counters', async () => {
  await expectTotalsExact();
});

test('after writes through the API and straight SQL, every total is still exact', async () => {
  // Through the API: courses made, moved and deleted.
  const made: number[] = [];
  for (const category_id of [sub, sub, otherSub]) {
    const answer = await admin.post('/api/v1/courses', { title: `Gamma counted ${made.length}`, category_id });
    expect(answer.status).toBe(200);
    made.push(answer.body.data.id);
  }
  expect((await admin.put(`/api/v1/courses/${made[0]}`, { category_id: otherSub })).status).toBe(200);
  expect((await admin.delete(`/api/v1/courses/${made[1]}`)).status).toBe(200);
  await expectTotalsExact();

  // Straight SQL, as an operator or a bulk load writes: learners, their enrolments, a move, deletes.
  await run(sql`insert into users (user_name, password_hash, tenant_id, roles, status)
    select 'counted.' || n, 'x', ${north}, '{learner}', case when n % 3 = 0 then 'deactive' else 'active' end from generate_series(1, 30) as n`);
  await run(sql`insert into enrollments (target_id, learner_id, available)
    select course.id, learner.user_id, (learner.user_id + course.id) % 4 <> 0
    from (select id from courses order by id limit 7) as course, (select user_id from users where user_name like 'counted.%') as learner`);
  await run(sql`update enrollments set available = not available where learner_id in (select user_id from users where user_name like 'counted.1%')`);
  await run(sql`update users set tenant_id = null, status = 'active' where user_name like 'counted.2%'`);
  await run(sql`delete from users where user_name like 'counted.3%'`);
  await run(sql`update courses set category_id = ${sub} where id in (select id from courses order by id limit 3)`);
  // Mail written, delivered, given up on and pruned, as the outbox and its housekeeping do.
  await run(sql`insert into mail_outbox ("to", subject, text) select array['counted.' || n || '@example.com'], 'Counted mail ' || n, 'x' from generate_series(1, 12) as n`);
  await run(sql`update mail_outbox set status = case when subject like '%1_' then 'failed' else 'sent' end where subject like 'Counted mail %'`);
  await run(sql`delete from mail_outbox where subject like 'Counted mail 1%' and status = 'sent'`);
  // Learners' requests to move, written and decided; learners renamed out of the search, and deleted with theirs.
  await run(sql`insert into tenant_transfer_applications (user_id, from_tenant_id, to_tenant_id, status)
    select user_id, tenant_id, ${north}, case when user_id % 2 = 0 then 'pending' else 'rejected' end from users where user_name like 'counted.1%' or user_name like 'counted.4%'`);
  await run(sql`update tenant_transfer_applications set status = 'approved' where status = 'pending' and user_id in (select user_id from users where user_name like 'counted.4%')`);
  await run(sql`update users set user_name = 'renamed.' || user_id where user_name like 'counted.4%'`);
  await run(sql`delete from users where user_name like 'counted.1_'`);
  // Carousels added to a group in bulk, one moved to the other group, some deleted.
  await run(sql`insert into carousels (title, carousel_group_id, target_type, target_id, image_link)
    select 'Counted carousel ' || n, ${group}, 'course', (select min(id) from courses), 'demo/cover-1.jpg' from generate_series(1, 9) as n`);
  await run(sql`update carousels set carousel_group_id = ${otherGroup} where title = 'Counted carousel 1'`);
  await run(sql`delete from carousels where title in ('Counted carousel 2', 'Counted carousel 3')`);
  await expectTotalsExact();

  // A truncate empties the table's counters with it (the cascade takes the enrolments' too).
  await run(sql`truncate enrollments cascade`);
  expect(await totalOf(admin, '/api/v1/enrollments/pager')).toBe(0);
  await expectTotalsExact();
}, 120_000);

test('a page past the end still answers the exact total', async () => {
  const total = await totalOf(admin, '/api/v1/courses/pager', { categoryId: top });
  const far = await admin.get('/api/v1/courses/pager', { query: { page: 1_000, page_size: 20, categoryId: top } });
  expect(far.status).toBe(200);
  expect(far.body.data).toEqual({ items: [], total });
});

test('every counted shape reads its counter, and the others count rows', async () => {
  // Every shape has rows (an empty first page answers 0 without asking): two learners of north, one enrolment disabled.
  await run(sql`insert into users (user_name, password_hash, tenant_id, roles) values ('skew.1', 'x', ${north}, '{learner}'), ('skew.2', 'x', ${north}, '{learner}')`);
  const [enrolment] = rowsOf<{ target_id: number; learner_id: number }>(
    await run(sql`insert into enrollments (target_id, learner_id, available)
      select (select min(id) from courses), user_id, user_name = 'skew.2' from users where user_name like 'skew.%' order by user_name returning target_id, learner_id`),
  );
  await run(sql`insert into mail_outbox ("to", subject, text, status) values ('{skewed@example.com}', 'Skewed mail', 'x', 'failed')`);
  // A shape, the counter row it must read (null: it counts rows, so a skewed whole-table counter leaves it alone).
  const shapes: [string, ReturnType<typeof client>, string, Record<string, unknown>, string, Record<string, unknown> | null][] = [
    ['courses', admin, '/api/v1/courses/pager', {}, 'courses', {}],
    ['courses of a top category', admin, '/api/v1/courses/pager', { categoryId: top }, 'courses', { category_id: sub }],
    ['courses of a subcategory', admin, '/api/v1/courses/pager', { categoryId: sub }, 'courses', { category_id: sub }],
    ['courses by keyword', admin, '/api/v1/courses/pager', { keyword: 'Gamma' }, 'courses', null],
    ['teachers', admin, '/api/v1/teachers/pager', {}, 'teachers', {}],
    ['series', admin, '/api/v1/sys/series', {}, 'series', {}],
    ['published series in a top category', admin, '/api/v1/sys/series', { categoryId: top, available: true }, 'series', { category_id: sub, available: true }],
    ['users', admin, '/uc/v1/system/users', {}, 'users', {}],
    ['users of a tenant', admin, '/uc/v1/system/users', { tenant_id: north }, 'users', { tenant_id: north }],
    ['deactivated users', admin, '/uc/v1/system/users', { status: 'deactive' }, 'users', { status: 'deactive' }],
    ["a tenant administrator's users", tenantAdmin, '/uc/v1/system/users', {}, 'users', { tenant_id: north }],
    ['enrolments', admin, '/api/v1/enrollments/pager', {}, 'enrollments', {}],
    ['disabled enrolments', admin, '/api/v1/enrollments/pager', { available: false }, 'enrollments', { available: false }],
    ["a course's enrolments", admin, '/api/v1/enrollments/pager', { target_id: enrolment.target_id }, 'enrollments', { target_id: enrolment.target_id }],
    ["a tenant administrator's enabled enrolments", tenantAdmin, '/api/v1/enrollments/pager', { available: true }, 'enrollments', { tenant_id: north, available: true }],
    ["a learner's enrolments", admin, '/api/v1/enrollments/pager', { learner_id: enrolment.learner_id }, 'enrollments', null],
    ['the statistic', admin, '/api/v1/enrollments/statistic', {}, 'enrollment_counts', { tenant_id: 0 }],
    ["a tenant administrator's statistic", tenantAdmin, '/api/v1/enrollments/statistic', {}, 'enrollment_counts', { tenant_id: north }],
    ["one group's carousels", admin, '/api/v1/carousels/pager', { carousel_group_id: group }, 'carousels', { carousel_group_id: group }],
    ['vouchers', admin, '/api/v1/vouchers', {}, 'vouchers', {}],
    ['course vouchers for anyone, available', admin, '/api/v1/vouchers', { resource_type: 'course', object_type: '*', available: true }, 'vouchers', { resource_type: 'course', object_type: '*', available: true }],
    ['mails', admin, '/api/v1/mail_outbox/pager', {}, 'mail_outbox', {}],
    ['failed mails', admin, '/api/v1/mail_outbox/pager', { status: 'failed' }, 'mail_outbox', { status: 'failed' }],
    ['mails by keyword', admin, '/api/v1/mail_outbox/pager', { keyword: 'skewed' }, 'mail_outbox', null],
    ['transfer applications', admin, '/uc/v1/applies', {}, 'tenant_transfer_applications', {}],
    ['pending transfer applications', admin, '/uc/v1/applies', { status: 'pending' }, 'tenant_transfer_applications', { status: 'pending' }],
    ["a tenant administrator's transfer applications", tenantAdmin, '/uc/v1/applies', {}, 'tenant_transfer_applications', null],
    // The trail keeps its own counts, folded in up to a watermark (migrations 0017, 0023, 0031); its sign-ins are rows every run has.
    ['the audit trail', admin, '/api/v1/audit_logs/pager', {}, 'audit_logs', {}],
    ['the audit trail by action', admin, '/api/v1/audit_logs/pager', { action: 'sign_in' }, 'audit_logs', { action: 'sign_in' }],
    ['the audit trail by resource', admin, '/api/v1/audit_logs/pager', { entity: 'session' }, 'audit_logs', { entity: 'session' }],
    ["a tenant administrator's trail", tenantAdmin, '/api/v1/audit_logs/pager', {}, 'audit_logs', { tenant_id: north }],
    ["one user's trail", admin, '/api/v1/audit_logs/pager', { user: 'admin' }, 'audit_logs', null],
  ];
  try {
    for (const [name, caller, path, query, table, key] of shapes) {
      const before = await totalOf(caller, path, query);
      // Skewed on purpose: what a counted shape answers moves with its counter.
      await run(sql`insert into row_counts values (${table}, ${JSON.stringify(key ?? {})}::jsonb, 1000)
        on conflict (table_name, key) do update set row_count = row_counts.row_count + 1000`);
      expect([name, await totalOf(caller, path, query)]).toEqual([name, key ? before + 1000 : before]);
      await run(sql`update row_counts set row_count = row_count - 1000 where table_name = ${table} and key = ${JSON.stringify(key ?? {})}::jsonb`);
    }
  } finally {
    await run(sql`select recount_rows()`);
    await run(sql`delete from users where user_name like 'skew.%'`);
    await run(sql`delete from mail_outbox where subject = 'Skewed mail'`);
  }
});

test("a list's statement is prepared once on a connection and reused, and keeps answering when its table changes", async () => {
  const before = await totalOf(admin, '/api/v1/teachers/pager');
  for (let i = 0; i < 6; i++) expect(await totalOf(admin, '/api/v1/teachers/pager')).toBe(before);
  // Each idle connection's prepared statements: the teacher page's is there, named, and served more than once.
  const prepared = await preparedOnPool(`statement like '%from "teachers"%'`);
  expect(prepared.length).toBeGreaterThan(0);
  expect(prepared.every(({ name }) => name.startsWith('page_'))).toBe(true);
  expect(Math.max(...prepared.map(({ calls }) => calls))).toBeGreaterThan(1);
  // A column added and dropped under the prepared statement (a migration of another instance): it is planned again, not refused.
  await run(sql`alter table teachers add column probe_note text`);
  expect(await totalOf(admin, '/api/v1/teachers/pager')).toBe(before);
  await run(sql`alter table teachers drop column probe_note`);
  expect(await totalOf(admin, '/api/v1/teachers/pager')).toBe(before);
});

test("a page is named, its plan kept, only where no value changes its best plan: the whole list's, or one value per column read in order from an index", async () => {
  const builder = drizzle.mock() as unknown as Executor;
  const nameOf = (query: Partial<ListQuery>, extra?: Condition) => userStore.listStatement(builder, { page: 1, page_size: 20, ...query }, extra).name;
  expect(nameOf({})).toMatch(/^page_/);
  // users_tenant_create_time_idx reads a tenant's users in creation order, whatever its size.
  expect(nameOf({ tenant_id: north })).toMatch(/^page_/);
  expect(nameOf({ tenant_id: north })).not.toBe(nameOf({}));
  expect(nameOf({ tenant_id: north + 1 })).toBe(nameOf({ tenant_id: north }));
  // A tenant administrator's own tenant, the route's condition, is read from the same index.
  expect(nameOf({}, ownTenant(north, users.tenant_id))).toMatch(/^page_/);
  // One group's carousels, counted (migration 0041) and read in order from carousels_carousel_group_id_idx.
  expect(carouselStore.listStatement(builder, { page: 1, page_size: 20, carousel_group_id: group }).name).toMatch(/^page_/);
  // Planned for their values each time: no index orders them, several values, a search, a far page, chosen ids.
  expect(nameOf({ tenant_id: north, sort_by: 'user_name' })).toBeUndefined();
  expect(nameOf({ status: 'deactive' })).toBeUndefined();
  expect(nameOf({ tenant_id: north, status: 'deactive' })).toBeUndefined();
  expect(nameOf({ tenant_id: [north, north + 1] })).toBeUndefined();
  expect(nameOf({ keyword: 'ann' })).toBeUndefined();
  expect(nameOf({ tenant_id: north, page: DEEP_OFFSET / 20 + 1 })).toBeUndefined();
  expect(nameOf({ id: [1, 2] })).toBeUndefined();

  // Served through the server, one tenant's page is prepared on a connection and served again under its name.
  for (let i = 0; i < 6; i++) expect((await tenantAdmin.get('/uc/v1/system/users', { query: { page: 1, page_size: 20 } })).status).toBe(200);
  const served = await preparedOnPool(`name like 'page\\_%' and statement like '%from "users"%' and statement like '%"users"."tenant_id" = $%'`);
  expect(Math.max(0, ...served.map(({ calls }) => calls))).toBeGreaterThan(1);
});

test("a whole list's first page is planned once on a connection and its plan kept, however long the list", async () => {
  // With `limit $n` the plan to keep was costed for an unknown share of 20,000 users, a scan of them all: never kept, every call planned.
  await run(sql`insert into users (user_name, password_hash, tenant_id, roles) select 'many.' || n, 'x', ${north}, '{learner}' from generate_series(1, 20000) as n`);
  await run(sql`analyze users`);
  try {
    for (let i = 0; i < 30; i++) expect((await admin.get('/uc/v1/system/users', { query: { page: 1, page_size: 20 } })).status).toBe(200);
    const served = await preparedOnPool(`name like 'page\\_%' and statement like '%from "users"%' and statement not like '%"users"."tenant_id" = $%'`);
    const busiest = served.reduce((most, statement) => (statement.calls > most.calls ? statement : most), { name: '', calls: 0, kept: 0 });
    expect(busiest.calls).toBeGreaterThan(10);
    // PostgreSQL plans the first five calls for their values, then serves the plan it keeps.
    expect(busiest.kept).toBeGreaterThanOrEqual(busiest.calls - 5);
  } finally {
    await run(sql`delete from users where user_name like 'many.%'`);
  }
});

test("a page's ids come in order from an index alone, whatever the values, and its rows by id in that order: no hash of the ids, no sort", async () => {
  // As `id in (…)` the database hashed the page's ids, joined the rows and sorted them again, an eighth to a tenth of a users page's statement.
  await run(sql`insert into users (user_name, password_hash, tenant_id, roles, create_time)
    select 'ordered.' || n, 'x', ${north}, '{learner}', now() - make_interval(secs => 20000 - n) from generate_series(1, 20000) as n`);
  await run(sql`vacuum analyze users`);
  try {
    const builder = drizzle.mock() as unknown as Executor;
    const shapes: [string, ReturnType<typeof userStore.listStatement>, string][] = [
      ['the first page', userStore.listStatement(builder, { page: 1, page_size: 20 }), 'users_create_time_idx'],
      ['the third page', userStore.listStatement(builder, { page: 3, page_size: 20 }), 'users_create_time_idx'],
      ["one tenant's first page", userStore.listStatement(builder, { page: 1, page_size: 20, tenant_id: north }), 'users_tenant_create_time_idx'],
      ["a tenant administrator's second page", userStore.listStatement(builder, { page: 2, page_size: 20 }, ownTenant(north, users.tenant_id)), 'users_tenant_create_time_idx'],
    ];
    for (const [name, statement, index] of shapes) {
      const plan = await keptPlanOf(server.database.db, statement);
      expect([name, plan]).toEqual([name, expect.stringMatching(new RegExp(`Index Only Scan Backward using ${index} on users`))]);
      expect([name, plan]).not.toEqual([name, expect.stringMatching(/Sort|HashAggregate|Hash Semi Join|Hash Join|Seq Scan on users/)]);
    }

    // Through the server, each page is the table's order.
    const expected = async (where: ReturnType<typeof sql>, offset: number) =>
      rowsOf<{ user_id: number }>(await run(sql`select user_id from users where ${where} order by create_time desc, user_id desc limit 20 offset ${offset}`)).map(
        (row) => row.user_id,
      );
    const ids = (answer: { body: { data: { items: { user_id: number }[] } } }) => answer.body.data.items.map((item) => item.user_id);
    for (const page of [1, 2, 3]) {
      expect(ids(await admin.get('/uc/v1/system/users', { query: { page, page_size: 20 } }))).toEqual(await expected(sql`true`, (page - 1) * 20));
      expect(ids(await tenantAdmin.get('/uc/v1/system/users', { query: { page, page_size: 20 } }))).toEqual(await expected(sql`tenant_id = ${north}`, (page - 1) * 20));
    }
  } finally {
    await run(sql`delete from users where user_name like 'ordered.%'`);
  }
});

test("a whole list's far page, entered from its days, is one named statement for every far page, and the plan it may keep reads the index", async () => {
  // Planned per call, a far audit page spent 1.5 ms of 3 parsing and planning; kept with `limit $n`, its plan hashed a third of the table (197 ms).
  await run(sql`insert into users (user_name, password_hash, tenant_id, roles, create_time)
    select 'far.' || n, 'x', ${north}, '{learner}', now() - make_interval(secs => 20000 - n) from generate_series(1, 20000) as n`);
  await run(sql`analyze users`);
  try {
    const builder = drizzle.mock() as unknown as Executor;
    const far = (page: number) => userStore.listStatement(builder, { page, page_size: 20 });
    const farPage = Math.ceil(DEEP_OFFSET / 20) + 1;
    expect(far(farPage).name).toMatch(/^page_/);
    expect(far(farPage + 400).name).toBe(far(farPage).name);
    expect(userStore.listStatement(builder, { page: farPage, page_size: 50 }).name).not.toBe(far(farPage).name);

    // Through the server, the named statement answers each far page as the table's order does.
    for (const page of [farPage, farPage + 1, farPage + 400, farPage, farPage + 900]) {
      const answer = await admin.get('/uc/v1/system/users', { query: { page, page_size: 20 } });
      const expected = rowsOf<{ user_id: number }>(
        await run(sql`select user_id from users order by create_time desc, user_id desc limit 20 offset ${(page - 1) * 20}`),
      ).map((row) => row.user_id);
      expect([page, (answer.body.data.items as { user_id: number }[]).map((item) => item.user_id)]).toEqual([page, expected]);
    }

    // The plan PostgreSQL keeps, should it keep one: the creation-time index entered at the day, no scan or hash of the table.
    const plan = await keptPlanOf(server.database.db, far(farPage + 400));
    expect(plan).toMatch(/Index (Only )?Scan Backward using users_create_time_idx/);
    expect(plan).not.toMatch(/Seq Scan on users|Hash Semi Join/);
  } finally {
    await run(sql`delete from users where user_name like 'far.%'`);
  }
});

test("every searched copy keeps a histogram of 1,000 entries, from which the planner expects a common word's matches (migration 0040)", async () => {
  // At the default 100 a word in 3% of a million courses may land in none of them: estimated at 100
  // matches, its page took all 31,060 and sorted them (86-115 ms) instead of walking the list's order (1.3 ms).
  const searched = await rowsOf<{ table_name: string; entries: number }>(
    await run(sql`select c.relname as table_name, a.attstattarget as entries from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attname = 'search_folded' and not a.attisdropped and c.relkind = 'r' order by 1`),
  );
  expect(searched.map(({ table_name }) => table_name)).toEqual(
    expect.arrayContaining(['audit_logs', 'carousel_groups', 'carousels', 'categories', 'courses', 'mail_outbox', 'series', 'teachers', 'tenant_transfer_applications', 'tenants', 'users', 'videos', 'vouchers']),
  );
  expect(searched.filter(({ entries }) => entries !== 1000)).toEqual([]);
});
