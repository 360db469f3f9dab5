import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { call, client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const collection = '/uc/v1/tenants';
let server: TestServer;
let admin: ReturnType<typeof client>;
/** Everyone who is not a platform administrator, as they are refused the tenant routes. */
let refused: { who: string; api: ReturnType<typeof client>; status: number }[];

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  refused = [
    { who: 'anonymous', api: client(server.url), status: 401 },
    { who: 'learner', api: client(server.url, await signIn(server.url, 'demo_learner', DEMO_PASSWORD, { platform: true })), status: 403 },
    { who: 'tenant admin', api: client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD)), status: 403 },
    { who: 'other tenant admin', api: client(server.url, await signIn(server.url, 'riverside_admin', DEMO_PASSWORD)), status: 403 },
  ];
});
afterAll(() => server.stop());

const total = async (query: Record<string, string> = {}) => (await admin.get(collection, { query })).body.data.total as number;
const tenantIdOf = async (code: string) =>
  (await admin.get(collection, { query: { keyword: code, page_size: 100 } })).body.data.items.find((t: { name: string }) => t.name === code)?.tenant_id as number;

test('the list searches the name and the code, and answers creation times as epoch milliseconds', async () => {
  const all = await admin.get(collection);
  expect(all.status).toBe(200);
  expect(all.body.data.items.map((t: { name: string }) => t.name)).toEqual(['demo', 'riverside']);
  const [demo] = all.body.data.items;
  expect(demo).toEqual({
    tenant_id: demo.tenant_id,
    display_name: 'Demo Academy',
    name: 'demo',
    description: 'An organisation to try the console with',
    create_time: expect.any(Number),
  });
  expect(Math.abs(demo.create_time - Date.now())).toBeLessThan(3_600_000);
  const byName = await admin.get(collection, { query: { keyword: 'college' } });
  expect(byName.body.data).toMatchObject({ total: 1, items: [{ name: 'riverside' }] });
  const byCode = await admin.get(collection, { query: { keyword: 'DEMO' } });
  expect(byCode.body.data).toMatchObject({ total: 1, items: [{ display_name: 'Demo Academy' }] });
});

test('a tenant is made with its administrator, who signs in and sees only its own tenant', async () => {
  const created = await admin.post(collection, {
    display_name: 'Harbour Institute',
    name: 'harbour',
    description: 'Evening classes',
    admin_user_name: 'harbour_admin',
    admin_password: 'harbour-pass-1',
  });
  expect(created.status).toBe(200);
  const id = created.body.data.tenant_id;
  expect(created.body.data).toEqual({ tenant_id: id, display_name: 'Harbour Institute', name: 'harbour', description: 'Evening classes', create_time: expect.any(Number) });

  const [account] = await server.app.db.select().from(users).where(eq(users.user_name, 'harbour_admin'));
  expect(account).toMatchObject({ tenant_id: id, roles: ['tenant_admin'], status: 'active' });
  expect(account.password_hash).toMatch(/^scrypt\$/);
  expect(account.password_hash).not.toContain('harbour-pass-1');

  const harbourAdmin = client(server.url, await signIn(server.url, 'harbour_admin', 'harbour-pass-1'));
  const own = await harbourAdmin.get('/uc/v1/system/users');
  expect(own.body.data).toMatchObject({ total: 1, items: [{ user_name: 'harbour_admin', tenant_id: id }] });
  expect((await admin.get(`${collection}/${id}`)).body.data).not.toHaveProperty('admin_password');
});

test('bad input is refused under each field, in the caller\'s language, and makes nothing', async () => {
  const before = await total();
  const empty = await admin.post(collection, {});
  expect(empty.status).toBe(400);
  expect(Object.keys(empty.body.errors).sort()).toEqual(['admin_password', 'admin_user_name', 'display_name', 'name']);

  const bad = await admin.post(
    collection,
    { display_name: 'x'.repeat(65), name: 'no spaces', admin_user_name: 'a b', admin_password: 'short' },
    { headers: { 'accept-language': 'zh-CN' } },
  );
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({
    display_name: expect.any(String),
    name: '只能包含字母、数字、“-”和“_”',
    admin_user_name: '只能包含字母、数字、“.”、“-”和“_”',
    admin_password: expect.stringContaining('8'),
  });
  expect(bad.body.message).toContain('管理员密码');
  expect(await total()).toBe(before);
});

