import { sql } from 'drizzle-orm';
import pg from 'pg';
import { auditedEntities } from '../../schema/auditLog';
import { foldAuditCounts } from '../../server/db/countFolding';
import { AUDIT_PRUNE_BATCH, pruneAuditTrail } from '../../server/housekeeping';
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

test('every row carries its search text, who acted and the title lower-cased, whichever writer wrote it', async () => {
  // Through the trigger (migration 0042), in capitals and beyond ASCII; the sign-ins through the server.
  const made = await admin.post('/api/v1/teachers', { name: 'Harbour MASTER Ünïcode', title: 'Lecturer' });
  expect(made.status).toBe(200);
  const found = await admin.get(PAGER, { query: { keyword: 'harbour master', entity: 'teacher' } });
  expect(found.body.data.items).toEqual([expect.objectContaining({ title: 'Harbour MASTER Ünïcode', action: 'create', user: 'admin' })]);
  expect(found.body.data.total).toBe(1);
  const written = await rowsOf<{ writers: string[]; differing: number }>(
    server.database.db.execute(sql`
      select array_agg(distinct entity order by entity) as writers,
             count(*) filter (where search_folded is distinct from lower(user_name || chr(10) || title))::int as differing
        from audit_logs`),
  );
  expect(written[0].writers).toEqual(expect.arrayContaining(['session', 'teacher']));
  expect(written[0].differing).toBe(0);
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

/**
 * Each of the trail's counts with the rows past the watermark it does not hold yet, next to the
 * rows it counts: what a total reads, and what it must equal. One statement, one snapshot, whatever
 * the server's folding does meanwhile.
 */
async function countsAndRows() {
  const fields = (row: string) => sql.raw(`jsonb_build_object('tenant_id', ${row}.tenant_id, 'action', ${row}.action, 'entity', ${row}.entity)`);
  const keys = await rowsOf<{ key: object; kept: string; counted: string }>(
    server.database.db.execute(sql`
      select key, row_count + (select count(*) from rows_past_watermark(null::audit_logs) as past where ${fields('past')} @> key) as kept,
             (select count(*) from audit_logs as trail where ${fields('trail')} @> key) as counted
      from row_counts where table_name = 'audit_logs'`),
  );
  const blocks = await rowsOf<{ span: number; block: string; kept: string; counted: string }>(
    server.database.db.execute(sql`
      select span, block, row_count + (select count(*) from rows_past_watermark(null::audit_logs) as past where floor(extract(epoch from past.at) / span) = block) as kept,
             (select count(*) from audit_logs where floor(extract(epoch from at) / span) = block) as counted
      from time_blocks where table_name = 'audit_logs'`),
  );
  return { keys, blocks };
}

const watermark = async () =>
  Number((await rowsOf<{ folded_to: string }>(server.database.db.execute(sql`select folded_to from count_watermarks where table_name = 'audit_logs'`)))[0].folded_to);

test('the counters the totals come from, with the rows past their watermark, agree with the rows', async () => {
  const { keys, blocks } = await countsAndRows();
  // The whole trail, each organisation, each action and each resource.
  const kinds = keys.map((row) => Object.keys(row.key).join());
  for (const kind of ['', 'tenant_id', 'action', 'entity']) expect(kinds).toContain(kind);
  for (const row of keys) expect({ key: row.key, count: Number(row.kept) }).toEqual({ key: row.key, count: Number(row.counted) });
  // And the days deep pages start from, and the quarter hours ranges of time are counted by.
  expect(new Set(blocks.map((block) => Number(block.span)))).toEqual(new Set([900, 86400]));
  for (const block of blocks) expect({ block: block.block, count: Number(block.kept) }).toEqual({ block: block.block, count: Number(block.counted) });
  // Folded, the counters alone hold every row.
  await foldAuditCounts(server.database.db);
  const [{ all }] = await rowsOf<{ all: string }>(server.database.db.execute(sql`select count(*) as all from audit_logs`));
  const [{ whole }] = await rowsOf<{ whole: string }>(server.database.db.execute(sql`select row_count as whole from row_counts where table_name = 'audit_logs' and key = '{}'`));
  expect(Number(whole)).toBe(Number(all));
  expect(await foldAuditCounts(server.database.db)).toBe(0);
});

test('a write adds nothing to the counters at its commit; a fold waits for a transaction under way, and every total stays exact throughout', async () => {
  const teacherTotal = async () => (await admin.get(PAGER, { query: { entity: 'teacher', page_size: 5 } })).body.data.total as number;
  const teacherRows = async () => Number((await rowsOf<{ n: string }>(server.database.db.execute(sql`select count(*) as n from audit_logs where entity = 'teacher'`)))[0].n);
  const teacherCounter = async () =>
    Number((await rowsOf<{ n: string }>(server.database.db.execute(sql`select coalesce(sum(row_count), 0) as n from row_counts where table_name = 'audit_logs' and key = '{"entity": "teacher"}'`)))[0].n);
  const id = (await admin.post('/api/v1/teachers', { name: 'Folded writer', title: 'Lecturer' })).body.data.id as number;
  const other = (await admin.post('/api/v1/teachers', { name: 'Folded other', title: 'Lecturer' })).body.data.id as number;
  await foldAuditCounts(server.database.db);
  const writer = new pg.Client({ connectionString: server.databaseUrl });
  await writer.connect();
  try {
    // A change under way: its audit row has an id, uncommitted.
    await writer.query('begin');
    await writer.query(`select set_config('app.actor', '{"user_id":1,"user_name":"admin","ip":""}', true)`);
    await writer.query(`update teachers set title = 'Professor' where id = $1`, [id]);
    const [{ held }] = (await writer.query(`select max(id) as held from audit_logs`)).rows;
    const counterBefore = await teacherCounter();
    // A change after it, committed: its id is higher.
    expect((await admin.put(`/api/v1/teachers/${other}`, { name: 'Folded other, renamed' })).status).toBe(200);
    const folding = foldAuditCounts(server.database.db);
    let folded = false;
    void folding.then(() => (folded = true));
    // Past the server's own ticks too: no fold passes the open change's id, and none adds to the counter.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(folded).toBe(false);
    expect(await watermark()).toBeLessThan(Number(held));
    expect(await teacherCounter()).toBe(counterBefore);
    // The committed change is in the total all the same, the open one is not.
    expect(await teacherTotal()).toBe(await teacherRows());
    await writer.query('commit');
    await folding;
    expect(await watermark()).toBeGreaterThan(Number(held));
    expect(await teacherCounter()).toBe(await teacherRows());
    expect(await teacherTotal()).toBe(await teacherRows());
  } finally {
    await writer.end();
  }
});

test('rows deleted come off the counters, folded or not, and a range of time still counts right', async () => {
  const probe = (n: number) => sql`insert into audit_logs (entity, action, title, search_folded, at) select 'teacher', 'update', 'Probe ' || n, chr(10) || 'probe ' || n, now() - interval '2 days' from generate_series(1, ${n}) as n`;
  await server.database.db.execute(probe(2));
  await foldAuditCounts(server.database.db);
  const writer = new pg.Client({ connectionString: server.databaseUrl });
  await writer.connect();
  try {
    // Two folded rows and three past the watermark (no fold can pass them while this is open), deleted together.
    await writer.query('begin');
    await writer.query(`insert into audit_logs (entity, action, title, search_folded) select 'teacher', 'update', 'Probe more ' || n, chr(10) || 'probe more ' || n from generate_series(1, 3) as n`);
    const [{ deleted }] = (await writer.query(`with gone as (delete from audit_logs where title like 'Probe %' returning 1) select count(*)::int as deleted from gone`)).rows;
    expect(deleted).toBe(5);
    await writer.query('commit');
  } finally {
    await writer.end();
  }
  const { keys, blocks } = await countsAndRows();
  for (const row of keys) expect({ key: row.key, count: Number(row.kept) }).toEqual({ key: row.key, count: Number(row.counted) });
  for (const block of blocks) expect({ block: block.block, count: Number(block.kept) }).toEqual({ block: block.block, count: Number(block.counted) });
  // The pager's range and its whole total, as the rows say.
  const from = Date.now() - 3 * 86_400_000 + 123_457;
  const ranged = await admin.get(PAGER, { query: { from, page_size: 5 } });
  const [{ n }] = await rowsOf<{ n: string }>(server.database.db.execute(sql`select count(*) as n from audit_logs where at >= ${new Date(from).toISOString()}::timestamptz`));
  expect(ranged.body.data.total).toBe(Number(n));
});

test('a deep page starts from the days the counters hold and the rows past the watermark: the same rows as an offset', async () => {
  await server.database.db.execute(
    sql`insert into audit_logs (entity, action, title, search_folded, at) select 'teacher', 'update', 'Deep ' || n, chr(10) || 'deep ' || n, now() - n * interval '7 minutes' from generate_series(1, 1200) as n`,
  );
  await foldAuditCounts(server.database.db);
  // An open transaction holds every later fold back: the next rows stay past the watermark.
  const holder = new pg.Client({ connectionString: server.databaseUrl });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select 1');
    await server.database.db.execute(
      sql`insert into audit_logs (entity, action, title, search_folded, at) select 'teacher', 'update', 'Deeper ' || n, chr(10) || 'deeper ' || n, now() - n * interval '5 minutes' from generate_series(1, 600) as n`,
    );
    const past = await rowsOf<{ n: string }>(server.database.db.execute(sql`select count(*) as n from rows_past_watermark(null::audit_logs) as past`));
    expect(Number(past[0].n)).toBeGreaterThanOrEqual(600);
    for (const page of [25, 30, 37]) {
      const answer = await admin.get(PAGER, { query: { page, page_size: 50 } });
      expect(answer.status).toBe(200);
      const expected = await rowsOf<{ id: string }>(
        server.database.db.execute(sql`select id from audit_logs order by at desc, id desc offset ${(page - 1) * 50} limit 50`),
      );
      expect(answer.body.data.items.map((row: any) => row.id)).toEqual(expected.map((row) => Number(row.id)));
    }
  } finally {
    await holder.query('rollback');
    await holder.end();
  }
  await server.database.db.execute(sql`delete from audit_logs where title like 'Deep%'`);
});

test("a searched total kept for the trail holds the matches up to the watermark; the page adds those past it, and the fold takes them in", async () => {
  const insert = (count: number) =>
    server.database.db.execute(sql`insert into audit_logs (entity, action, title, search_folded) select 'teacher', 'update', 'Harpsichord ' || n, chr(10) || 'harpsichord ' || n from generate_series(1, ${count}) as n`);
  const total = async () => (await admin.get(PAGER, { query: { keyword: 'harpsichord', page_size: 5 } })).body.data.total as number;
  const kept = async () =>
    (await rowsOf<{ row_count: string }>(server.database.db.execute(sql`select row_count from keyword_counts where table_name = 'audit_logs' and pattern = '%harpsichord%' and key = '{}' and ready`)))[0]
      ?.row_count;
  await insert(20);
  // The first search counts, then keeps the word in the background.
  expect(await total()).toBe(20);
  for (let tries = 0; (await kept()) === undefined && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  await foldAuditCounts(server.database.db);
  expect(Number(await kept())).toBe(20);
  const holder = new pg.Client({ connectionString: server.databaseUrl });
  await holder.connect();
  try {
    // Held past the watermark: the kept row does not count them, the total does.
    await holder.query('begin');
    await holder.query('select 1');
    await insert(5);
    expect(await total()).toBe(25);
    expect(Number(await kept())).toBe(20);
  } finally {
    await holder.query('rollback');
    await holder.end();
  }
  await foldAuditCounts(server.database.db);
  expect(Number(await kept())).toBe(25);
  expect(await total()).toBe(25);
  // Deleted, folded or not, they come off it.
  await server.database.db.execute(sql`delete from audit_logs where title like 'Harpsichord %' and id % 2 = 0`);
  await foldAuditCounts(server.database.db);
  const [{ left }] = await rowsOf<{ left: string }>(server.database.db.execute(sql`select count(*) as left from audit_logs where title like 'Harpsichord %'`));
  expect(Number(await kept())).toBe(Number(left));
  expect(await total()).toBe(Number(left));
});

test('a fold passes a word being counted for the first time, whose count holds its row: neither waits for the other', async () => {
  await server.database.db.execute(sql`insert into keyword_counts (table_name, pattern, key) values ('audit_logs', '%zither%', '{}')`);
  await server.database.db.execute(sql`insert into audit_logs (entity, action, title, search_folded) select 'teacher', 'update', 'Zither ' || n, chr(10) || 'zither ' || n from generate_series(1, 3) as n`);
  // As keepKeywordCount holds it: the pattern's row locked, then the watermark's lock asked for.
  const counter = new pg.Client({ connectionString: server.databaseUrl });
  await counter.connect();
  try {
    await counter.query('begin');
    await counter.query(`select from keyword_counts where table_name = 'audit_logs' and pattern = '%zither%' for update`);
    // A fold past its wait (begun before the count's transaction) must not need the row; the rows are all written.
    const folded = await Promise.race([
      server.database.db.execute(sql`select fold_audit_counts((select max(id) from audit_logs))`).then(() => 'folded'),
      new Promise((resolve) => setTimeout(() => resolve('stuck'), 3_000)),
    ]);
    expect(folded).toBe('folded');
    // And the count then gets the watermark's lock: the two never waited for each other.
    await counter.query(`select from count_watermarks where table_name = 'audit_logs' for share`);
    await counter.query('commit');
  } finally {
    await counter.end();
  }
  await foldAuditCounts(server.database.db);
  const [{ row_count }] = await rowsOf<{ row_count: string }>(server.database.db.execute(sql`select row_count from keyword_counts where table_name = 'audit_logs' and pattern = '%zither%'`));
  // Left alone: its first count sets it.
  expect(Number(row_count)).toBe(0);
  await server.database.db.execute(sql`delete from keyword_counts where pattern = '%zither%'`);
});

test('rows past the retention go, oldest first in batches; every total stays exact, and newer rows stay', async () => {
  const db = server.database.db;
  const [{ tenant_id }] = await rowsOf<{ tenant_id: number }>(db.execute(sql`select tenant_id from tenants order by tenant_id limit 1`));
  // More than two batches, 40 to 57 days old, over two actions, an organisation and none.
  const aged = 2 * AUDIT_PRUNE_BATCH + 345;
  await db.execute(sql`
    insert into audit_logs (entity, action, title, search_folded, tenant_id, at)
    select 'teacher', case when n % 2 = 0 then 'update' else 'create' end, 'Aged ' || n, chr(10) || 'aged ' || n, case when n % 3 = 0 then ${tenant_id}::int end,
           now() - interval '40 days' - n * interval '2 minutes'
      from generate_series(1, ${aged}) as n`);
  // A searched total kept for the trail, holding the aged rows.
  expect((await admin.get(PAGER, { query: { keyword: 'aged', page_size: 5 } })).body.data.total).toBe(aged);
  await foldAuditCounts(db);
  const count = async (where = sql`true`) => Number((await rowsOf<{ n: string }>(db.execute(sql`select count(*) as n from audit_logs where ${where}`)))[0].n);
  const kept = await count(sql`at >= now() - interval '35 days'`);

  expect(await pruneAuditTrail(db, 35 * 86_400_000)).toBe(aged);
  expect(await count(sql`title like 'Aged %'`)).toBe(0);
  expect(await count()).toBe(kept);
  const { keys, blocks } = await countsAndRows();
  for (const row of keys) expect({ key: row.key, count: Number(row.kept) }).toEqual({ key: row.key, count: Number(row.counted) });
  for (const block of blocks) expect({ block: block.block, count: Number(block.kept) }).toEqual({ block: block.block, count: Number(block.counted) });
  // The days and quarter hours it emptied are gone, not walked as zeros by deep pages.
  expect(await rowsOf(db.execute(sql`select block from time_blocks where table_name = 'audit_logs' and row_count = 0 and block * span < extract(epoch from now() - interval '36 days')`))).toEqual([]);
  // The pager's totals: the whole trail, the organisation's, the word's, a range reaching back before the cutoff.
  expect((await admin.get(PAGER, { query: { page_size: 5 } })).body.data.total).toBe(await count());
  const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', ADMIN_PASSWORD));
  const scoped = await tenantAdmin.get(PAGER, { query: { page_size: 5 } });
  const [{ own }] = await rowsOf<{ own: number }>(db.execute(sql`select tenant_id as own from users where user_name = 'demo_tenant_admin'`));
  expect(scoped.body.data.total).toBe(await count(sql`tenant_id = ${own}`));
  expect((await admin.get(PAGER, { query: { keyword: 'aged', page_size: 5 } })).body.data.total).toBe(0);
  const from = Date.now() - 60 * 86_400_000;
  expect((await admin.get(PAGER, { query: { from, page_size: 5 } })).body.data.total).toBe(await count(sql`at >= ${new Date(from).toISOString()}::timestamptz`));
  // Nothing left to prune.
  expect(await pruneAuditTrail(db, 35 * 86_400_000)).toBe(0);
});
