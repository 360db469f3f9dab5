import { eq } from 'drizzle-orm';
import { hashToken } from '../../server/auth/sessions';
import { qrTickets, users } from '../../server/db/schema';
import { browser } from './browser';
import { call, client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ publicUrl: 'http://console.test' });
});
afterAll(() => server.stop());

/** The phone: a platform session (learners may have one too). */
async function phone(loginName: string, password = DEMO_PASSWORD) {
  return client(server.url, await signIn(server.url, loginName, password, { platform: true }));
}

describe('the code', () => {
  test('is a PNG holding the confirm link, bound to the asking browser by a cookie', async () => {
    const console = browser(server.url);
    const { response, link, ticket } = await console.qrCode();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(link).toMatch(/^http:\/\/console\.test\/qr\/confirm\?ticket=[\w-]{40,}$/);
    expect(response.headers.get('x-qr-link')).toBe(link);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('qr_binding='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(cookie).toMatch(/Max-Age=120/);
    expect(cookie).not.toContain(ticket!);
  });

  test('pending until a phone opens it, then scanned: both a failure with 202, so a poll "until success" goes on', async () => {
    const console = browser(server.url, 'Console-Browser/7');
    const { ticket } = await console.qrCode();
    const pending = await console.check();
    expect(pending.status).toBe(202);
    expect(pending.body).toEqual({ success: false, message: 'Waiting for the QR code to be scanned', error_code: 202, data: { status: 'pending' } });

    const admin = await phone('admin', ADMIN_PASSWORD);
    const details = await admin.get('/api/v1/auth/qrcode/ticket', { query: { ticket: ticket! } });
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ status: 'scanned', console_url: 'http://console.test', requester_user_agent: 'Console-Browser/7', requester_ip: '127.0.0.1' });
    expect(details.body.data.expires_at - details.body.data.created_at).toBe(120_000);
    const scanned = await console.send('POST', '/api/v1/auth/qrcode/check', { headers: { 'accept-language': 'zh-CN' } });
    expect(scanned.status).toBe(202);
    expect(scanned.body).toEqual({ success: false, message: '已扫描，等待在手机上确认登录', error_code: 202, data: { status: 'scanned' } });
  });

  test('the contract of the check is published', async () => {
    const document = await call(server.url, 'GET', '/api/docs/json');
    const check = document.body.paths['/api/v1/auth/qrcode/check'].post;
    expect(Object.keys(check.responses).sort()).toEqual(['200', '202', '403', '404']);
    const waiting = check.responses['202'].content['application/json'].schema;
    expect(waiting.properties.success.enum).toEqual([false]);
    expect(waiting.properties.data.properties.status.enum).toEqual(['pending', 'scanned']);
    expect(check.description).toMatch(/202/);
  });
});

