import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const path = '/api/v1/carousel_groups';
let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

const total = async () => (await admin.get(path)).body.data.total as number;

const ucodes = (answer: { body: { data: { items: { ucode: string }[] } } }) => answer.body.data.items.map((group) => group.ucode);

describe('listing', () => {
  // Five groups of this block's own, on top of the two demo groups of a fresh server.
  const paged = [1, 2, 3, 4, 5].map((n) => ({ ucode: `page-${n}`, name: `Paged ${n}` }));
  let before: number;
  beforeAll(async () => {
    before = await total();
    for (const group of paged) expect((await admin.post(path, group)).status).toBe(200);
  });

  test('the demo groups come back a page at a time, newest first, with the total', async () => {
    const answer = await admin.get(path);
    expect(answer.status).toBe(200);
    expect(answer.body.data.total).toBe(before + paged.length);
    expect(ucodes(answer)).toEqual(['page-5', 'page-4', 'page-3', 'page-2', 'page-1', 'course', 'home']);
    expect(answer.body.data.items[5]).toEqual({ id: 2, ucode: 'course', name: 'Course page', description: 'Banners beside the course list' });
  });

  test('page, page_size, sort_by and order', async () => {
    // By ucode: course, home, page-1, page-2, ...
    const second = await admin.get(path, { query: { page: 2, page_size: 2, sort_by: 'ucode', order: 'asc' } });
    expect(second.body.data.total).toBe(before + paged.length);
    expect(ucodes(second)).toEqual(['page-1', 'page-2']);
    const beyond = await admin.get(path, { query: { page: 9, page_size: 2 } });
    expect(beyond.body.data).toEqual({ items: [], total: before + paged.length });
  });

  test('keyword looks in ucode, name and description, and takes % literally', async () => {
    const byName = await admin.get(path, { query: { keyword: 'paged 3' } });
    expect(ucodes(byName)).toEqual(['page-3']);
    const byDescription = await admin.get(path, { query: { keyword: 'top of the home' } });
    expect(byDescription.body.data.total).toBe(1);
    const percent = await admin.get(path, { query: { keyword: '%' } });
    expect(percent.body.data.total).toBe(0);
    // Past the last page of a search the total is still the number of matches.
    const beyond = await admin.get(path, { query: { keyword: 'paged', page: 4, page_size: 2 } });
    expect(beyond.body.data).toEqual({ items: [], total: paged.length });
  });

  test('bad list parameters are refused and named', async () => {
    for (const [query, field] of [
      [{ page: 0 }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ page_size: 1000 }, 'page_size'],
      [{ sort_by: 'password' }, 'sort_by'],
      [{ order: 'sideways' }, 'order'],
    ] as const) {
      const answer = await admin.get(path, { query });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
  });
});

