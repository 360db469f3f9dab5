import { sql } from 'drizzle-orm';
import pg from 'pg';
import { auditedEntities } from '../../schema/auditLog';
import { client, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

/**
 * The audit trail (issue 20): what is recorded with each change, in its transaction; sign-ins and
 * sign-outs; the pager's filters, exact totals and tenant scope; bad input and forbidden callers.
 * That every write route records its caller is proved by the access matrix, which calls them all.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
const PAGER = '/api/v1/audit_logs/pager';

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server?.stop());

/** The rows a statement answers. */
async function rowsOf<T = Record<string, any>>(statement: PromiseLike<unknown>): Promise<T[]> {
  return ((await statement) as { rows: T[] }).rows;
}

/** Every row of the trail, as the database holds it. */
const trail = () => rowsOf(server.database.db.execute(sql`select * from audit_logs order by id`));

test('a create, an update and a delete are recorded with who, when, what and the fields before and after', async () => {
  const startedAt = Date.now();
  const made = await admin.post('/api/v1/teachers', { name: 'Audited teacher', title: 'Lecturer' });
  expect(made.status).toBe(200);
  const id = made.body.data.id;
  expect((await admin.put(`/api/v1/teachers/${id}`, { title: 'Professor' })).status).toBe(200);
  expect((await admin.delete(`/api/v1/teachers/${id}`)).status).toBe(200);

  const answer = await admin.get(PAGER, { query: { entity: 'teacher', page_size: 50 } });
  expect(answer.status).toBe(200);
  const rows = answer.body.data.items.filter((row: any) => row.record_id === id);
  expect(rows.map((row: any) => row.action)).toEqual(['delete', 'update', 'create']);
  const [deleted, updated, created] = rows;
  for (const row of rows) {
    expect(row).toMatchObject({ user: 'admin', entity: 'teacher', title: expect.stringMatching(/Audited teacher/) });
    expect(row.at).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(row.ip).toBe('127.0.0.1');
  }
  expect(created.before).toBeNull();
  expect(created.after).toMatchObject({ id, name: 'Audited teacher', title: 'Lecturer' });
  // Only the changed fields, side by side; the update time is no change of its own.
  expect(updated.before).toEqual({ title: 'Lecturer' });
  expect(updated.after).toEqual({ title: 'Professor' });
  expect(deleted.before).toMatchObject({ id, title: 'Professor' });
  expect(deleted.after).toBeNull();
  // The total is exact, whatever answers it.
  expect(answer.body.data.total).toBe((await trail()).filter((row) => row.entity === 'teacher').length);
});

test('custom routes are recorded too: an enrolment disabled and enabled, a chapter moved, a course added to a series', async () => {
  const categoryId = (await admin.get('/api/v1/categories/tree')).body.data[0].children[0].id;
  const course = (await admin.post('/api/v1/courses', { title: 'Custom routes course', category_id: categoryId })).body.data.id;
  const [learner] = await rowsOf<{ user_id: number }>(server.database.db.execute(sql`select user_id from users where user_name = 'demo_learner'`));
  await server.database.db.execute(sql`insert into enrollments (target_id, learner_id) values (${course}, ${learner.user_id})`);
  for (const action of ['enrollmentDisable', 'enrollmentEnable'])
    expect((await admin.post(`/api/v1/${action}`, { courseId: course, learnerId: learner.user_id })).status).toBe(200);
  const first = (await admin.post('/api/v1/chapters', { title: 'One', course_id: course, parent_id: 0 })).body.data.id;
  const second = (await admin.post('/api/v1/chapters', { title: 'Two', course_id: course, parent_id: 0 })).body.data.id;
  expect((await admin.put(`/api/v1/chapters/${second}/order`, { after_id: 0, before_id: first })).status).toBe(200);
  const series = (await admin.post('/api/v1/sys/series', { title: 'Custom routes series', category_id: categoryId })).body.data.id;
  expect((await admin.post(`/api/v1/sys/series/${series}/courses`, [course])).status).toBe(200);

  const rows = await trail();
  const enrolment = rows.filter((row) => row.entity === 'enroll_detail' && row.action === 'update');
  expect(enrolment.map((row) => [row.before, row.after])).toEqual([
    [{ available: true }, { available: false }],
    [{ available: false }, { available: true }],
  ]);
  const moves = rows.filter((row) => row.entity === 'chapter' && row.action === 'update');
  expect(moves.map((row) => [Number(row.record_id), row.before.sort_order, row.after.sort_order]).sort()).toEqual([
    [first, 1, 2],
    [second, 2, 1],
  ].sort());
  expect(rows.filter((row) => row.entity === 'series_course')).toEqual([
    expect.objectContaining({ action: 'create', record_id: series, user_name: 'admin', after: expect.objectContaining({ course_id: course }) }),
  ]);
});

test('a refused or failed write leaves no row, and a change of nothing is no change', async () => {
  const before = (await trail()).length;
  // Refused by validation, by a reference, by a guard in the transaction (a teacher named on a course), and unknown.
  expect((await admin.post('/api/v1/teachers', { name: '' })).status).toBe(400);
  expect((await admin.post('/api/v1/courses', { title: 'Orphan', category_id: 999_999 })).status).toBe(400);
  const teacher = (await admin.post('/api/v1/teachers', { name: 'Guarded teacher' })).body.data.id;
  const categoryId = (await admin.get('/api/v1/categories/tree')).body.data[0].children[0].id;
  const course = (await admin.post('/api/v1/courses', { title: 'Guarding course', category_id: categoryId, teacher_ids: [teacher] })).body.data.id;
  const afterSetUp = (await trail()).length;
  expect(afterSetUp).toBe(before + 2);
  expect((await admin.delete(`/api/v1/teachers/${teacher}`)).status).toBe(409);
  expect((await admin.put('/api/v1/teachers/999999', { name: 'Nobody' })).status).toBe(404);
  // A tenant whose administrator's name is taken: the tenant made first in the transaction goes too.
  const taken = await admin.post('/uc/v1/tenants', { name: 'audit-dup', display_name: 'Dup', admin_user_name: 'admin', admin_password: 'Audit-pass-1' });
  expect(taken.status).toBe(409);
  // The same values again change nothing.
  expect((await admin.put(`/api/v1/courses/${course}`, { title: 'Guarding course' })).status).toBe(200);
  expect((await trail()).length).toBe(afterSetUp);
});

test('sign-ins, refused sign-ins and sign-outs are recorded; no password, hash or token ever is', async () => {
  const secret = 'Audit-secret-9';
  const tenant = await admin.post('/uc/v1/tenants', { name: 'audit-school', display_name: 'Audit school', admin_user_name: 'audit_school_admin', admin_password: secret });
  expect(tenant.status).toBe(200);
  const made = await admin.post('/uc/v1/users', { user_name: 'audit_learner', password: secret, tenant_id: tenant.body.data.tenant_id });
  expect(made.status).toBe(200);
  expect((await client(server.url).post('/api/v1/sys/auth', { login_name: 'audit_school_admin', password: 'wrong-password' })).status).toBe(400);
  expect((await client(server.url).post('/api/v1/sys/auth', { login_name: 'no_such_person', password: 'wrong-password' })).status).toBe(400);
  // A learner's password is right, but the console is not theirs.
  expect((await client(server.url).post('/api/v1/sys/auth', { login_name: 'audit_learner', password: secret })).status).toBe(403);
  const token = await signIn(server.url, 'audit_school_admin', secret);
  const schoolAdmin = client(server.url, token);
  const newSecret = 'Audit-secret-10';
  expect((await schoolAdmin.put('/uc/v1/users/actions/update_password', { raw_password: secret, new_password: newSecret, confirm_password: newSecret })).status).toBe(200);
  expect((await schoolAdmin.delete('/api/v1/sys/auth')).status).toBe(200);

  const sessions = (await admin.get(PAGER, { query: { entity: 'session', page_size: 50 } })).body.data.items;
  const event = (user: string, action: string) => sessions.filter((row: any) => row.user === user && row.action === action).length;
  expect(event('audit_school_admin', 'sign_in_failed')).toBe(1);
  expect(event('no_such_person', 'sign_in_failed')).toBe(1);
  expect(event('audit_learner', 'sign_in_failed')).toBe(1);
  expect(event('audit_school_admin', 'sign_in')).toBe(1);
  expect(event('audit_school_admin', 'sign_out')).toBe(1);
  // The password change is recorded as a change of the hash, never its value.
  const changes = (await admin.get(PAGER, { query: { user: 'audit_school_admin', entity: 'user' } })).body.data.items;
  expect(changes).toEqual([expect.objectContaining({ action: 'update', before: { password_hash: '***' }, after: { password_hash: '***' } })]);

  const everything = JSON.stringify(await trail());
  const hashes = await rowsOf(server.database.db.execute(sql`select password_hash from users where user_name in ('audit_school_admin', 'audit_learner')`));
  for (const forbidden of [secret, newSecret, token, ...hashes.map((row) => String(row.password_hash))]) expect(everything).not.toContain(forbidden);
  expect(everything).not.toMatch(/token_hash|scrypt/);
});

test('filters: user, entity, action, from and to, keyword, each with its exact total; bad input is a 400 naming the field', async () => {
  const all = await trail();
  const total = async (query: Record<string, string | number>) => {
    const answer = await admin.get(PAGER, { query: { page_size: 10, ...query } });
    expect(answer.status).toBe(200);
    return answer.body.data.total;
  };
  expect(await total({})).toBe(all.length);
  expect(await total({ user: 'admin' })).toBe(all.filter((row) => row.user_name === 'admin').length);
  expect(await total({ entity: 'course' })).toBe(all.filter((row) => row.entity === 'course').length);
  expect(await total({ action: 'sign_in' })).toBe(all.filter((row) => row.action === 'sign_in').length);
  expect(await total({ keyword: 'Guarding' })).toBe(all.filter((row) => /Guarding/.test(row.title)).length);
  const middle = new Date(all[Math.floor(all.length / 2)].at).getTime();
  expect(await total({ from: middle })).toBe(all.filter((row) => new Date(row.at).getTime() >= middle).length);
  expect(await total({ to: middle })).toBe(all.filter((row) => new Date(row.at).getTime() < middle).length);
  expect(await total({ from: middle, to: middle })).toBe(0);
  expect(await total({ user: 'nobody at all' })).toBe(0);

  // The message names the fields by the labels the screen shows, in the caller's language.
  for (const [lang, label] of [['en-US', 'resource'], ['zh-CN', '资源'], ['ja-JP', 'リソース']] as const) {
    const bad = await admin.get(PAGER, { query: { entity: 'spaceship', from: 'yesterday', to: 5, page_size: 0 }, headers: { 'accept-language': lang } });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    // A filter that repeats names the value refused (`entity.0`).
    expect(Object.keys(bad.body.errors).sort()).toEqual(['entity.0', 'from', 'page_size']);
    expect(bad.body.message.toLowerCase()).toContain(label);
  }
  const reversed = await admin.get(PAGER, { query: { from: 10, to: 5 } });
  expect(reversed.status).toBe(400);
  expect(Object.keys(reversed.body.errors)).toEqual(['to']);
  // Every entity the triggers name is one the filter takes.
  const triggers = await rowsOf<{ tgargs: Buffer }>(server.database.db.execute(sql`select distinct tgargs from pg_trigger where tgfoid = 'audit_change'::regproc`));
  for (const { tgargs } of triggers) expect(auditedEntities).toContain(tgargs.toString().split('\0')[0]);
});

test("a tenant administrator reads its own organisation's trail only; learners and strangers read none", async () => {
  const make = people(server);
  const mine = await make.tenant('audit_mine');
  const theirs = await make.tenant('audit_theirs');
  const mineAdmin = await make.user('audit_mine_admin', mine, ['tenant_admin']);
  const theirsAdmin = await make.user('audit_theirs_admin', theirs, ['tenant_admin']);
  const learner = await make.user('audit_mine_learner', mine, ['learner']);
  // A change in each organisation, made by its own administrator.
  expect((await mineAdmin.api.put(`/uc/v1/tenant/${mine}/users/${learner.user_id}/deactive`)).status).toBe(200);
  const other = await make.user('audit_theirs_learner', theirs, ['learner']);
  expect((await theirsAdmin.api.put(`/uc/v1/tenant/${theirs}/users/${other.user_id}/deactive`)).status).toBe(200);

  const seen = await mineAdmin.api.get(PAGER, { query: { page_size: 100 } });
  expect(seen.status).toBe(200);
  const rows = seen.body.data.items;
  expect(rows.length).toBeGreaterThan(0);
  const inMine = (await trail()).filter((row) => row.tenant_id === mine);
  expect(seen.body.data.total).toBe(inMine.length);
  expect(rows.map((row: any) => row.id).sort()).toEqual(inMine.map((row) => Number(row.id)).sort());
  expect(rows).toContainEqual(expect.objectContaining({ action: 'update', entity: 'user', record_id: learner.user_id, before: { status: 'active', availability: 'Release' } }));
  expect(rows.some((row: any) => row.record_id === other.user_id)).toBe(false);
  // Filters stay inside the scope.
  const filtered = await mineAdmin.api.get(PAGER, { query: { user: 'audit_theirs_admin' } });
  expect(filtered.body.data).toEqual({ items: [], total: 0 });

  expect((await learner.api.get(PAGER)).status).toBe(401); // deactivated just now: the session is gone
  const activeLearner = await make.user('audit_other_learner', mine, ['learner']);
  expect((await activeLearner.api.get(PAGER)).status).toBe(403);
  expect((await client(server.url).get(PAGER)).status).toBe(401);
  // Nobody writes the trail through the API.
  expect((await admin.post('/api/v1/audit_logs', {})).status).toBe(404);
  expect((await admin.delete('/api/v1/audit_logs/1')).status).toBe(404);
});

test('the counters the totals come from agree with the rows', async () => {
  const rows = await rowsOf(
    server.database.db.execute(sql`
      select key, sum(row_count) as row_count,
             (select count(*) from audit_logs where jsonb_build_object('tenant_id', tenant_id, 'action', action, 'entity', entity) @> key) as counted
      from row_counts where table_name = 'audit_logs' group by key`),
  );
  // The whole trail, each organisation, each action and each resource.
  const keys = rows.map((row) => Object.keys(row.key as object).join());
  for (const kind of ['', 'tenant_id', 'action', 'entity']) expect(keys).toContain(kind);
  for (const row of rows) expect({ key: row.key, count: Number(row.row_count) }).toEqual({ key: row.key, count: Number(row.counted) });
  // And the days deep pages start from, and the quarter hours ranges of time are counted by.
  const blocks = await rowsOf(
    server.database.db.execute(sql`
      select span, block, sum(row_count) as row_count, (select count(*) from audit_logs where floor(extract(epoch from at) / span) = block) as counted
      from time_blocks where table_name = 'audit_logs' group by span, block`),
  );
  expect(new Set(blocks.map((block) => Number(block.span)))).toEqual(new Set([900, 86400]));
  for (const block of blocks) expect(Number(block.row_count)).toBe(Number(block.counted));
});

test("writers on different connections add to different stripes of the trail's counts, and each total is their sum", async () => {
  // Connections until two fall in different stripes (a backend's process id modulo 16, migration 0030).
  const opened: pg.Client[] = [];
  const byStripe = new Map<number, pg.Client>();
  try {
    while (byStripe.size < 2 && opened.length < 20) {
      const writer = new pg.Client({ connectionString: server.databaseUrl });
      await writer.connect();
      opened.push(writer);
      byStripe.set((await writer.query('select pg_backend_pid() % 16 as stripe')).rows[0].stripe, writer);
    }
    expect(byStripe.size).toBe(2);
    const total = async () => (await admin.get(PAGER, { query: { entity: 'teacher', page_size: 5 } })).body.data.total as number;
    // Renames: a teacher created would also take the teachers' own total, which each writer would hold till its commit.
    const teachers = [];
    for (const index of [0, 1]) teachers.push((await admin.post('/api/v1/teachers', { name: `Striped writer ${index}`, title: 'Lecturer' })).body.data.id as number);
    const before = await total();
    // Each holds its transaction open until the others have written too: no writer waits for another.
    const chosen = [...byStripe.values()];
    for (const [index, writer] of chosen.entries()) {
      await writer.query('begin');
      await writer.query(`select set_config('app.actor', '{"user_id":1,"user_name":"admin","ip":""}', true)`);
      await writer.query(`update teachers set title = 'Professor' where id = $1`, [teachers[index]]);
    }
    await Promise.all(chosen.map((writer) => writer.query('commit')));
    expect(await total()).toBe(before + chosen.length);
    const kept = await rowsOf<{ stripes: number }>(
      server.database.db.execute(sql`select count(distinct stripe)::int as stripes from row_counts where table_name = 'audit_logs' and key = '{"entity": "teacher"}'`),
    );
    expect(kept[0].stripes).toBeGreaterThanOrEqual(2);
  } finally {
    await Promise.all(opened.map((writer) => writer.end()));
  }
});