describe('confirmed', () => {
  test('the next check collects a session like a password sign-in; once only', async () => {
    const console = browser(server.url);
    const { ticket } = await console.qrCode();
    const admin = await phone('admin', ADMIN_PASSWORD);
    const confirmed = await admin.post('/api/v1/auth/qrcode/confirm', { ticket });
    expect(confirmed.body).toEqual({ success: true, data: { status: 'confirmed' } });

    const collected = await console.check();
    expect(collected.status).toBe(200);
    expect(collected.body.success).toBe(true);
    expect(collected.body.data).toMatchObject({ status: 'success', user_info: { user_name: 'admin', roles: ['admin'] } });
    expect(JSON.parse(collected.headers.get('x-privileges')!)).toContain('carousel:write');
    expect(console.jar.has('qr_binding')).toBe(false);
    const session = client(server.url, collected.body.data.token);
    expect((await session.get('/api/v1/user/profile')).body.data.user_name).toBe('admin');

    // Replayed: the check, and the confirmation, have nothing left to give.
    const replay = await console.send('POST', '/api/v1/auth/qrcode/check', { headers: { cookie: collected.headers.getSetCookie().join('') } });
    expect(replay.status).toBe(404);
    expect((await admin.post('/api/v1/auth/qrcode/confirm', { ticket })).status).toBe(409);
  });

  test("a browser without the code's cookie cannot collect it", async () => {
    const asking = browser(server.url);
    const other = browser(server.url);
    const stranger = browser(server.url);
    const { ticket } = await asking.qrCode();
    await other.qrCode();
    const admin = await phone('admin', ADMIN_PASSWORD);
    await admin.post('/api/v1/auth/qrcode/confirm', { ticket });

    // Another browser's own cookie leads to its own (unconfirmed) code, never to this one.
    const others = await other.check();
    expect(others.status).toBe(202);
    expect(others.body.data).toEqual({ status: 'pending' });
    const forged = await stranger.send('POST', '/api/v1/auth/qrcode/check', { headers: { cookie: `qr_binding=${ticket}` } });
    expect(forged.status).toBe(404);
    expect((await stranger.check()).status).toBe(404);
    // The asking browser still collects it.
    expect((await asking.check()).body.data.status).toBe('success');
  });

  test('a user deactivated after confirming gets no session', async () => {
    const console = browser(server.url);
    const { ticket } = await console.qrCode();
    const tenantAdmin = await phone('demo_tenant_admin');
    expect((await tenantAdmin.post('/api/v1/auth/qrcode/confirm', { ticket })).status).toBe(200);
    await server.app.db.update(users).set({ status: 'deactive' }).where(eq(users.user_name, 'demo_tenant_admin'));
    try {
      expect((await console.check()).status).toBe(404);
    } finally {
      await server.app.db.update(users).set({ status: 'active' }).where(eq(users.user_name, 'demo_tenant_admin'));
    }
  });
});

describe('refused, forbidden, bad input', () => {
  test('a refusal reaches the console and the code cannot be confirmed afterwards', async () => {
    const console = browser(server.url);
    const { ticket } = await console.qrCode();
    const admin = await phone('admin', ADMIN_PASSWORD);
    expect((await admin.post('/api/v1/auth/qrcode/confirm', { ticket, refuse: true })).body.data.status).toBe('refused');
    const refused = await console.check();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'The login was refused on the phone', error_code: 403 });
    // Asked again, it says the same: the console stops on the first.
    expect((await console.check()).status).toBe(403);
    expect((await admin.post('/api/v1/auth/qrcode/confirm', { ticket })).status).toBe(409);
  });

  test('a learner may refuse but not confirm: no permission', async () => {
    const console = browser(server.url);
    const { ticket } = await console.qrCode();
    const learner = await phone('demo_learner');
    const confirmed = await learner.post('/api/v1/auth/qrcode/confirm', { ticket }, { headers: { 'accept-language': 'zh-CN' } });
    expect(confirmed.status).toBe(403);
    expect(confirmed.body.message).toBe('您没有使用管理后台的权限');
    expect((await console.check()).body.data.status).toBe('pending');
  });

  test('deciding needs a session and a well-formed ticket', async () => {
    const { ticket } = await browser(server.url).qrCode();
    expect((await client(server.url).post('/api/v1/auth/qrcode/confirm', { ticket })).status).toBe(401);
    expect((await client(server.url).get('/api/v1/auth/qrcode/ticket', { query: { ticket: ticket! } })).status).toBe(401);
    const admin = await phone('admin', ADMIN_PASSWORD);
    const missing = await admin.post('/api/v1/auth/qrcode/confirm', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['ticket']);
    expect((await admin.post('/api/v1/auth/qrcode/confirm', { ticket: 'x'.repeat(43) })).status).toBe(404);
    expect((await admin.post('/api/v1/auth/qrcode/confirm', { ticket, refuse: 'yes' })).status).toBe(400);
  });

  test('the platform sign-in lets a learner in, but not into the console', async () => {
    const answer = await call(server.url, 'POST', '/api/v1/auth', { body: { login_name: 'demo_learner', password: DEMO_PASSWORD } });
    expect(answer.body.data.user_info.roles).toEqual(['learner']);
    expect(JSON.parse(answer.headers.get('x-privileges')!)).toEqual([]);
    expect((await client(server.url, answer.body.data.token).get('/api/v1/carousel_groups')).status).toBe(403);
  });
});

