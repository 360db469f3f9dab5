/**
 * Issue 19, sessions and access, beside sessionCache.test.ts and qrSignIn.instances.test.ts: two
 * instances on one database. A renewed session signed out takes its replaced token (still in its
 * grace) with it on both; a user deleted through the API is signed out on both; CORS answers only
 * the configured origins.
 */
import { call, client, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, DEMO_PASSWORD, createScratchDatabase, startServer, type TestServer } from './server';

const CONSOLE_ORIGIN = 'https://console.example';
// Sessions of four seconds: renewal comes past two, without faking time.
const TTL_MS = 4_000;
const BOUND_MS = 1_000;

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  database = await createScratchDatabase();
  first = await startServer({ seedDemo: false, sessionTtlMs: TTL_MS, corsOrigins: [CONSOLE_ORIGIN] }, database.url);
  second = await startServer({ seedDemo: false, sessionTtlMs: TTL_MS }, database.url);
}, 120_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusOn = async (server: TestServer, token: string) => (await client(server.url, token).get('/api/v1/user/profile')).status;
async function within(bound: number, check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > bound) throw new Error(`not seen within ${bound} ms`);
    await sleep(10);
  }
}

test('signing out a renewed session ends its replaced token too, on both instances', async () => {
  const old = await signIn(first.url, 'admin', ADMIN_PASSWORD);
  expect(await statusOn(second, old)).toBe(200);
  await sleep(TTL_MS / 2 + 100);
  const renewal = await client(second.url, old).get('/api/v1/user/profile');
  const renewed = renewal.headers.get('x-auth-token');
  expect(renewed).toBeTruthy();
  // Within its grace the replaced token still works, on either instance.
  expect(await statusOn(first, old)).toBe(200);
  expect((await client(first.url, renewed!).delete('/api/v1/sys/auth')).status).toBe(200);
  for (const token of [renewed!, old]) {
    expect(await statusOn(first, token)).toBe(401);
    await within(BOUND_MS, async () => (await statusOn(second, token)) === 401);
  }
});

test('a user deleted through the API on one instance is signed out on the other', async () => {
  const tenantId = await people(first).tenant('deleting');
  const { user_id, user_name } = await people(first).user('doomed_learner', tenantId, ['learner']);
  const token = await signIn(second.url, user_name, DEMO_PASSWORD, { platform: true });
  expect(await statusOn(second, token)).toBe(200);
  expect(await statusOn(second, token)).toBe(200);
  const admin = client(first.url, await signIn(first.url, 'admin', ADMIN_PASSWORD));
  expect((await admin.delete(`/uc/v1/users/${user_id}`)).status).toBe(200);
  await within(BOUND_MS, async () => (await statusOn(second, token)) === 401);
  expect(await statusOn(first, token)).toBe(401);
});

describe('CORS', () => {
  const preflight = (server: TestServer, origin: string) =>
    call(server.url, 'OPTIONS', '/api/v1/sys/auth', {
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });

  test('a configured origin may call, with the session headers exposed', async () => {
    const answer = await preflight(first, CONSOLE_ORIGIN);
    expect(answer.status).toBeLessThan(300);
    expect(answer.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    const signInAnswer = await call(first.url, 'POST', '/api/v1/sys/auth', { headers: { origin: CONSOLE_ORIGIN }, body: { login_name: 'admin', password: ADMIN_PASSWORD } });
    expect(signInAnswer.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect(signInAnswer.headers.get('access-control-expose-headers')).toMatch(/x-auth-token/i);
  });

  test.each([
    ['another site', 'https://evil.example'],
    ['a look-alike of the configured one', 'https://console.example.evil.example'],
    ['the configured host over http', 'http://console.example'],
    ['an opaque origin', 'null'],
  ])('%s is not allowed', async (_name, origin) => {
    for (const answer of [await preflight(first, origin), await call(first.url, 'GET', '/api/v1/courses/pager', { headers: { origin } })])
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('without CORS_ORIGINS no origin is allowed, not even the console elsewhere', async () => {
    expect((await preflight(second, CONSOLE_ORIGIN)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await call(second.url, 'GET', '/api/v1/courses/pager', { headers: { origin: CONSOLE_ORIGIN } })).headers.get('access-control-allow-origin')).toBeNull();
  });
});
