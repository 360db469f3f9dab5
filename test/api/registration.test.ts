import { eq } from 'drizzle-orm';
import { tenants, users } from '../../server/db/schema';
import { call, client, signIn } from './client';
import { startServer, type TestServer } from './server';

const register = '/uc/v1/users/register';
/** Registrations one address may attempt within the window (small here, so the limit is reached). */
const PER_ADDRESS = 20;
let server: TestServer;
let academy: number;
const post = (body: unknown, headers: Record<string, string> = {}) => call(server.url, 'POST', register, { body, headers });

beforeAll(async () => {
  server = await startServer({ signInThrottle: { windowMs: 15 * 60_000, perName: 5, perAddress: PER_ADDRESS } });
  [{ tenant_id: academy }] = await server.app.db.select().from(tenants).where(eq(tenants.name, 'demo'));
});
afterAll(() => server.stop());

test('the registration page learns the organisation\'s name, and nothing else, without signing in', async () => {
  const answer = await call(server.url, 'GET', `/uc/v1/tenants/${academy}/public`);
  expect(answer.body).toEqual({ success: true, data: { tenant_id: academy, display_name: 'Demo Academy' } });
});

test('a registration makes an active learner of that tenant, who signs in to the platform but not the console', async () => {
  const answer = await post({ tenant_id: academy, user_name: 'Sign.Up', password: 'sign-up-pass', real_name: 'Sign Up', email: 'sign.up@example.com', mobile: '+8613800002000' });
  expect(answer.status).toBe(200);
  expect(answer.body.data).toMatchObject({
    user_name: 'Sign.Up',
    real_name: 'Sign Up',
    tenant_id: academy,
    tenant: { tenant_id: academy, display_name: 'Demo Academy' },
    email: 'sign.up@example.com',
    mobile: '+8613800002000',
    status: 'active',
    availability: 'Release',
  });
  expect(JSON.stringify(answer.body)).not.toMatch(/sign-up-pass|password/);
  const [stored] = await server.app.db.select().from(users).where(eq(users.user_name, 'Sign.Up'));
  expect(stored.roles).toEqual(['learner']);
  expect(stored.password_hash).toMatch(/^scrypt\$/);

  const profile = await client(server.url, await signIn(server.url, 'sign.up', 'sign-up-pass', { platform: true })).get('/api/v1/user/profile');
  expect(profile.body.data).toMatchObject({ user_name: 'Sign.Up', roles: ['learner'], tenant_id: academy });
  const console = await call(server.url, 'POST', '/api/v1/sys/auth', { body: { login_name: 'Sign.Up', password: 'sign-up-pass' } });
  expect(console.status).toBe(403);
  // The optional fields may be left out.
  expect((await post({ tenant_id: academy, user_name: 'bare.minimum', password: 'bare-pass-1' })).status).toBe(200);
});

test('bad input is named field by field in the caller\'s language, and nothing is made', async () => {
  const bad = await post(
    { tenant_id: academy, user_name: 'has space', password: 'short', email: 'nope', mobile: '138-0000' },
    { 'accept-language': 'zh-CN' },
  );
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({
    user_name: '只能包含字母、数字、“.”、“-”和“_”',
    password: expect.stringContaining('8'),
    email: '不是有效的邮箱地址',
    mobile: '只能是数字（5 到 19 位），开头可以有“+”',
  });
  expect(bad.body.message).toContain('用户名');
  const missing = await post({});
  expect(Object.keys(missing.body.errors).sort()).toEqual(['password', 'tenant_id', 'user_name']);
  expect((await server.app.db.select().from(users).where(eq(users.user_name, 'has space'))).length).toBe(0);
});

test('a taken name (whatever the case) is a 409 under user_name', async () => {
  const taken = await post({ tenant_id: academy, user_name: 'DEMO_learner', password: 'taken-pass-1' });
  expect(taken.status).toBe(409);
  expect(taken.body.errors).toEqual({ user_name: '"DEMO_learner" is already in use' });
  expect(taken.body.message).toBe('Username "DEMO_learner" is already in use');
});

test('an unknown tenant is a 400 under tenant_id that says what to do', async () => {
  const unknown = await post({ tenant_id: 999_999, user_name: 'orphan', password: 'orphan-pass-1' }, { 'accept-language': 'ja-JP' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors).toEqual({ tenant_id: 'この組織は存在しません。組織に新しい登録リンクを依頼してください' });
  expect(unknown.body.message).toBe('この組織は存在しません。組織に新しい登録リンクを依頼してください');
  expect((await server.app.db.select().from(users).where(eq(users.user_name, 'orphan'))).length).toBe(0);
});

test('one address registering again and again is held back, with Retry-After, and makes nothing past the limit', async () => {
  let refused: Awaited<ReturnType<typeof post>> | undefined;
  for (let attempt = 0; attempt <= PER_ADDRESS && !refused; attempt++) {
    // Refused attempts count as well: the limit is on attempts (probing for taken names too), not on accounts made.
    const answer = await post({ tenant_id: academy, user_name: 'demo_learner', password: 'flood-pass-1' });
    if (answer.status === 429) refused = answer;
    else expect(answer.status).toBe(409);
  }
  expect(refused?.status).toBe(429);
  expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  const valid = await post({ tenant_id: academy, user_name: 'after.flood', password: 'after-flood-1' });
  expect(valid.status).toBe(429);
  expect((await server.app.db.select().from(users).where(eq(users.user_name, 'after.flood'))).length).toBe(0);
});
