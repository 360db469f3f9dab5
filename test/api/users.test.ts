import { eq } from 'drizzle-orm';
import { tenants, users } from '../../server/db/schema';
import { call, client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const list = '/uc/v1/system/users';
const one = (id: number) => `/uc/v1/users/${id}`;
const status = (tenantId: number, userId: number, action: 'active' | 'deactive') => `/uc/v1/tenant/${tenantId}/users/${userId}/${action}`;

let server: TestServer;
let admin: ReturnType<typeof client>;
let academyAdmin: ReturnType<typeof client>;
let riversideAdmin: ReturnType<typeof client>;
let learner: ReturnType<typeof client>;
const anonymous = () => client(server.url);
let academy: number;
let riverside: number;

interface User {
  user_id: number;
  user_name: string;
  tenant_id: number | null;
  status: string;
  availability: string;
  create_time: number;
}

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  academyAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
  riversideAdmin = client(server.url, await signIn(server.url, 'riverside_admin', DEMO_PASSWORD));
  learner = client(server.url, await signIn(server.url, 'demo_learner', DEMO_PASSWORD, { platform: true }));
  const found = await server.app.db.select().from(tenants);
  academy = found.find((tenant) => tenant.name === 'demo')!.tenant_id;
  riverside = found.find((tenant) => tenant.name === 'riverside')!.tenant_id;
});
afterAll(() => server.stop());

const userId = async (name: string) => (await server.app.db.select().from(users).where(eq(users.user_name, name)))[0].user_id;
const items = (answer: { body: { data: { items: User[] } } }) => answer.body.data.items;

