import { eq, sql } from 'drizzle-orm';
import { hashToken } from '../../server/auth/sessions';
import { sessions, users } from '../../server/db/schema';
import { call, client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ signInThrottle: { windowMs: 60_000, perName: 5, perAddress: 1000 } });
});
afterAll(() => server.stop());

const anonymous = () => client(server.url);

describe('sign-in', () => {
  test('the administrator gets a token, who they are and every privilege', async () => {
    const answer = await anonymous().post('/api/v1/sys/auth', { login_name: 'admin', password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(answer.body.data.user_info).toMatchObject({ user_name: 'admin', roles: ['admin'], tenant_id: null });
    expect(answer.body.data.user_info).not.toHaveProperty('password_hash');
    const privileges = JSON.parse(answer.headers.get('x-privileges')!);
    expect(privileges).toEqual(expect.arrayContaining(['carousel:read', 'carousel:write', 'carousel:delete', 'tenant:write']));
  });

  test('the login name is not case-sensitive', async () => {
    const answer = await anonymous().post('/api/v1/sys/auth', { login_name: 'ADMIN', password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
  });

  test('a tenant administrator gets only the tenant privileges', async () => {
    const answer = await anonymous().post('/api/v1/sys/auth', { login_name: 'demo_tenant_admin', password: DEMO_PASSWORD });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.headers.get('x-privileges')!).sort()).toEqual(
      ['audit:decide', 'audit:read', 'audit_log:read', 'dashboard:read', 'enrollment:read', 'enrollment:status', 'user:read', 'user:status'],
    );
  });

  test('a wrong password and an unknown name get the same answer', async () => {
    const wrong = await anonymous().post('/api/v1/sys/auth', { login_name: 'demo_tenant_admin', password: 'not-it' });
    const unknown = await anonymous().post('/api/v1/sys/auth', { login_name: 'nobody', password: 'not-it' });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, message: 'Username or password is wrong', error_code: 400 });
      expect(answer.headers.get('x-privileges')).toBeNull();
    }
  });

  test('missing fields are named, in the language the caller asks for', async () => {
    const answer = await anonymous().post('/api/v1/sys/auth', {}, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ login_name: '必填', password: '必填' });
    expect(answer.body.message).toContain('login_name');
    const japanese = await anonymous().post('/api/v1/sys/auth', { login_name: 'admin' }, { headers: { 'accept-language': 'ja' } });
    expect(japanese.body.errors).toEqual({ password: '必須項目です' });
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const answer = await anonymous().post('/api/v1/sys/auth', '{"login_name":', {});
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });

  test('a learner may not use the console', async () => {
    const answer = await anonymous().post('/api/v1/sys/auth', { login_name: 'demo_learner', password: DEMO_PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You have no permission to use the console');
    expect(answer.body.data).toBeUndefined();
  });

  test('a deactivated account cannot sign in, and its open sessions stop working', async () => {
    const token = await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD);
    await server.app.db.update(users).set({ status: 'deactive' }).where(eq(users.user_name, 'demo_tenant_admin'));
    try {
      const answer = await anonymous().post('/api/v1/sys/auth', { login_name: 'demo_tenant_admin', password: DEMO_PASSWORD });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('This account has been deactivated');
      expect((await client(server.url, token).get('/api/v1/user/profile')).status).toBe(401);
    } finally {
      await server.app.db.update(users).set({ status: 'active' }).where(eq(users.user_name, 'demo_tenant_admin'));
    }
  });
});

describe('sessions', () => {
  test('the profile needs a live session', async () => {
    expect((await anonymous().get('/api/v1/user/profile')).status).toBe(401);
    const forged = await client(server.url, 'x'.repeat(43)).get('/api/v1/user/profile');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ success: false, message: 'Your session has ended, please sign in again', error_code: 401 });
    const malformed = await anonymous().get('/api/v1/user/profile', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  test('the profile says who is signed in, with roles and privileges', async () => {
    const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    const answer = await client(server.url, token).get('/api/v1/user/profile');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ user_name: 'admin', roles: ['admin'] });
    expect(JSON.parse(answer.headers.get('x-privileges')!)).toContain('course:read');
  });

  test('signing out revokes the session at once, and only that one', async () => {
    const first = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    const second = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    expect((await client(server.url, first).delete('/api/v1/sys/auth')).status).toBe(200);
    expect((await client(server.url, first).get('/api/v1/user/profile')).status).toBe(401);
    expect((await client(server.url, first).delete('/api/v1/sys/auth')).status).toBe(401);
    expect((await client(server.url, second).get('/api/v1/user/profile')).status).toBe(200);
  });
});

