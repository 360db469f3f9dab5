/**
 * A NUL (which PostgreSQL refuses in text) or a lone surrogate (no character at all) in any string
 * of any input is a 400 naming the field, in the caller's language, and writes nothing: it used
 * to be a 500 on POST /api/v1/videos and /api/v1/categories (issue 19's first finding).
 */
import { sql } from 'drizzle-orm';
import { call, client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
}, 120_000);
afterAll(() => server?.stop());

const rows = async (table: string) =>
  ((await server.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: { n: number }[] }).rows[0].n;

const NUL = 'Before\u0000after';
const LONE_SURROGATE = 'Broken \ud800 pair';

test.each([
  ['a video title with a NUL', '/api/v1/videos', { title: NUL }, 'videos', 'title'],
  ['a category title with a NUL', '/api/v1/categories', { title: NUL }, 'categories', 'title'],
  ['a category title with a lone surrogate', '/api/v1/categories', { title: LONE_SURROGATE }, 'categories', 'title'],
  ['a teacher with a NUL deep in a list', '/api/v1/teachers', { name: 'Ada', title: 'Dr', introduction: ['fine', NUL] }, 'teachers', 'introduction.1'],
])('%s is a 400 under the field and writes nothing', async (_name, path, body, table, field) => {
  const before = await rows(table);
  const answer = await admin.post(path, body);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ success: false, error_code: 400 });
  expect(answer.body.errors[field]).toBe('Contains a character that cannot be stored (a NUL or a broken surrogate)');
  expect(await rows(table)).toBe(before);
});

test("the message is in the caller's language", async () => {
  const zh = await admin.post('/api/v1/videos', { title: NUL }, { headers: { 'accept-language': 'zh-CN' } });
  expect(zh.body.errors.title).toBe('含有无法保存的字符（空字符或残缺的代理字符）');
  const ja = await admin.post('/api/v1/videos', { title: NUL }, { headers: { 'accept-language': 'ja-JP' } });
  expect(ja.body.errors.title).toBe('保存できない文字（NUL 文字や不完全なサロゲート）が含まれています');
});

test('a search word and a sign-in name with a NUL are refused the same way, before any query', async () => {
  const search = await admin.get('/api/v1/courses/pager', { query: { keyword: NUL } });
  expect(search.status).toBe(400);
  expect(search.body.errors.keyword).toBeDefined();
  const signInAnswer = await call(server.url, 'POST', '/api/v1/sys/auth', { body: { login_name: 'ad\u0000min', password: ADMIN_PASSWORD } });
  expect(signInAnswer.status).toBe(400);
  expect(signInAnswer.body.errors.login_name).toBeDefined();
});

test('ordinary text, emoji and every script still pass', async () => {
  const answer = await admin.post('/api/v1/videos', { title: 'Vidéo 视频 ビデオ 🎬 tab\there' });
  expect(answer.status).toBe(200);
  expect(answer.body.data.title).toBe('Vidéo 视频 ビデオ 🎬 tab\there');
});
