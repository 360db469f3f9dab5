import autocannon from 'autocannon';
import { signIn } from '../client';
import { ADMIN_PASSWORD } from '../server';
import { countsAndRecounts, openDatabase } from './database';
import { serverOnScratchDatabase } from './servers';
import { LOAD, report } from './settings';

// Many clients at once on the demo platform, on PostgreSQL over loopback: reads of lists, the tree
// and the statistic, and writes (new teachers, enrolments disabled and enabled) mixed in one stream.
let scratch: Awaited<ReturnType<typeof serverOnScratchDatabase>>;
let database: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  scratch = await serverOnScratchDatabase({ SEED_DEMO: 'true' });
  database = openDatabase(scratch.databaseUrl);
});
afterAll(async () => {
  await database?.close();
  await scratch?.remove();
});

test(`${LOAD.clients} clients reading and writing for ${LOAD.seconds} s: no errors, a p99, and every count still exact`, async () => {
  const server = scratch.start();
  const url = await server.ready;
  const token = await signIn(url, 'admin', ADMIN_PASSWORD);
  const enrolments = (await database.pool.query('select target_id, learner_id from enrollments order by id limit 500')).rows as { target_id: number; learner_id: number }[];
  const courseIds = [...new Set(enrolments.map((enrolment) => enrolment.target_id))];

  let made = 0;
  const teachersAnswered: string[] = [];
  let picked = 0;
  const pick = <T>(items: T[]) => items[picked++ % items.length];
  const enrolment = () => {
    const { target_id, learner_id } = pick(enrolments);
    return JSON.stringify({ courseId: target_id, learnerId: learner_id });
  };
  const result = await autocannon({
    url,
    connections: LOAD.clients,
    duration: LOAD.seconds,
    timeout: 30,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    // Each client goes round these in turn: two writes in six.
    requests: [
      { method: 'GET', path: '/api/v1/courses/pager?page=1&page_size=10' },
      {
        method: 'POST',
        path: '/api/v1/teachers',
        setupRequest: (request, context) => {
          context.name = `Load teacher ${++made}`;
          return { ...request, body: JSON.stringify({ name: context.name, title: 'Lecturer' }) };
        },
        onResponse: (status, _body, context) => void (status === 200 && teachersAnswered.push(context.name as string)),
      },
      { method: 'GET', path: '/api/v1/enrollments/statistic?page=1&page_size=10' },
      { method: 'POST', path: '/api/v1/enrollmentDisable', setupRequest: (request) => ({ ...request, body: enrolment() }) },
      { method: 'GET', path: '/api/v1/courses/0/chapters/tree', setupRequest: (request) => ({ ...request, path: `/api/v1/courses/${pick(courseIds)}/chapters/tree` }) },
      { method: 'POST', path: '/api/v1/enrollmentEnable', setupRequest: (request) => ({ ...request, body: enrolment() }) },
    ],
  });

  report('load', {
    clients: LOAD.clients,
    seconds: LOAD.seconds,
    requests: result.requests.total,
    perSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count])),
  });
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  expect(result.requests.total).toBeGreaterThanOrEqual(LOAD.clients);
  // The load ends with requests in flight: the stop lets them finish, so the checks see a still database.
  expect(await server.stop()).toBe(0);
  // Every teacher answered 200 was stored, once (and those in flight at the end may be too).
  const stored = (await database.pool.query(`select name from teachers where name like 'Load teacher %'`)).rows.map((row) => row.name as string);
  expect(new Set(stored).size).toBe(stored.length);
  const storedNames = new Set(stored);
  expect(teachersAnswered.filter((name) => !storedNames.has(name))).toEqual([]);
  expect(stored.length - teachersAnswered.length).toBeLessThanOrEqual(LOAD.clients);
  // The triggers' counts match a recount after the crowd.
  const { kept, recounted } = await countsAndRecounts(database);
  expect(kept).toEqual(recounted);
}, 60_000 + LOAD.seconds * 1000);
