import pg from 'pg';
import { SessionCache } from '../../server/auth/sessionCache';
import { LISTENER_APPLICATION_NAME, startSessionListener } from '../../server/auth/sessionListener';
import { hashToken } from '../../server/auth/sessions';
import { client, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, DEMO_PASSWORD, createScratchDatabase, startServer, type TestServer } from './server';

// Each server keeps resolved sessions in memory (server/auth/sessionCache.ts). Two instances on one
// database, as behind a proxy: what one changes, the other must see within a short bound, and the
// one that made the change at once.
const BOUND_MS = 1_000;

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let first: TestServer;
let second: TestServer;
let sqlClient: pg.Client;
beforeAll(async () => {
  database = await createScratchDatabase();
  first = await startServer({ seedDemo: false }, database.url);
  second = await startServer({ seedDemo: false }, database.url);
  sqlClient = new pg.Client({ connectionString: database.url });
  await sqlClient.connect();
  await Promise.all([listening(first), listening(second)]);
});
afterAll(async () => {
  await sqlClient?.end();
  await first?.stop();
  await second?.stop();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until the server's listener is listening (the cache keeps nothing before). */
async function listening(server: TestServer, timeoutMs = 10_000) {
  const started = Date.now();
  while (!server.app.sessionCache.enabled) {
    if (Date.now() - started > timeoutMs) throw new Error('the session listener did not listen');
    await sleep(20);
  }
}

/** How long until `check` holds, polled every 10 ms; fails past `bound`. */
async function within(bound: number, check: () => Promise<boolean>) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > bound) throw new Error(`not seen within ${bound} ms`);
    await sleep(10);
  }
}

const profile = (server: TestServer, token: string) => client(server.url, token).get('/api/v1/user/profile');
const statusOn = async (server: TestServer, token: string) => (await profile(server, token)).status;

const cached = (server: TestServer, token: string) => server.app.sessionCache.get(hashToken(token), Date.now()) !== undefined;

/** Uses the token on these servers until each has it cached: what follows is about cached sessions. */
async function warm(token: string, servers = [first, second]) {
  for (const server of servers) {
    expect(await statusOn(server, token)).toBe(200);
    expect(await statusOn(server, token)).toBe(200);
    expect(cached(server, token)).toBe(true);
  }
}

let counter = 0;
async function learner(tenantName = `school${++counter}`) {
  const make = people(first);
  const tenantId = await make.tenant(tenantName);
  return { tenantId, ...(await make.user(`learner${++counter}`, tenantId, ['learner'])) };
}

test('sign-out: the same token is 401 at once on the instance that signed out, and within the bound on the other', async () => {
  const token = await signIn(first.url, 'admin', ADMIN_PASSWORD);
  await warm(token);
  expect((await client(first.url, token).delete('/api/v1/sys/auth')).status).toBe(200);
  expect(await statusOn(first, token)).toBe(401);
  const seenIn = await within(BOUND_MS, async () => (await statusOn(second, token)) === 401);
  expect(seenIn).toBeLessThanOrEqual(BOUND_MS);
});

test('deactivation: the user\'s token is 401 on the next request on either instance', async () => {
  const admin = client(first.url, await signIn(first.url, 'admin', ADMIN_PASSWORD));
  const { tenantId, user_id, user_name } = await learner();
  const token = await signIn(first.url, user_name, DEMO_PASSWORD, { platform: true });
  await warm(token);
  expect((await admin.put(`/uc/v1/tenant/${tenantId}/users/${user_id}/deactive`)).status).toBe(200);
  expect(await statusOn(first, token)).toBe(401);
  await within(BOUND_MS, async () => (await statusOn(second, token)) === 401);
  // And it stays so: nothing puts the session back.
  await sleep(50);
  for (const server of [first, second]) expect(await statusOn(server, token)).toBe(401);
});

test('a role change in SQL and a tenant change through the API take effect on the next request', async () => {
  const admin = client(first.url, await signIn(first.url, 'admin', ADMIN_PASSWORD));
  const { user_id, user_name } = await learner();
  const elsewhere = await people(first).tenant(`elsewhere${++counter}`);
  const token = await signIn(first.url, user_name, DEMO_PASSWORD, { platform: true });

  // An operator's SQL: no server made the change, the trigger tells both.
  await warm(token);
  await sqlClient.query(`update users set roles = '{tenant_admin}' where user_id = $1`, [user_id]);
  for (const server of [first, second])
    await within(BOUND_MS, async () => JSON.stringify((await profile(server, token)).body.data.roles) === '["tenant_admin"]');
  // Privileges follow the role: a tenant administrator may list the own organisation's users.
  expect((await client(first.url, token).get('/uc/v1/system/users')).status).toBe(200);

  await warm(token);
  expect((await admin.put(`/uc/v1/users/${user_id}`, { tenant_id: elsewhere })).status).toBe(200);
  expect((await profile(first, token)).body.data.tenant_id).toBe(elsewhere);
  await within(BOUND_MS, async () => (await profile(second, token)).body.data.tenant_id === elsewhere);
});

