/**
 * `npm run seed:scale` at a small scale: the platform it fills answers through the real server, its
 * totals are exact and the counts the triggers keep agree with a recount of the rows.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { client, signIn } from './client';
import { keptAndRecounted } from './rowCounts';
import { ADMIN_PASSWORD, createScratchDatabase, startServer, type TestServer } from './server';

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let server: TestServer;
let output: string;

beforeAll(async () => {
  database = await createScratchDatabase();
  const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts'], {
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: database.url, SCALE: '0.005', ADMIN_PASSWORD },
  });
  output = run.stdout;
  server = await startServer({}, database.url);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function count(statement: string): Promise<number> {
  const connection = new pg.Client({ connectionString: database.url });
  await connection.connect();
  try {
    return Number((await connection.query(statement)).rows[0].count);
  } finally {
    await connection.end();
  }
}

test('it fills every part of the platform at the scale asked, and says what it made', async () => {
  expect(output).toContain('Filling the external database at scale 0.005');
  expect(await count('select count(*) from courses')).toBe(5_000);
  expect(await count('select count(*) from categories')).toBe(1_000);
  expect(await count("select count(*) from users where user_name like 'scale.learner.%'")).toBe(1_000);
  expect(await count('select count(*) from enrollments')).toBe(25_000);
  expect(await count('select count(*) from vouchers')).toBe(500);
  expect(await count("select count(*) from mail_outbox where status in ('sent', 'failed')")).toBe(500);
  // One learner in ten asked to move, a third of them still waiting, each to another organisation.
  expect(await count('select count(*) from tenant_transfer_applications')).toBe(100);
  expect(await count("select count(*) from tenant_transfer_applications where status = 'pending'")).toBe(33);
  expect(await count('select count(*) from tenant_transfer_applications where to_tenant_id = from_tenant_id or from_tenant_id is null')).toBe(0);
  expect(await count('select count(*) from audit_logs where user_name <> $$admin$$')).toBe(5_000);
  expect(await count('select max(sections) as count from (select count(*) as sections from chapters where parent_id <> 0 group by course_id) as outlines')).toBe(300);
});

test('the counts kept by the triggers equal a recount of the rows', async () => {
  const disagreeing = await count(`
    select count(*) from (
      select target_id, scope, count(*) from enrollments, lateral (values (0), (tenant_id)) as scopes(scope)
      where available and scope is not null group by target_id, scope
      except select course_id, tenant_id, enrollment_count from enrollment_counts where enrollment_count > 0
    ) as differences`);
  expect(disagreeing).toBe(0);
  const { kept, recounted } = await keptAndRecounted(server.database.db);
  expect(kept).toEqual(recounted);
  expect(kept.find((row) => row.table_name === 'enrollments' && JSON.stringify(row.key) === '{}')?.row_count).toBe(25_000);
  expect(kept.find((row) => row.table_name === 'audit_logs' && JSON.stringify(row.key) === '{}')?.row_count).toBe(await count('select count(*) from audit_logs'));
  // The blocks deep pages start from, rebuilt after the load too (migration 0022).
  expect(await count(`select count(*) from (
      select block, row_count from id_blocks where table_name = 'courses' and row_count <> 0
      except select id / 1024, count(*) from courses group by 1) as differences`)).toBe(0);
  expect(await count("select sum(row_count) as count from id_blocks where table_name = 'courses'")).toBe(5_000);
});

test('the lists answer with exact totals, and a second run adds nothing', async () => {
  const api = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  const courses = await api.get('/api/v1/courses/pager', { query: { page: 1, page_size: 20 } });
  expect(courses.body.data.total).toBe(await count('select count(*) from courses'));
  const statistic = await api.get('/api/v1/enrollments/statistic', { query: { page: 1, page_size: 20 } });
  const top = statistic.body.data.items[0];
  expect(top.enrollment_count).toBe(await count(`select count(*) from enrollments where available and target_id = ${top.target.id}`));
  // An organisation's administrator: the applications from or to the own organisation.
  const organisation = client(server.url, await signIn(server.url, 'scale.admin.1', 'scale-pass-1'));
  const tenant = await count("select tenant_id as count from users where user_name = 'scale.admin.1'");
  const applications = await organisation.get('/uc/v1/applies', { query: { page: 1, page_size: 5 } });
  expect(applications.body.data.total).toBeGreaterThan(0);
  expect(applications.body.data.total).toBe(await count(`select count(*) from tenant_transfer_applications where from_tenant_id = ${tenant} or to_tenant_id = ${tenant}`));
  // Found by the learner's name, which the load copied into the search column its trigger keeps (migration 0035).
  const searched = await api.get('/uc/v1/applies', { query: { keyword: 'learner.10', page: 1, page_size: 5 } });
  expect(searched.body.data.total).toBeGreaterThan(0);
  expect(searched.body.data.total).toBe(
    await count("select count(*) from tenant_transfer_applications as application join users on users.user_id = application.user_id where users.user_name like '%learner.10%'"),
  );

  const again = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts'], {
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: database.url, SCALE: '0.005' },
  });
  expect(again.stdout).toMatch(/filled by seed:scale on .*: nothing to do/);
  expect(await count('select count(*) from courses')).toBe(5_000);
}, 60_000);