describe('the list', () => {
  test('pages through every user, newest first, with the tenant named and no password hash', async () => {
    const first = await admin.get(list, { query: { page_size: 50 } });
    expect(first.status).toBe(200);
    const { total } = first.body.data;
    expect(total).toBeGreaterThanOrEqual(86);
    const second = await admin.get(list, { query: { page_size: 50, page: 2 } });
    const seen = [...items(first), ...items(second)];
    expect(new Set(seen.map((user) => user.user_id)).size).toBe(Math.min(total, 100));
    const times = seen.map((user) => user.create_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const learnerRow = seen.find((user) => user.user_name === 'amelia.wang')!;
    expect(learnerRow).toEqual({
      user_id: expect.any(Number),
      user_name: 'amelia.wang',
      real_name: 'Amelia Wang',
      nick_name: 'amelia',
      tenant_id: riverside,
      tenant: { tenant_id: riverside, display_name: 'Riverside College' },
      email: 'amelia.wang@example.com',
      mobile: '13800001000',
      status: 'active',
      availability: 'Release',
      point: 0,
      create_time: expect.any(Number),
    });
    expect(JSON.stringify(seen)).not.toMatch(/password|scrypt/);
    const oldest = await admin.get(list, { query: { sort_by: 'create_time', order: 'asc', page_size: 1 } });
    expect(items(oldest)[0].create_time).toBe(Math.min(...times, items(oldest)[0].create_time));
  });

  test('an account of no tenant names none, in the list and in its read; a tenant renamed is named anew', async () => {
    const operator = items(await admin.get(list, { query: { keyword: 'admin', page_size: 50 } })).find((user) => user.user_name === 'admin')!;
    expect(operator).toMatchObject({ tenant_id: null, tenant: null });
    expect((await admin.get(one(operator.user_id))).body.data).toMatchObject({ user_name: 'admin', tenant_id: null, tenant: null });

    await server.app.db.update(tenants).set({ display_name: 'Riverside College (renamed)' }).where(eq(tenants.tenant_id, riverside));
    try {
      const amelia = await userId('amelia.wang');
      expect((await admin.get(one(amelia))).body.data.tenant).toEqual({ tenant_id: riverside, display_name: 'Riverside College (renamed)' });
      const inRiverside = items(await admin.get(list, { query: { tenant_id: riverside, page_size: 50 } }));
      expect(inRiverside.map((user) => (user as User & { tenant: unknown }).tenant)).toEqual(Array(inRiverside.length).fill({ tenant_id: riverside, display_name: 'Riverside College (renamed)' }));
    } finally {
      await server.app.db.update(tenants).set({ display_name: 'Riverside College' }).where(eq(tenants.tenant_id, riverside));
    }
  });

  test('searches user name, real name and nick name; filters by tenants and status', async () => {
    const byRealName = await admin.get(list, { query: { keyword: 'Demo Academy Admin' } });
    expect(items(byRealName).map((user) => user.user_name)).toEqual(['demo_tenant_admin']);
    const byNick = items(await admin.get(list, { query: { keyword: 'amelia', page_size: 100 } }));
    expect(byNick.length).toBeGreaterThan(0);
    expect(byNick.every((user) => user.user_name.startsWith('amelia'))).toBe(true);

    const inRiverside = await admin.get(list, { query: { tenant_id: riverside, page_size: 100 } });
    expect(inRiverside.body.data.total).toBe(13);
    // A page held to one tenant names it once for all its rows (server/routes/entityRoutes.ts, referencedOnce): the same record on each.
    expect(items(inRiverside).map((user) => (user as User & { tenant: unknown }).tenant)).toEqual(Array(13).fill({ tenant_id: riverside, display_name: 'Riverside College' }));
    const inBoth = await admin.get(list, { query: { tenant_id: [riverside, academy], page_size: 1 } });
    expect(inBoth.body.data.total).toBe(13 + 72);

    const deactivated = items(await admin.get(list, { query: { status: 'deactive', page_size: 100 } }));
    expect(deactivated.length).toBeGreaterThan(0);
    expect(deactivated.every((user) => user.status === 'deactive' && user.availability !== 'Release')).toBe(true);
    expect((await admin.get(list, { query: { status: 'normal' } })).status).toBe(400);
  });

  test("a tenant administrator lists only its own tenant's users, in the rows and in the totals", async () => {
    const own = await academyAdmin.get(list, { query: { page_size: 100 } });
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBe(72);
    expect(items(own).every((user) => user.tenant_id === academy)).toBe(true);
    expect(new Set(items(own).map((user) => JSON.stringify((user as User & { tenant: unknown }).tenant)))).toEqual(new Set([JSON.stringify({ tenant_id: academy, display_name: 'Demo Academy' })]));
    // Asking for the other tenant, or for its users by name, finds nothing.
    expect((await academyAdmin.get(list, { query: { tenant_id: riverside } })).body.data).toEqual({ items: [], total: 0 });
    expect((await academyAdmin.get(list, { query: { keyword: 'riverside_admin' } })).body.data.total).toBe(0);
    const chosen = await academyAdmin.get(list, { query: { id: [await userId('riverside_admin'), await userId('demo_learner')] } });
    expect(items(chosen).map((user) => user.user_name)).toEqual(['demo_learner']);
    expect((await riversideAdmin.get(list, { query: { page_size: 100 } })).body.data.total).toBe(13);
  });

  test('learners and strangers may not list users', async () => {
    expect((await learner.get(list)).status).toBe(403);
    expect((await anonymous().get(list)).status).toBe(401);
  });
});

describe('one user', () => {
  test("reads: a tenant administrator its own tenant's users only", async () => {
    const id = await userId('demo_learner');
    expect((await admin.get(one(id))).body.data).toMatchObject({ user_name: 'demo_learner', tenant_id: academy, status: 'active' });
    expect((await academyAdmin.get(one(id))).status).toBe(200);
    expect((await riversideAdmin.get(one(id))).status).toBe(403);
    expect((await learner.get(one(id))).status).toBe(403);
    expect((await anonymous().get(one(id))).status).toBe(401);
    expect((await admin.get(one(999_999))).status).toBe(404);
    expect((await admin.get(one(await userId('admin')))).body.data).not.toHaveProperty('password_hash');
  });

  test('an operator changes the fields it names; bad input is named; a taken name is a 409', async () => {
    const id = await userId('bo.wang');
    const changed = await admin.put(one(id), { real_name: 'Bo Wang-Li', email: 'bo@example.com' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ user_name: 'bo.wang', real_name: 'Bo Wang-Li', email: 'bo@example.com', nick_name: 'bo' });
    const bad = await admin.put(one(id), { email: 'not an address', mobile: '12ab' }, { headers: { 'accept-language': 'ja-JP' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: '有効なメールアドレスではありません', mobile: '数字のみ（5〜19 桁）、先頭に「+」を付けられます' });
    expect(bad.body.message).toContain('メールアドレス');
    const taken = await admin.put(one(id), { user_name: 'DEMO_LEARNER' });
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.errors)).toEqual(['user_name']);
    // The server's own fields are not taken from a body.
    const kept = await admin.put(one(id), { status: 'deactive', availability: 'x', point: 99, create_time: 0 });
    expect(kept.body.data).toMatchObject({ status: 'active', availability: 'Release', point: 0, create_time: changed.body.data.create_time });
    // A learner belongs to a tenant: an operator may move it, never take it out of every tenant.
    expect((await admin.put(one(id), { tenant_id: null })).body.errors).toEqual({ tenant_id: 'Required' });
    expect((await admin.put(one(id), { tenant_id: 999_999 })).status).toBe(400);
  });

  test('nobody but an operator changes or deletes accounts', async () => {
    const id = await userId('chen.wang');
    for (const api of [academyAdmin, riversideAdmin, learner]) {
      expect((await api.put(one(id), { real_name: 'Changed' })).status).toBe(403);
      expect((await api.delete(one(id))).status).toBe(403);
    }
    expect((await anonymous().put(one(id), { real_name: 'Changed' })).status).toBe(401);
    expect((await admin.get(one(id))).body.data.real_name).toBe('Chen Wang');
  });

  test('an operator deletes an account, never its own', async () => {
    const self = await admin.delete(one(await userId('admin')));
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot delete your own account');
    const id = await userId('noah.wang');
    expect((await admin.delete(one(id))).status).toBe(200);
    expect((await admin.get(one(id))).status).toBe(404);
    expect((await admin.delete(one(id))).status).toBe(404);
  });
});