test('a taken code (whatever the case) is a 409 under name; a taken administrator name leaves no tenant behind', async () => {
  const before = await total();
  const code = await admin.post(collection, { display_name: 'Copy', name: 'DEMO', admin_user_name: 'copy_admin', admin_password: 'copy-pass-1' });
  expect(code.status).toBe(409);
  expect(Object.keys(code.body.errors)).toEqual(['name']);

  const taken = await admin.post(collection, { display_name: 'Half made', name: 'half-made', admin_user_name: 'Demo_Learner', admin_password: 'half-pass-1' });
  expect(taken.status).toBe(409);
  expect(taken.body.errors).toEqual({ admin_user_name: '"Demo_Learner" is already in use' });
  expect(taken.body.message).toBe('Admin user name "Demo_Learner" is already in use');
  expect(await total()).toBe(before);
  expect(await tenantIdOf('half-made')).toBeUndefined();
  // Nor was the code used up: the same tenant with a free name is made.
  const retried = await admin.post(collection, { display_name: 'Half made', name: 'half-made', admin_user_name: 'half_admin', admin_password: 'half-pass-1' });
  expect(retried.status).toBe(200);
});

test('read and partial update; unknown and malformed ids', async () => {
  const id = await tenantIdOf('riverside');
  expect((await admin.get(`${collection}/${id}`)).body.data).toMatchObject({ display_name: 'Riverside College', name: 'riverside' });
  const changed = await admin.put(`${collection}/${id}`, { description: 'Now with evening classes' });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toMatchObject({ display_name: 'Riverside College', name: 'riverside', description: 'Now with evening classes' });
  expect((await admin.put(`${collection}/${id}`, { name: 'Demo' })).status).toBe(409);
  expect((await admin.put(`${collection}/${id}`, { display_name: '' })).body.errors).toEqual({ display_name: 'Required' });
  // create_time is the server's: a body cannot set it.
  const kept = await admin.put(`${collection}/${id}`, { create_time: 0 });
  expect(kept.body.data.create_time).toBe(changed.body.data.create_time);
  expect((await admin.get(`${collection}/999999`)).status).toBe(404);
  expect((await admin.get(`${collection}/abc`)).status).toBe(400);
});

test('a tenant that still has users is not deleted, and the message names it and the count', async () => {
  const id = await tenantIdOf('riverside');
  const refusedDelete = await admin.delete(`${collection}/${id}`);
  expect(refusedDelete.status).toBe(409);
  expect(refusedDelete.body.message).toBe('The tenant "Riverside College" still has 13 users and cannot be deleted: delete or move them first');
  const chinese = await admin.delete(`${collection}/${id}`, { headers: { 'accept-language': 'zh-CN' } });
  expect(chinese.body.message).toBe('租户“Riverside College”下还有 13 个用户，无法删除：请先删除或移走这些用户');
  expect((await admin.get(`${collection}/${id}`)).status).toBe(200);
});

test('an empty tenant is deleted', async () => {
  const made = await admin.post(collection, { display_name: 'Short lived', name: 'short-lived', admin_user_name: 'short_admin', admin_password: 'short-pass-1' });
  const id = made.body.data.tenant_id;
  const one = await admin.delete(`${collection}/${id}`);
  expect(one.status).toBe(409);
  expect(one.body.message).toBe('The tenant "Short lived" still has one user and cannot be deleted: delete or move the user first');
  const [account] = await server.app.db.select({ id: users.user_id }).from(users).where(eq(users.user_name, 'short_admin'));
  expect((await admin.delete(`/uc/v1/users/${account.id}`)).status).toBe(200);
  expect((await admin.delete(`${collection}/${id}`)).status).toBe(200);
  expect((await admin.get(`${collection}/${id}`)).status).toBe(404);
  expect((await admin.delete(`${collection}/${id}`)).status).toBe(404);
});

test('the public view names a tenant to anyone, and nothing more', async () => {
  const id = await tenantIdOf('demo');
  const seen = await call(server.url, 'GET', `${collection}/${id}/public`);
  expect(seen.status).toBe(200);
  expect(seen.body.data).toEqual({ tenant_id: id, display_name: 'Demo Academy' });
  expect((await call(server.url, 'GET', `${collection}/999999/public`)).status).toBe(404);
});

test('only a platform administrator lists, reads, makes, changes or deletes tenants', async () => {
  const id = await tenantIdOf('demo');
  const before = await total();
  for (const { who, api, status } of refused) {
    const answers = {
      list: (await api.get(collection)).status,
      read: (await api.get(`${collection}/${id}`)).status,
      create: (await api.post(collection, { display_name: 'Intruder', name: `intruder`, admin_user_name: 'intruder', admin_password: 'intruder-1' })).status,
      update: (await api.put(`${collection}/${id}`, { display_name: 'Taken over' })).status,
      delete: (await api.delete(`${collection}/${id}`)).status,
    };
    expect({ who, ...answers }).toEqual({ who, list: status, read: status, create: status, update: status, delete: status });
  }
  expect(await total()).toBe(before);
  expect((await admin.get(`${collection}/${id}`)).body.data.display_name).toBe('Demo Academy');
  const [{ intruders }] = await server.app.db.select({ intruders: sql<number>`count(*)::int` }).from(users).where(eq(users.user_name, 'intruder'));
  expect(intruders).toBe(0);
});