describe('create, read, update, delete', () => {
  test('a group is created, read back, changed and deleted', async () => {
    const created = await admin.post(path, { ucode: 'spring-sale', name: '  Spring sale  ', description: null });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ucode: 'spring-sale', name: 'Spring sale', description: '' });
    const id = created.body.data.id;
    expect((await admin.get(`${path}/${id}`)).body.data.name).toBe('Spring sale');

    const updated = await admin.put(`${path}/${id}`, { id, ucode: 'spring-sale', name: 'Spring sale 2026', description: 'March' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ id, ucode: 'spring-sale', name: 'Spring sale 2026', description: 'March' });

    expect((await admin.delete(`${path}/${id}`)).body).toEqual({ success: true, data: null });
    expect((await admin.get(`${path}/${id}`)).status).toBe(404);
    expect((await admin.delete(`${path}/${id}`)).status).toBe(404);
  });

  test('missing and malformed fields are named, and nothing is written', async () => {
    const before = await total();
    const empty = await admin.post(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ ucode: 'Required', name: 'Required' });
    // The message names fields as the form labels them, in the caller's language.
    expect(empty.body.message).toBe('Invalid input: Code (ucode): Required; Name: Required');
    const chinese = await admin.post(path, {}, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('输入有误：分组编码（ucode）：必填；名称：必填');

    const malformed = await admin.post(path, { ucode: 'has space', name: 'x'.repeat(65), description: 'd'.repeat(501) });
    expect(malformed.body.errors).toEqual({
      ucode: 'Only letters, digits, "-" and "_"',
      name: 'Must be 64 characters or less',
      description: 'Must be 500 characters or less',
    });
    const wrongTypes = await admin.post(path, { ucode: 42, name: ['x'] });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['name', 'ucode']);
    expect(await total()).toBe(before);
  });

  test('an update changes the fields it names and keeps the others; a required field cannot be cleared', async () => {
    const group = (await admin.post(path, { ucode: 'partial', name: 'Partial', description: 'Kept as it is' })).body.data;
    const renamed = await admin.put(`${path}/${group.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ ucode: 'partial', name: 'Renamed', description: 'Kept as it is' });

    const cleared = await admin.put(`${path}/${group.id}`, { name: '' });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors).toEqual({ name: 'Required' });
    const nulled = await admin.put(`${path}/${group.id}`, { ucode: null });
    expect(nulled.status).toBe(400);
    expect((await admin.get(`${path}/${group.id}`)).body.data).toMatchObject({ ucode: 'partial', name: 'Renamed', description: 'Kept as it is' });

    // An optional field is cleared only when the body names it.
    const blanked = await admin.put(`${path}/${group.id}`, { description: null });
    expect(blanked.body.data).toMatchObject({ name: 'Renamed', description: '' });
  });

  test('a page of chosen records, as getMany asks for them', async () => {
    const ids = [
      (await admin.post(path, { ucode: 'pick-a', name: 'Pick A' })).body.data.id,
      (await admin.post(path, { ucode: 'pick-b', name: 'Pick B' })).body.data.id,
    ];
    const picked = await admin.get(`${path}?id=${ids[0]}&id=${ids[1]}&page_size=100`);
    expect(picked.body.data.total).toBe(2);
    expect(picked.body.data.items.map((item: { id: number }) => item.id).sort()).toEqual([...ids].sort());
    expect((await admin.get(`${path}?id=abc`)).status).toBe(400);
  });

  test('a duplicate ucode is a 409 that names it, on create and on update', async () => {
    const before = await total();
    const duplicate = await admin.post(path, { ucode: 'home', name: 'Another home' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Code (ucode) "home" is already in use');
    // Named under the field too, as a 400 names its fields.
    expect(duplicate.body.errors).toEqual({ ucode: '"home" is already in use' });
    expect(await total()).toBe(before);

    const other = (await admin.post(path, { ucode: 'other', name: 'Other' })).body.data;
    const clash = await admin.put(`${path}/${other.id}`, { ucode: 'course', name: 'Other' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual({ ucode: '"course" is already in use' });
    const inJapanese = await admin.put(`${path}/${other.id}`, { ucode: 'course', name: 'Other' }, { headers: { 'accept-language': 'ja' } });
    expect(inJapanese.body.errors).toEqual({ ucode: '「course」は既に使われています' });
    expect((await admin.get(`${path}/${other.id}`)).body.data.ucode).toBe('other');
  });

  test('unknown and malformed ids', async () => {
    expect((await admin.get(`${path}/999999`)).status).toBe(404);
    expect((await admin.put(`${path}/999999`, { ucode: 'x', name: 'x' })).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const answer = await admin.get(`${path}/${id}`);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(['id']);
    }
  });
});

describe('who may', () => {
  test('a tenant administrator may not read or change carousel groups', async () => {
    const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
    const before = await total();
    expect((await tenantAdmin.get(path)).status).toBe(403);
    expect((await tenantAdmin.get(`${path}/1`)).status).toBe(403);
    expect((await tenantAdmin.post(path, { ucode: 'mine', name: 'Mine' })).status).toBe(403);
    expect((await tenantAdmin.put(`${path}/1`, { ucode: 'home', name: 'Hacked' })).status).toBe(403);
    expect((await tenantAdmin.delete(`${path}/1`)).status).toBe(403);
    expect(await total()).toBe(before);
    expect((await admin.get(`${path}/1`)).body.data.name).toBe('Home page');
  });

  test('nobody without a session', async () => {
    const anonymous = client(server.url);
    expect((await anonymous.get(path)).status).toBe(401);
    expect((await anonymous.delete(`${path}/1`)).status).toBe(401);
  });
});