describe('making accounts', () => {
  test('an operator makes a learner, a tenant administrator or an administrator; the password is never answered', async () => {
    const made = await admin.post('/uc/v1/users', { user_name: 'new.learner', password: 'learner-pass-1', real_name: 'New Learner', tenant_id: academy });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ user_name: 'new.learner', tenant_id: academy, status: 'active', availability: 'Release' });
    expect(JSON.stringify(made.body)).not.toContain('learner-pass-1');
    await signIn(server.url, 'new.learner', 'learner-pass-1', { platform: true });
    expect((await call(server.url, 'POST', '/api/v1/sys/auth', { body: { login_name: 'new.learner', password: 'learner-pass-1' } })).status).toBe(403);

    const boss = await admin.post('/uc/v1/users', { user_name: 'new.boss', password: 'boss-pass-1', tenant_id: riverside, role: 'tenant_admin' });
    expect(boss.status).toBe(200);
    const bossApi = client(server.url, await signIn(server.url, 'new.boss', 'boss-pass-1'));
    expect((await bossApi.get(list)).body.data.total).toBe(14);

    expect((await admin.post('/uc/v1/users', { user_name: 'new.operator', password: 'operator-pass-1', role: 'admin' })).status).toBe(200);
    await signIn(server.url, 'new.operator', 'operator-pass-1');
  });

  test('a role and a tenant must agree; bad input and taken names are refused', async () => {
    const operatorInTenant = await admin.post('/uc/v1/users', { user_name: 'op.tenant', password: 'operator-pass-1', role: 'admin', tenant_id: academy });
    expect(operatorInTenant.body.errors).toEqual({ tenant_id: 'An administrator belongs to no tenant: leave it empty' });
    expect((await admin.post('/uc/v1/users', { user_name: 'homeless', password: 'learner-pass-1' })).body.errors).toEqual({ tenant_id: 'Required' });
    expect((await admin.post('/uc/v1/users', { user_name: 'lost', password: 'learner-pass-1', tenant_id: 999_999 })).body.errors).toEqual({
      tenant_id: 'The chosen record does not exist',
    });
    const bad = await admin.post('/uc/v1/users', { user_name: 'x', password: 'short', role: 'root', tenant_id: academy });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['password', 'role', 'user_name']);
    const taken = await admin.post('/uc/v1/users', { user_name: 'Riverside_Admin', password: 'learner-pass-1', tenant_id: academy });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ user_name: '"Riverside_Admin" is already in use' });
  });

  test('nobody but an operator makes accounts', async () => {
    const body = { user_name: 'sneaky', password: 'sneaky-pass-1', tenant_id: academy };
    expect((await academyAdmin.post('/uc/v1/users', body)).status).toBe(403);
    expect((await academyAdmin.post('/uc/v1/users', { ...body, role: 'admin', tenant_id: undefined })).status).toBe(403);
    expect((await learner.post('/uc/v1/users', body)).status).toBe(403);
    expect((await anonymous().post('/uc/v1/users', body)).status).toBe(401);
    expect((await server.app.db.select().from(users).where(eq(users.user_name, 'sneaky'))).length).toBe(0);
  });
});