describe('session expiry and renewal', () => {
  // Time is moved by setting the session's expiry in the database (found by the token's hash, as
  // the server finds it), not by waiting: sessions here live 12 hours.
  const MINUTE = 60_000;
  const setExpiry = async (token: string, expiresAt: Date) => {
    const updated = await server.app.db
      .update(sessions)
      .set({ expires_at: expiresAt })
      .where(eq(sessions.token_hash, hashToken(token)))
      .returning({ id: sessions.id });
    expect(updated).toHaveLength(1);
  };

  test('a fresh session is not renewed', async () => {
    const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    const answer = await client(server.url, token).get('/api/v1/user/profile');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-auth-token')).toBeNull();
  });

  test('past half its life a session is renewed through x-auth-token; the new token lives on', async () => {
    const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    // Five minutes left of twelve hours: well past half its life.
    expect(server.app.appConfig.sessionTtlMs / 2).toBeGreaterThan(5 * MINUTE);
    const originalExpiry = new Date(Date.now() + 5 * MINUTE);
    await setExpiry(token, originalExpiry);
    const renewal = await client(server.url, token).get('/api/v1/user/profile');
    expect(renewal.status).toBe(200);
    const renewed = renewal.headers.get('x-auth-token');
    expect(renewed).toMatch(/^[\w-]{40,}$/);
    expect(renewed).not.toBe(token);
    // Requests already sent with the old token still succeed for a short grace period.
    expect((await client(server.url, token).get('/api/v1/user/profile')).status).toBe(200);
    // Six minutes later, for this session: the original expiry and the grace have passed, and only
    // the renewed token still works.
    const [later] = await server.app.db
      .update(sessions)
      .set({ expires_at: sql`${sessions.expires_at} - interval '6 minutes'`, previous_valid_until: sql`${sessions.previous_valid_until} - interval '6 minutes'` })
      .where(eq(sessions.token_hash, hashToken(renewed!)))
      .returning({ expires_at: sessions.expires_at });
    expect(later.expires_at.getTime()).toBeGreaterThan(originalExpiry.getTime());
    expect((await client(server.url, renewed!).get('/api/v1/user/profile')).status).toBe(200);
    expect((await client(server.url, token).get('/api/v1/user/profile')).status).toBe(401);
  });

  test('a call that cannot hand a renewed token on (x-session-renewal: off) leaves the session as it is', async () => {
    const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    const expiry = new Date(Date.now() + 5 * MINUTE);
    await setExpiry(token, expiry);
    const kept = await call(server.url, 'GET', '/api/v1/user/profile', { token, headers: { 'x-session-renewal': 'off' } });
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-auth-token')).toBeNull();
    const [session] = await server.app.db.select({ expires_at: sessions.expires_at }).from(sessions).where(eq(sessions.token_hash, hashToken(token)));
    expect(session.expires_at.getTime()).toBe(expiry.getTime());
    // Any other value is the usual call: the session is renewed.
    const renewal = await call(server.url, 'GET', '/api/v1/user/profile', { token, headers: { 'x-session-renewal': 'on' } });
    expect(renewal.headers.get('x-auth-token')).toMatch(/^[\w-]{40,}$/);
  });

  test('an expired session answers 401', async () => {
    const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    await setExpiry(token, new Date(Date.now() - MINUTE));
    const answer = await client(server.url, token).get('/api/v1/user/profile');
    expect(answer.status).toBe(401);
  });
});

describe('privileges', () => {
  test('a tenant administrator is refused the platform resources with 403', async () => {
    const token = await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD);
    const tenantAdmin = client(server.url, token);
    expect((await tenantAdmin.get('/api/v1/carousel_groups')).status).toBe(403);
    const created = await tenantAdmin.post('/api/v1/carousel_groups', { ucode: 'x', name: 'x' });
    expect(created.status).toBe(403);
    expect(created.body.message).toBe('You do not have permission to do this');
  });

  test('without a session the answer is 401 before any input is looked at', async () => {
    const answer = await anonymous().post('/api/v1/carousel_groups', { nonsense: true });
    expect(answer.status).toBe(401);
  });
});