describe('reading a code again (the confirm link reopened)', () => {
  const read = (phoneClient: Awaited<ReturnType<typeof phone>>, ticket: string) =>
    phoneClient.get('/api/v1/auth/qrcode/ticket', { query: { ticket } });

  test('says it was refused, confirmed, or used, and reading changes nothing', async () => {
    const admin = await phone('admin', ADMIN_PASSWORD);

    const refusing = browser(server.url);
    const refusedTicket = (await refusing.qrCode()).ticket!;
    await admin.post('/api/v1/auth/qrcode/confirm', { ticket: refusedTicket, refuse: true });
    for (let time = 0; time < 2; time++) expect((await read(admin, refusedTicket)).body.data.status).toBe('refused');
    expect((await refusing.check()).status).toBe(403);

    const confirming = browser(server.url);
    const confirmedTicket = (await confirming.qrCode()).ticket!;
    await admin.post('/api/v1/auth/qrcode/confirm', { ticket: confirmedTicket });
    expect((await read(admin, confirmedTicket)).body.data.status).toBe('confirmed');
    expect((await confirming.check()).body.data.status).toBe('success');
    expect((await read(admin, confirmedTicket)).body.data.status).toBe('collected');
  });

  test('an expired code answers 404', async () => {
    const admin = await phone('admin', ADMIN_PASSWORD);
    const { ticket } = await browser(server.url).qrCode();
    await server.app.db.update(qrTickets).set({ expires_at: new Date(Date.now() - 1_000) }).where(eq(qrTickets.ticket_hash, hashToken(ticket!)));
    const expired = await read(admin, ticket!);
    expect(expired.status).toBe(404);
    expect(expired.body.error_code).toBe(404);
  });

  test('is documented', async () => {
    const document = await call(server.url, 'GET', '/api/docs/json');
    const reading = document.body.paths['/api/v1/auth/qrcode/ticket'].get;
    expect(reading.description).toMatch(/collected/);
    expect(reading.responses['200'].content['application/json'].schema.properties.data.properties.status.enum).toEqual(['pending', 'scanned', 'confirmed', 'refused', 'collected']);
    expect(Object.keys(reading.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });
});

describe('expiry and abuse', () => {
  test('an expired code answers 404 with the refresh message; its ticket can no longer be decided', async () => {
    const console = browser(server.url);
    const { ticket } = await console.qrCode();
    expect((await console.check()).status).toBe(202);
    // Its two minutes are over (set in the database, found by the ticket's hash as the server finds it).
    const expiredTickets = await server.app.db
      .update(qrTickets)
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where(eq(qrTickets.ticket_hash, hashToken(ticket!)))
      .returning({ id: qrTickets.id });
    expect(expiredTickets).toHaveLength(1);
    const expired = await console.check();
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ success: false, message: 'The QR code has expired, please refresh it', error_code: 404 });
    const admin = await phone('admin', ADMIN_PASSWORD);
    expect((await admin.post('/api/v1/auth/qrcode/confirm', { ticket })).status).toBe(404);
    // A fresh code works again.
    await console.qrCode();
    expect((await console.check()).body.data.status).toBe('pending');
  });

  test('one address cannot ask for codes without end', async () => {
    const strict = await startServer({ qrSignIn: { ttlMs: 60_000, windowMs: 60_000, perAddress: 2 } });
    try {
      const console = browser(strict.url);
      expect((await console.qrCode()).response.status).toBe(200);
      expect((await console.qrCode()).response.status).toBe(200);
      const refused = await console.qrCode();
      expect(refused.response.status).toBe(429);
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await strict.stop();
    }
  });
});