describe('activation', () => {
  test('deactivating ends the open sessions at once and refuses sign-in; activating lets the user back in', async () => {
    const id = await userId('ines.wang');
    const session = client(server.url, await signIn(server.url, 'ines.wang', DEMO_PASSWORD, { platform: true }));
    expect((await session.get('/api/v1/user/profile')).status).toBe(200);

    const off = await admin.put(status(riverside, id, 'deactive'));
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ user_id: id, status: 'deactive', availability: 'Deactive' });
    expect((await session.get('/api/v1/user/profile')).status).toBe(401);
    const refused = await call(server.url, 'POST', '/api/v1/auth', { body: { login_name: 'ines.wang', password: DEMO_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account has been deactivated');
    expect((await admin.get(one(id))).body.data.status).toBe('deactive');

    const on = await admin.put(status(riverside, id, 'active'));
    expect(on.body.data).toMatchObject({ status: 'active', availability: 'Release' });
    await signIn(server.url, 'ines.wang', DEMO_PASSWORD, { platform: true });
    // The old session stays ended: activation does not bring sessions back.
    expect((await session.get('/api/v1/user/profile')).status).toBe(401);
  });

  test("a tenant administrator (de)activates its own tenant's users only", async () => {
    const own = await userId('demo_learner');
    const other = await userId('farah.wang');
    expect((await learner.put(status(academy, own, 'deactive'))).status).toBe(403);
    expect((await anonymous().put(status(academy, own, 'deactive'))).status).toBe(401);
    expect((await academyAdmin.put(status(academy, own, 'deactive'))).body.data.status).toBe('deactive');
    // Deactivation ended the learner's own session too.
    expect((await learner.get('/api/v1/user/profile')).status).toBe(401);
    expect((await academyAdmin.put(status(academy, own, 'active'))).body.data.status).toBe('active');
    expect((await academyAdmin.put(status(riverside, other, 'deactive'))).status).toBe(403);
    expect((await academyAdmin.put(status(academy, other, 'deactive'))).status).toBe(403);
    expect((await riversideAdmin.put(status(riverside, other, 'deactive'))).status).toBe(200);
    expect((await riversideAdmin.put(status(riverside, other, 'active'))).status).toBe(200);
    expect((await admin.get(one(other))).body.data.status).toBe('active');
  });

  test('the tenant in the address must be the user\'s; nobody deactivates itself', async () => {
    const id = await userId('hiro.wang');
    expect((await admin.put(status(academy, id, 'deactive'))).status).toBe(404);
    expect((await admin.put(status(riverside, 999_999, 'deactive'))).status).toBe(404);
    expect((await admin.put(status(riverside, id, 'deactive'))).status).toBe(200);
    // The same state again changes nothing and is not an error.
    expect((await admin.put(status(riverside, id, 'deactive'))).body.data.status).toBe('deactive');
    const self = await academyAdmin.put(status(academy, await userId('demo_tenant_admin'), 'deactive'));
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot deactivate your own account');
    expect((await admin.put(`/uc/v1/tenant/x/users/${id}/active`)).status).toBe(400);
  });
});