describe('password change', () => {
  const path = '/uc/v1/users/actions/update_password';
  // The demo tenant administrator, whom other tests sign in as too: the change is undone at once.
  const name = 'demo_tenant_admin';
  let token: string;
  beforeAll(async () => {
    token = await signIn(server.url, name, DEMO_PASSWORD);
  });

  test('the old password must be right', async () => {
    const answer = await client(server.url, token).put(path, { raw_password: 'wrong', new_password: 'brand-new-1', confirm_password: 'brand-new-1' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Password Error');
    expect(answer.body.errors).toEqual({ raw_password: 'Password Error' });
  });

  test('the confirmation must equal the new password', async () => {
    const answer = await client(server.url, token).put(path, { raw_password: DEMO_PASSWORD, new_password: 'brand-new-1', confirm_password: 'brand-new-2' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ confirm_password: 'Two inconsistent password input' });
  });

  test('the new password needs eight characters and must differ from the old', async () => {
    const short = await client(server.url, token).put(path, { raw_password: DEMO_PASSWORD, new_password: 'short', confirm_password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password).toBe('Must be 8 characters at least');
    const same = await client(server.url, token).put(path, { raw_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD });
    expect(same.body.errors.new_password).toBe('The new password must differ from the old one');
  });

  test('a change takes effect, keeps this session and signs out the others', async () => {
    const other = await signIn(server.url, name, DEMO_PASSWORD);
    const answer = await client(server.url, token).put(path, { raw_password: DEMO_PASSWORD, new_password: 'brand-new-1', confirm_password: 'brand-new-1' });
    expect(answer.status).toBe(200);
    try {
      expect((await client(server.url, token).get('/api/v1/user/profile')).status).toBe(200);
      expect((await client(server.url, other).get('/api/v1/user/profile')).status).toBe(401);
      expect((await anonymous().post('/api/v1/sys/auth', { login_name: name, password: DEMO_PASSWORD })).status).toBe(400);
      expect((await anonymous().post('/api/v1/sys/auth', { login_name: name, password: 'brand-new-1' })).status).toBe(200);
    } finally {
      // Put it back for the tests that follow.
      const restored = await client(server.url, token).put(path, { raw_password: 'brand-new-1', new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD });
      expect(restored.status).toBe(200);
    }
    expect((await anonymous().post('/api/v1/sys/auth', { login_name: name, password: DEMO_PASSWORD })).status).toBe(200);
  });

  test('a change needs a session', async () => {
    expect((await anonymous().put(path, { raw_password: 'a', new_password: 'b', confirm_password: 'b' })).status).toBe(401);
  });
});

describe('repeated failures', () => {
  test('after five failures for a name the sixth attempt is refused with 429, even with the right password', async () => {
    await anonymous().post('/api/v1/sys/auth', { login_name: 'admin', password: ADMIN_PASSWORD }); // a success clears earlier failures
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await anonymous().post('/api/v1/sys/auth', { login_name: 'admin', password: `guess-${attempt}` });
      expect(answer.status).toBe(400);
    }
    const refused = await anonymous().post('/api/v1/sys/auth', { login_name: 'admin', password: ADMIN_PASSWORD });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.message).toBe('Too many failed attempts, please try again in a minute');
    // Other names from the same address are not locked out by it.
    expect((await anonymous().post('/api/v1/sys/auth', { login_name: 'demo_learner', password: 'x' })).status).toBe(400);
  });

  test('a lockout says minutes, rounded up, in the caller\'s language; Retry-After stays in seconds', async () => {
    const quarterHour = await startServer({ signInThrottle: { windowMs: 15 * 60_000, perName: 1, perAddress: 1000 } });
    try {
      const attempt = (language: string) =>
        client(quarterHour.url).post('/api/v1/sys/auth', { login_name: 'admin', password: 'x' }, { headers: { 'accept-language': language } });
      expect((await attempt('en')).status).toBe(400);
      const messages: string[] = [];
      for (const language of ['en', 'zh-CN', 'ja']) {
        const refused = await attempt(language);
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(14 * 60);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        messages.push(refused.body.message);
      }
      expect(messages).toEqual([
        'Too many failed attempts, please try again in 15 minutes',
        '失败次数过多，请 15 分钟后再试',
        '失敗が多すぎます。15 分後にもう一度お試しください',
      ]);
    } finally {
      await quarterHour.stop();
    }
  });

  test('an address that keeps failing is refused for every name', async () => {
    const strict = await startServer({ signInThrottle: { windowMs: 60_000, perName: 100, perAddress: 3 } });
    try {
      for (const name of ['a', 'b', 'c']) expect((await client(strict.url).post('/api/v1/sys/auth', { login_name: name, password: 'x' })).status).toBe(400);
      expect((await client(strict.url).post('/api/v1/sys/auth', { login_name: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);
    } finally {
      await strict.stop();
    }
  });
});
