import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const collection = '/api/v1/carousels';
const pager = '/api/v1/carousels/pager';
const groups = '/api/v1/carousel_groups';
let server: TestServer;
let admin: ReturnType<typeof client>;

interface Carousel {
  id: number;
  title: string;
  carousel_group_id: number;
  carousel_group: { id: number; name: string };
  target_id: number | null;
  target: { id: number; title: string } | null;
  [field: string]: unknown;
}

let groupId: number;
let courseId: number;
let courseTitle: string;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  groupId = (await admin.post(groups, { ucode: 'test-main', name: 'Test group' })).body.data.id;
  const course = (await admin.get('/api/v1/courses/pager', { query: { page_size: 1 } })).body.data.items[0];
  courseId = course.id;
  courseTitle = course.title;
});
afterAll(() => server.stop());

const image = 'demo/cover-3.jpg';

async function create(body: Record<string, unknown>): Promise<Carousel> {
  const answer = await admin.post(collection, { carousel_group_id: groupId, image_link: image, ...body });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function list(query: Record<string, string | number | (string | number)[]>) {
  const answer = await admin.get(pager, { query });
  expect(answer.status).toBe(200);
  return answer.body.data as { items: Carousel[]; total: number };
}

describe('the demo carousels', () => {
  test('both demo groups hold carousels with demo images, some leading to courses', async () => {
    const demoGroups = (await admin.get(groups, { query: { page_size: 100 } })).body.data.items.filter((group: { ucode: string }) =>
      ['home', 'course'].includes(group.ucode),
    );
    expect(demoGroups).toHaveLength(2);
    for (const group of demoGroups) {
      const { items, total } = await list({ carousel_group_id: group.id });
      expect(total).toBeGreaterThanOrEqual(2);
      for (const item of items) expect(item.image_link).toMatch(/^demo\/cover-\d\.jpg$/);
    }
    const home = (await list({ carousel_group_id: demoGroups.find((group: { ucode: string }) => group.ucode === 'home').id })).items;
    expect(home.map((item) => item.target?.title)).toContain('React from first principles');
    // The image is served where the console will show it.
    const served = await fetch(`${server.url}/files/${home[0].image_link}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    await served.arrayBuffer();
  });
});

describe('create, read, list, update, delete', () => {
  test('a carousel is created with every field and answered with its group and target course', async () => {
    const created = await create({
      title: ' Spring sale ',
      description: 'Every course at half price',
      target_id: courseId,
      image_background_color: '#1a2B3c',
      customized_link: 'https://example.com/spring?from=banner',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Spring sale',
      description: 'Every course at half price',
      carousel_group_id: groupId,
      carousel_group: { id: groupId, name: 'Test group' },
      target_type: 'course',
      target_id: courseId,
      target: { id: courseId, title: courseTitle },
      image_link: image,
      image_background_color: '#1a2B3c',
      customized_link: 'https://example.com/spring?from=banner',
    });
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(created);
  });

  test('optional fields may stay empty: no target, no colour, no link', async () => {
    const created = await create({ title: 'Just a picture' });
    expect(created).toMatchObject({ target_type: 'course', target_id: null, target: null, image_background_color: '', customized_link: '', description: '' });
  });

  test('the list holds one group at a time, searched by keyword', async () => {
    const other = (await admin.post(groups, { ucode: 'test-other', name: 'Other group' })).body.data.id as number;
    const inOther = await create({ title: 'Over there', carousel_group_id: other });
    const here = await create({ title: 'Over here' });
    const mine = await list({ carousel_group_id: groupId, page_size: 100 });
    expect(mine.items.every((item) => item.carousel_group_id === groupId)).toBe(true);
    expect(mine.items.map((item) => item.id)).toContain(here.id);
    expect(await list({ carousel_group_id: other })).toEqual({ items: [inOther], total: 1 });
    expect((await list({ keyword: 'Over', carousel_group_id: groupId })).items.map((item) => item.id)).toEqual([here.id]);
    expect((await list({ carousel_group_id: 999_999 })).total).toBe(0);
  });

  test('an update changes what it names and keeps the rest; a delete removes it', async () => {
    const created = await create({ title: 'Before', description: 'kept', customized_link: 'http://example.com' });
    const updated = await admin.put(`${collection}/${created.id}`, { title: 'After', target_id: courseId, customized_link: '' });
    expect(updated.body.data).toMatchObject({ title: 'After', description: 'kept', target_id: courseId, customized_link: '' });
    expect((await admin.put(`${collection}/${created.id}`, { target_id: null })).body.data).toMatchObject({ target_id: null, target: null });
    expect((await admin.delete(`${collection}/${created.id}`)).body).toEqual({ success: true, data: null });
    expect((await admin.get(`${collection}/${created.id}`)).status).toBe(404);
    expect((await admin.put(`${collection}/${created.id}`, { title: 'Gone' })).status).toBe(404);
    expect((await admin.delete(`${collection}/${created.id}`)).status).toBe(404);
  });
});

describe('bad input', () => {
  test('title, group and image are required; unknown group or course: 400 naming the fields in the caller\'s language', async () => {
    const before = (await list({})).total;
    const chinese = await admin.post(collection, {}, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.status).toBe(400);
    expect(Object.keys(chinese.body.errors).sort()).toEqual(['carousel_group_id', 'image_link', 'title']);
    expect(chinese.body.message).toContain('轮播图分组');

    const unknown = await admin.post(collection, { title: 'Nowhere', carousel_group_id: 999_999, target_id: 999_998, image_link: image });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ carousel_group_id: 'The chosen record does not exist', target_id: 'The chosen record does not exist' });
    expect(unknown.body.message).toContain('Target course');
    expect((await admin.post(collection, { title: 'Series?', carousel_group_id: groupId, image_link: image, target_type: 'series' })).body.errors).toHaveProperty('target_type');
    expect((await admin.post(collection, { title: 'Bad key', carousel_group_id: groupId, image_link: '../etc/passwd' })).body.errors).toHaveProperty('image_link');
    expect((await list({})).total).toBe(before);
  });

  test('the background colour is #RGB or #RRGGBB', async () => {
    for (const colour of ['#FFF', '#abc', '#00ff7F']) expect((await create({ title: colour, image_background_color: colour })).image_background_color).toBe(colour);
    for (const colour of ['FFF', '#FFFF', '#GGG', 'red', '#12345']) {
      const refused = await admin.post(collection, { title: 'Bad colour', carousel_group_id: groupId, image_link: image, image_background_color: colour });
      expect([colour, refused.status]).toEqual([colour, 400]);
      expect(refused.body.errors).toEqual({ image_background_color: 'A colour such as #FFF or #1A2B3C' });
    }
    // Longer than a colour can be: the length is what is wrong.
    const long = await admin.post(collection, { title: 'Long colour', carousel_group_id: groupId, image_link: image, image_background_color: 'rgb(0,0,0)' });
    expect(long.body.errors).toEqual({ image_background_color: 'Must be 7 characters or less' });
    const japanese = await admin.post(collection, { title: 'x', carousel_group_id: groupId, image_link: image, image_background_color: 'blue' }, { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.body.errors).toEqual({ image_background_color: '#FFF や #1A2B3C のような色を入力してください' });
    expect(japanese.body.message).toContain('背景色');
  });

  test('the custom link is an http or https address, or empty', async () => {
    for (const link of ['http://example.com', 'https://example.com/a/b?c=d#e']) expect((await create({ title: 'Link', customized_link: link })).customized_link).toBe(link);
    for (const link of ['javascript:alert(1)', 'ftp://example.com/file', 'example.com', '//example.com', 'https://', 'https://exa mple.com', 'data:text/html,hi']) {
      const refused = await admin.post(collection, { title: 'Bad link', carousel_group_id: groupId, image_link: image, customized_link: link });
      expect([link, refused.status]).toEqual([link, 400]);
      expect(refused.body.errors).toEqual({ customized_link: 'A web address starting with http:// or https://' });
    }
    const chinese = await admin.put(`${collection}/${(await create({ title: 'Linked' })).id}`, { customized_link: 'mailto:a@b.c' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.errors).toEqual({ customized_link: '请填写以 http:// 或 https:// 开头的网址' });
  });
});

describe('guards', () => {
  test('a group that holds carousels cannot be deleted: 409 naming it and the count; empty, it can', async () => {
    const group = (await admin.post(groups, { ucode: 'test-guarded', name: 'Guarded group' })).body.data.id as number;
    const first = await create({ title: 'One', carousel_group_id: group });
    const second = await create({ title: 'Two', carousel_group_id: group });
    const refused = await admin.delete(`${groups}/${group}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The carousel group "Guarded group" holds 2 carousels and cannot be deleted: move or delete them first');
    const chinese = await admin.delete(`${groups}/${group}`, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('轮播图分组“Guarded group”下有 2 张轮播图，无法删除：请先移走或删除这些轮播图');

    await admin.delete(`${collection}/${first.id}`);
    expect((await admin.delete(`${groups}/${group}`)).body.message).toBe(
      'The carousel group "Guarded group" holds one carousel and cannot be deleted: move or delete the carousel first',
    );
    // Moved to another group, the last one no longer holds this one back.
    await admin.put(`${collection}/${second.id}`, { carousel_group_id: groupId });
    expect((await admin.delete(`${groups}/${group}`)).status).toBe(200);
  });

  test('a course a carousel leads to cannot be deleted: 409 naming it; without the carousel it can', async () => {
    const course = (await admin.post('/api/v1/courses', { title: 'Advertised', category_id: 1 })).body.data.id as number;
    const banner = await create({ title: 'Come and see', target_id: course });
    const refused = await admin.delete(`/api/v1/courses/${course}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The course "Advertised" is the target of one carousel and cannot be deleted: change or delete that carousel first');
    await admin.put(`${collection}/${banner.id}`, { target_id: null });
    expect((await admin.delete(`/api/v1/courses/${course}`)).status).toBe(200);
  });
});

describe('who may', () => {
  const everyCall = (id: number) =>
    [
      ['get', pager],
      ['get', `${collection}/${id}`],
      ['post', collection],
      ['put', `${collection}/${id}`],
      ['delete', `${collection}/${id}`],
    ] as const;

  test('anonymous: 401 on every call; a tenant administrator and a learner: 403, and nothing changes', async () => {
    const created = await create({ title: 'Guarded carousel' });
    const body = { title: 'Taken over', carousel_group_id: groupId, image_link: image };
    const callers = [
      [client(server.url), 401],
      [client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD)), 403],
      [client(server.url, await signIn(server.url, 'demo_learner', DEMO_PASSWORD, { platform: true })), 403],
    ] as const;
    for (const [caller, status] of callers)
      for (const [method, path] of everyCall(created.id)) {
        const answer = method === 'post' || method === 'put' ? await caller[method](path, body) : await caller[method](path);
        expect([method, path, answer.status]).toEqual([method, path, status]);
      }
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(created);
  });
});
