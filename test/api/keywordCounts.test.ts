/**
 * Searched totals kept (server/db/keywordCounts.ts, migration 0029): a pattern searched once is
 * counted in the background, then its list's total is read from `keyword_counts`, which every
 * write keeps true in its own transaction. Each test compares the answered total with the matches
 * counted in SQL, through writes of every kind, writes under way while the pattern is first
 * counted, an organisation's part of the audit trail, and the bound on patterns kept.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { KEPT_PER_TABLE } from '../../server/db/keywordCounts';
import { client, signIn } from './client';
import { people } from './people';
import { keptAndRecounted } from './rowCounts';
import { ADMIN_PASSWORD, createScratchDatabase, DEMO_PASSWORD, startServer, type TestServer } from './server';

const PAGER = '/api/v1/courses/pager';
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let server: TestServer;
let admin: ReturnType<typeof client>;
let categoryId: number;

beforeAll(async () => {
  database = await createScratchDatabase();
  server = await startServer({}, database.url);
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  categoryId = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const rowsOf = async <T>(statement: ReturnType<typeof sql>) => ((await server.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
const escaped = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;
/** The courses whose title has the word, counted now. */
const matching = async (word: string) => (await rowsOf<{ total: number }>(sql`select count(*)::int as total from courses where title ilike ${escaped(word)}`))[0].total;
/** The kept row of a word searched in a table, once its first count is done. */
async function keptRow(table: string, word: string, key = '{}') {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await rowsOf<{ row_count: number }>(
      sql`select row_count::int from keyword_counts where table_name = ${table} and pattern = lower(${escaped(word)}) and key = ${key}::jsonb and ready`,
    );
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`"${word}" was not kept for ${table}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const searched = async (word: string) => {
  const answer = await admin.get(PAGER, { query: { keyword: word, page_size: 5 } });
  expect(answer.status).toBe(200);
  return answer.body.data.total as number;
};
const course = async (title: string) => {
  const made = await admin.post('/api/v1/courses', { title, category_id: categoryId });
  expect(made.status).toBe(200);
  return made.body.data.id as number;
};

test('a searched total is counted once, then read from its kept row through every write that changes it', async () => {
  const ids = [];
  for (const title of ['Harbour lights', 'The HARBOUR master', 'Harbourside walks', 'Inland roads']) ids.push(await course(title));
  expect(await searched('harbour')).toBe(3);
  expect(await keptRow('courses', 'harbour')).toEqual({ row_count: 3 });
  // Read from the kept row: a row made wrong by hand is what the list answers (then put right).
  await rowsOf(sql`update keyword_counts set row_count = row_count + 1000 where table_name = 'courses' and pattern = '%harbour%'`);
  expect(await searched('HARBOUR')).toBe(1003);
  await rowsOf(sql`update keyword_counts set row_count = row_count - 1000 where table_name = 'courses' and pattern = '%harbour%'`);

  const check = async () => {
    const now = await matching('harbour');
    expect(await searched('harbour')).toBe(now);
    expect(await keptRow('courses', 'harbour')).toEqual({ row_count: now });
    return now;
  };
  await course('Harbour at dusk');
  expect(await check()).toBe(4);
  expect((await admin.put(`/api/v1/courses/${ids[3]}`, { title: 'Inland harbours' })).status).toBe(200);
  expect(await check()).toBe(5);
  expect((await admin.put(`/api/v1/courses/${ids[0]}`, { title: 'Lights of the bay' })).status).toBe(200);
  expect(await check()).toBe(4);
  // A change that leaves the title matching moves nothing.
  expect((await admin.put(`/api/v1/courses/${ids[1]}`, { title: 'The harbour MASTER' })).status).toBe(200);
  expect(await check()).toBe(4);
  expect((await admin.delete(`/api/v1/courses/${ids[2]}`)).status).toBe(200);
  expect((await admin.get(`/api/v1/courses/${ids[2]}`)).status).toBe(404);
  expect(await check()).toBe(3);
  // One statement changing many rows, each way.
  const batch = [await course('Harbour one'), await course('Harbour two'), await course('No match')];
  expect(await check()).toBe(5);
  await rowsOf(sql`update courses set title = title || ' harbour' where id in ${batch}`);
  expect(await check()).toBe(6);
  await rowsOf(sql`delete from courses where id in ${batch}`);
  expect(await check()).toBe(3);

  const { kept, recounted } = await keptAndRecounted(server.database.db);
  expect(kept).toEqual(recounted);
  expect(kept.filter((row) => row.table_name.startsWith('keyword_counts courses'))).not.toEqual([]);
});

test('writes under way while a pattern is first counted are neither lost nor counted twice', async () => {
  // Writers outside the server, in transactions held open across the first count.
  const connect = async () => {
    const connection = new pg.Client({ connectionString: database.url });
    await connection.connect();
    return connection;
  };
  const before = await connect();
  const during = await connect();
  // Renames: a new course would also take the courses' total (row_counts), which a writer holds till its commit.
  const rename = (connection: pg.Client, id: number, title: string) => connection.query('update courses set title = $1 where id = $2', [title, id]);
  await course('Lantern making');
  const [first, second] = [await course('Festival'), await course('Light')];
  // Begun before the pattern is kept: its change is not added to the kept row, and the count must wait for it.
  await before.query('begin');
  await rename(before, first, 'Lantern festival');
  expect(await searched('lantern')).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  // Still unready: the count waits for the open transaction.
  expect(await rowsOf(sql`select ready from keyword_counts where table_name = 'courses' and pattern = '%lantern%'`)).toEqual([{ ready: false }]);
  // Begun after: its trigger sees the pattern's row and adds to it, holding it till its end.
  await during.query('begin');
  await rename(during, second, 'Lantern light');
  await before.query('commit');
  // Writes through the server meanwhile (the matching ones wait for that hold), and the open one undone.
  const meanwhile = Promise.all([course('Paper lanterns'), course('Lanterns at sea'), course('Unrelated')]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await during.query('rollback');
  await meanwhile;
  expect(await keptRow('courses', 'lantern')).toEqual({ row_count: await matching('lantern') });
  expect(await matching('lantern')).toBe(4);
  expect(await searched('lantern')).toBe(4);
  await before.end();
  await during.end();
}, 30_000);

test('a transaction held open in another database on the same server does not hold back a first count', async () => {
  // A shared server's other work (a long report, a restore): its transaction has an id, and is not ours to wait for.
  const elsewhere = await createScratchDatabase();
  const other = new pg.Client({ connectionString: elsewhere.url });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('create table held (id int)');
    await course('Beacon keeping');
    expect(await searched('beacon')).toBe(1);
    const started = Date.now();
    expect(await keptRow('courses', 'beacon')).toEqual({ row_count: 1 });
    // Well inside the 5 s a first count waits for this database's own writers.
    expect(Date.now() - started).toBeLessThan(4_000);
  } finally {
    await other.query('rollback');
    await other.end();
    await elsewhere.drop();
  }
}, 30_000);

test("an organisation administrator's search of the audit trail is kept within the organisation, counted at commit", async () => {
  const make = people(server);
  const tenant = await make.tenant('kept_words_school');
  await make.user('kept_words_admin', tenant, ['tenant_admin']);
  const schoolAdmin = client(server.url, await signIn(server.url, 'kept_words_admin', DEMO_PASSWORD));
  const trail = async (who: ReturnType<typeof client>) => {
    const answer = await who.get('/api/v1/audit_logs/pager', { query: { keyword: 'kept_words', page_size: 5 } });
    expect(answer.status).toBe(200);
    return answer.body.data.total as number;
  };
  const inTrail = async (inTenant: boolean) =>
    (await rowsOf<{ total: number }>(
      sql`select count(*)::int as total from audit_logs where (user_name || chr(10) || title) ilike '%kept\\_words%' and (${!inTenant} or tenant_id = ${tenant})`,
    ))[0].total;
  const own = await trail(schoolAdmin);
  expect(own).toBe(await inTrail(true));
  expect(own).toBeGreaterThan(0);
  await keptRow('audit_logs', 'kept_words', JSON.stringify({ tenant_id: tenant }));
  // The administrator's sign-ins are recorded under their name in the organisation, a refused one too, and counted.
  await signIn(server.url, 'kept_words_admin', DEMO_PASSWORD);
  expect((await client(server.url).post('/api/v1/sys/auth', { login_name: 'kept_words_admin', password: 'wrong-password' })).status).toBe(400);
  expect(await trail(schoolAdmin)).toBe(await inTrail(true));
  expect(await trail(schoolAdmin)).toBeGreaterThan(own);
  expect(await trail(admin)).toBe(await inTrail(false));
  const { kept, recounted } = await keptAndRecounted(server.database.db);
  expect(kept).toEqual(recounted);
});

test(`at most ${KEPT_PER_TABLE} patterns are kept for a table: counting another lets the oldest go`, async () => {
  const words = Array.from({ length: KEPT_PER_TABLE + 2 }, (_, index) => `bound${String(index).padStart(3, '0')}`);
  for (const word of words) await course(`Course ${word}`);
  for (const word of words) {
    expect(await searched(word)).toBe(1);
    await keptRow('courses', word);
  }
  const kept = await rowsOf<{ pattern: string }>(sql`select pattern from keyword_counts where table_name = 'courses' order by pattern`);
  expect(kept).toHaveLength(KEPT_PER_TABLE);
  expect(kept.map(({ pattern }) => pattern)).not.toContain('%bound000%');
  expect(kept.map(({ pattern }) => pattern)).toContain(`%${words.at(-1)}%`);
  // A pattern let go is counted again when searched, and kept again.
  expect(await searched('bound000')).toBe(1);
  expect(await keptRow('courses', 'bound000')).toEqual({ row_count: 1 });
}, 60_000);

test("the enrolment statistic's searched total is kept per scope through enrolments, renames and deletions", async () => {
  const make = people(server);
  const tenant = await make.tenant('orchard_school');
  const schoolAdmin = (await make.user('orchard_admin', tenant, ['tenant_admin'])).api;
  const learners = [(await make.user('orchard_learner_1', tenant, ['learner'])).user_id, (await make.user('orchard_learner_2', null, ['learner'])).user_id];
  const [apples, pears, plums, inland] = [await course('Orchard apples'), await course('Orchard pears'), await course('ORCHARD plums'), await course('Inland fields')];
  const enrol = (course: number, learner: number) => rowsOf(sql`insert into enrollments (target_id, learner_id) values (${course}, ${learner})`);
  await enrol(apples, learners[0]);
  await enrol(apples, learners[1]);
  await enrol(pears, learners[1]);
  await enrol(inland, learners[0]);
  const scopes = [
    { who: admin, scope: 0 },
    { who: schoolAdmin, scope: tenant },
  ];
  /** Each scope's answered total, its kept row, and the count rows whose course matches now. */
  const check = async (expected: number[]) => {
    for (const [index, { who, scope }] of scopes.entries()) {
      const answer = await who.get('/api/v1/enrollments/statistic', { query: { keyword: 'orchard', page_size: 5 } });
      expect(answer.status).toBe(200);
      const [{ now }] = await rowsOf<{ now: number }>(
        sql`select count(*)::int as now from enrollment_counts join courses on courses.id = course_id where tenant_id = ${scope} and courses.title ilike '%orchard%'`,
      );
      expect([scope, answer.body.data.total, now]).toEqual([scope, expected[index], expected[index]]);
      if (now > 0) expect(await keptRow('enrollment_counts', 'orchard', JSON.stringify({ tenant_id: scope }))).toEqual({ row_count: now });
    }
  };
  await check([2, 1]);
  // A course's first enrolment in a scope makes its count row.
  await enrol(plums, learners[0]);
  await check([3, 2]);
  // Its last one disabled lets the row go.
  await rowsOf(sql`update enrollments set available = false where target_id = ${pears}`);
  await check([2, 2]);
  // Renamed out of the search, and into it.
  expect((await admin.put(`/api/v1/courses/${apples}`, { title: 'Apple trees' })).status).toBe(200);
  await check([1, 1]);
  expect((await admin.put(`/api/v1/courses/${inland}`, { title: 'Inland orchards' })).status).toBe(200);
  await check([2, 2]);
  // Deleted with its enrolments and count rows.
  await rowsOf(sql`delete from courses where id = ${plums}`);
  await check([1, 1]);
  const { kept, recounted } = await keptAndRecounted(server.database.db);
  expect(kept).toEqual(recounted);
  expect(kept.filter((row) => row.table_name.startsWith('keyword_counts enrollment_counts'))).toHaveLength(2);
});

test("transfer applications searched by the learner's name keep their total through applications, decisions, renames and deletions", async () => {
  const make = people(server);
  const [from, to] = [await make.tenant('quay_from'), await make.tenant('quay_to')];
  const learners: Awaited<ReturnType<typeof make.user>>[] = [];
  for (const name of ['quay_ann', 'QUAY_bob', 'quay_cy', 'inland_dee']) learners.push(await make.user(name, from, ['learner']));
  const apply = async (learner: (typeof learners)[number]) => {
    const answer = await learner.api.post('/uc/v1/applies', { to_tenant_id: to });
    expect(answer.status).toBe(200);
    return answer.body.data.tenant_transfer_application_id as number;
  };
  const applications = [await apply(learners[0]), await apply(learners[1]), await apply(learners[3])];
  /** The operator's answer (its names and total), the applications whose learner's name has the word counted now, and the kept row. */
  const check = async (query: Record<string, string>, key: string) => {
    const answer = await admin.get('/uc/v1/applies', { query: { keyword: 'quay', page_size: 50, ...query } });
    expect(answer.status).toBe(200);
    const [{ now }] = await rowsOf<{ now: number }>(
      sql`select count(*)::int as now from tenant_transfer_applications as application join users on users.user_id = application.user_id
          where users.user_name ilike '%quay%' and (${query.status ?? null}::text is null or application.status = ${query.status ?? null})`,
    );
    expect(answer.body.data.total).toBe(now);
    expect(answer.body.data.items.every((item: { user_name: string }) => /quay/i.test(item.user_name))).toBe(true);
    if (now > 0) expect(await keptRow('tenant_transfer_applications', 'quay', key)).toEqual({ row_count: now });
    return now;
  };
  const both = async () => [await check({}, '{}'), await check({ status: 'pending' }, '{"status":"pending"}')];
  expect(await both()).toEqual([2, 2]);
  // Read from the kept row, whatever the case of the word searched.
  await rowsOf(sql`update keyword_counts set row_count = row_count + 1000 where table_name = 'tenant_transfer_applications' and pattern = '%quay%' and key = '{}'`);
  expect((await admin.get('/uc/v1/applies', { query: { keyword: 'QUAY' } })).body.data.total).toBe(1002);
  await rowsOf(sql`update keyword_counts set row_count = row_count - 1000 where table_name = 'tenant_transfer_applications' and pattern = '%quay%' and key = '{}'`);

  await apply(learners[2]);
  expect(await both()).toEqual([3, 3]);
  // Decided: still found, no longer pending.
  expect((await admin.put(`/uc/v1/applies/${applications[0]}/reject`)).status).toBe(200);
  expect(await both()).toEqual([3, 2]);
  // The learner renamed out of the search, another into it: found by the name they have now.
  expect((await admin.put(`/uc/v1/users/${learners[1].user_id}`, { user_name: 'harbour_bob' })).status).toBe(200);
  expect(await both()).toEqual([2, 1]);
  expect((await admin.put(`/uc/v1/users/${learners[3].user_id}`, { user_name: 'quayside_dee' })).status).toBe(200);
  expect(await both()).toEqual([3, 2]);
  const renamed = await admin.get('/uc/v1/applies', { query: { keyword: 'quayside' } });
  expect(renamed.body.data.items.map((item: { user_name: string }) => item.user_name)).toEqual(['quayside_dee']);
  expect((await admin.get('/uc/v1/applies', { query: { keyword: 'bob' } })).body.data.items.map((item: { user_name: string }) => item.user_name)).toEqual(['harbour_bob']);
  // A learner deleted takes their applications along.
  await rowsOf(sql`delete from users where user_id = ${learners[0].user_id}`);
  expect(await both()).toEqual([2, 2]);
  // The rename changed no field the audit trail keeps: the trail has no update of an application.
  const [{ updates }] = await rowsOf<{ updates: number }>(sql`select count(*)::int as updates from audit_logs where entity = 'user_audit' and action = 'update' and record_id = ${applications[1]}`);
  expect(updates).toBe(0);
  const { kept, recounted } = await keptAndRecounted(server.database.db);
  expect(kept).toEqual(recounted);
  expect(kept.filter((row) => row.table_name === 'keyword_counts tenant_transfer_applications %quay%')).toHaveLength(2);
});