test("a password change signs out the user's other sessions on both instances", async () => {
  const { user_name } = await learner();
  const keep = await signIn(first.url, user_name, DEMO_PASSWORD, { platform: true });
  const other = await signIn(second.url, user_name, DEMO_PASSWORD, { platform: true });
  await warm(keep);
  await warm(other);
  const body = { raw_password: DEMO_PASSWORD, new_password: 'another-pass-2', confirm_password: 'another-pass-2' };
  expect((await client(first.url, keep).put('/uc/v1/users/actions/update_password', body)).status).toBe(200);
  expect(await statusOn(first, other)).toBe(401);
  await within(BOUND_MS, async () => (await statusOn(second, other)) === 401);
  expect(await statusOn(first, keep)).toBe(200);
  expect(await statusOn(second, keep)).toBe(200);
});

test('revocation, expiry and deletion typed in SQL reach both instances', async () => {
  const { user_name, user_id } = await learner();
  const signedIn = () => signIn(first.url, user_name, DEMO_PASSWORD, { platform: true });
  const revoked = await signedIn();
  await warm(revoked);
  await sqlClient.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(revoked)]);
  for (const server of [first, second]) await within(BOUND_MS, async () => (await statusOn(server, revoked)) === 401);

  const expired = await signedIn();
  await warm(expired);
  await sqlClient.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [hashToken(expired)]);
  for (const server of [first, second]) await within(BOUND_MS, async () => (await statusOn(server, expired)) === 401);

  // The user deleted (its sessions go with it).
  const deleted = await signedIn();
  await warm(deleted);
  await sqlClient.query('delete from users where user_id = $1', [user_id]);
  for (const server of [first, second]) await within(BOUND_MS, async () => (await statusOn(server, deleted)) === 401);
});

test('a lost listener connection empties the cache and keeps it off until it listens again', async () => {
  const token = await signIn(first.url, 'admin', ADMIN_PASSWORD);
  await warm(token);
  // A revocation no trigger reports (replication role skips triggers): the caches keep serving the
  // session, which shows that they are in use...
  await sqlClient.query('begin');
  await sqlClient.query('set local session_replication_role = replica');
  await sqlClient.query('update sessions set revoked_at = now() where token_hash = $1', [hashToken(token)]);
  await sqlClient.query('commit');
  for (const server of [first, second]) expect(await statusOn(server, token)).toBe(200);

  // ...until their notification connections are cut: then nothing cached is served any more.
  const cut = await sqlClient.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
    [LISTENER_APPLICATION_NAME],
  );
  expect(cut.rowCount).toBe(2);
  for (const server of [first, second]) await within(BOUND_MS, async () => (await statusOn(server, token)) === 401);

  // Each reconnects, and invalidation works again.
  await Promise.all([listening(first), listening(second)]);
  expect((await sqlClient.query('select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_APPLICATION_NAME])).rows[0].n).toBe(2);
  for (const server of [first, second]) expect(await statusOn(server, token)).toBe(401);
  const fresh = await signIn(second.url, 'admin', ADMIN_PASSWORD);
  await warm(fresh);
  expect((await client(second.url, fresh).delete('/api/v1/sys/auth')).status).toBe(200);
  expect(await statusOn(second, fresh)).toBe(401);
  await within(BOUND_MS, async () => (await statusOn(first, fresh)) === 401);
});

test('a listener stopped while its connection is still being made (a stop right after the start) stops, and leaves no connection behind', async () => {
  const connections = async () =>
    (await sqlClient.query('select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_APPLICATION_NAME])).rows[0].n;
  const before = await connections();
  const cache = new SessionCache(first.app.appConfig.sessionCache);
  const listener = startSessionListener(database.url, cache, first.app.log);
  const stopped = await Promise.race([listener.stop().then(() => 'stopped'), sleep(8_000).then(() => 'still stopping after 8 s')]);
  expect(stopped).toBe('stopped');
  expect(cache.enabled).toBe(false);
  await within(BOUND_MS, async () => (await connections()) === before);
});

describe('expiry and renewal with cached sessions', () => {
  // Sessions of two seconds, so time is not faked: expiry is checked against the cached expires_at.
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({ seedDemo: false, sessionTtlMs: 2_000 });
    await listening(short);
  });
  afterAll(() => short?.stop());

  test('a cached session that expires is 401 on its next use', async () => {
    const token = await signIn(short.url, 'admin', ADMIN_PASSWORD);
    expect(await statusOn(short, token)).toBe(200);
    expect(cached(short, token)).toBe(true);
    await sleep(2_100);
    expect(await statusOn(short, token)).toBe(401);
  });

  test('past half its life a cached session is renewed; the old token lasts only its grace', async () => {
    const token = await signIn(short.url, 'admin', ADMIN_PASSWORD);
    const fresh = await profile(short, token);
    expect([fresh.status, fresh.headers.get('x-auth-token')]).toEqual([200, null]);
    await sleep(1_100);
    const renewal = await profile(short, token);
    expect(renewal.status).toBe(200);
    const renewed = renewal.headers.get('x-auth-token');
    expect(renewed).toMatch(/^[\w-]{40,}$/);
    // The old token still works within the grace; the new one lives past the old expiry.
    expect(await statusOn(short, token)).toBe(200);
    await sleep(1_000);
    expect(await statusOn(short, renewed!)).toBe(200);
  });
});
