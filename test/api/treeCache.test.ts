/**
 * Trees sent again from memory (server/routes/treeCache.ts, migration 0024): two instances share a
 * database, and after every kind of write that changes what a tree shows, made through either of
 * them, both answer the tree the database builds now, never the one they kept. The kept tree is
 * what they send while nothing changed it.
 */
import { sql } from 'drizzle-orm';
import { chapterTreeStatement } from '../../server/routes/chapters';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, createScratchDatabase, startServer, type TestServer } from './server';

let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let first: TestServer, second: TestServer;
let one: ReturnType<typeof client>, two: ReturnType<typeof client>;

beforeAll(async () => {
  database = await createScratchDatabase();
  first = await startServer({}, database.url);
  second = await startServer({}, database.url);
  one = client(first.url, await signIn(first.url, 'admin', ADMIN_PASSWORD));
  two = client(second.url, await signIn(second.url, 'admin', ADMIN_PASSWORD));
}, 60_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.drop();
});

const run = (statement: ReturnType<typeof sql>) => first.database.db.execute(statement);

/** The course's chapter tree as the database builds it now, keeping nothing. */
async function builtNow(courseId: number) {
  const statement = chapterTreeStatement(first.database.db, courseId);
  const pool = (first.database.db as unknown as { $client: { query: (query: object) => Promise<{ rows: unknown[][] }> } }).$client;
  const { rows } = await pool.query({ text: statement.sql, values: statement.params, rowMode: 'array' });
  return JSON.parse(rows[0][statement.fields.indexOf('tree')] as string);
}

/** Both instances answer the tree the database builds now. */
async function expectBothFresh(courseId: number) {
  const now = await builtNow(courseId);
  for (const api of [one, two]) {
    const answer = await api.get(`/api/v1/courses/${courseId}/chapters/tree`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(now);
  }
  return now;
}

const ok = async (answer: Promise<{ status: number; body: { data?: { id?: number } } }>) => {
  const done = await answer;
  expect(done.status).toBe(200);
  return done.body.data as { id: number };
};

test("a course's chapter tree follows every write that changes it, made through either instance", async () => {
  const categoryId = (await one.get('/api/v1/categories/tree')).body.data[0].id;
  const course = await ok(one.post('/api/v1/courses', { title: 'Kept trees', category_id: categoryId }));
  const video = await ok(one.post('/api/v1/videos', { title: 'First take' }));
  const chapter = await ok(one.post('/api/v1/chapters', { course_id: course.id, title: 'Opening' }));
  const section = await ok(two.post('/api/v1/chapters', { course_id: course.id, title: 'Welcome', parent_id: chapter.id, res_id: video.id }));
  const other = await ok(one.post('/api/v1/chapters', { course_id: course.id, title: 'Middle' }));
  let tree = await expectBothFresh(course.id);
  expect(tree.map((node: { title: string }) => node.title)).toEqual(['Opening', 'Middle']);

  // Each write below goes through one instance while both hold the tree.
  await ok(one.put(`/api/v1/chapters/${section.id}`, { title: 'Welcome aboard' }));
  tree = await expectBothFresh(course.id);
  expect(tree[0].children[0].title).toBe('Welcome aboard');

  await ok(two.put(`/api/v1/courses/${course.id}`, { title: 'Kept trees, renamed' }));
  tree = await expectBothFresh(course.id);
  expect(tree[0].course.title).toBe('Kept trees, renamed');

  await ok(one.put(`/api/v1/videos/${video.id}`, { title: 'Second take' }));
  tree = await expectBothFresh(course.id);
  expect(tree[0].children[0].video.title).toBe('Second take');

  await ok(two.put(`/api/v1/chapters/${other.id}/order`, { after_id: 0, before_id: chapter.id }));
  tree = await expectBothFresh(course.id);
  expect(tree.map((node: { title: string }) => node.title)).toEqual(['Middle', 'Opening']);

  await ok(one.post('/api/v1/chapters', { course_id: course.id, title: 'Second section', parent_id: chapter.id }));
  await expectBothFresh(course.id);
  await ok(two.delete(`/api/v1/chapters/${section.id}`));
  tree = await expectBothFresh(course.id);
  expect(tree[1].children.map((node: { title: string }) => node.title)).toEqual(['Second section']);

  // Another course's writes leave this tree as kept, and its own tree is its own.
  const elsewhere = await ok(one.post('/api/v1/courses', { title: 'Elsewhere', category_id: categoryId }));
  await ok(two.post('/api/v1/chapters', { course_id: elsewhere.id, title: 'Far away' }));
  await expectBothFresh(course.id);
  expect((await expectBothFresh(elsewhere.id)).map((node: { title: string }) => node.title)).toEqual(['Far away']);

  // A deleted course's tree is a 404 on both, whatever they kept.
  await ok(one.delete(`/api/v1/courses/${elsewhere.id}`));
  for (const api of [one, two]) expect((await api.get(`/api/v1/courses/${elsewhere.id}/chapters/tree`)).status).toBe(404);

  // Even when its chapters were gone before it, so that its deletion raised no version: both had kept its empty tree.
  const emptied = await ok(one.post('/api/v1/courses', { title: 'Emptied', category_id: categoryId }));
  const only = await ok(two.post('/api/v1/chapters', { course_id: emptied.id, title: 'Only chapter' }));
  await ok(one.delete(`/api/v1/chapters/${only.id}`));
  expect(await expectBothFresh(emptied.id)).toEqual([]);
  await ok(two.delete(`/api/v1/courses/${emptied.id}`));
  for (const api of [one, two]) expect((await api.get(`/api/v1/courses/${emptied.id}/chapters/tree`)).status).toBe(404);
});

test('what an instance sends from memory is the kept tree, until the version moves', async () => {
  const categoryId = (await one.get('/api/v1/categories/tree')).body.data[0].id;
  const course = await ok(one.post('/api/v1/courses', { title: 'Memory', category_id: categoryId }));
  const chapter = await ok(one.post('/api/v1/chapters', { course_id: course.id, title: 'As kept' }));
  await expectBothFresh(course.id);
  // Changed around the triggers (as no write of the API can be): the version stands, so the kept tree is sent.
  await first.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update chapters set title = 'Changed unseen' where id = ${chapter.id}`);
  });
  for (const api of [one, two]) expect((await api.get(`/api/v1/courses/${course.id}/chapters/tree`)).body.data[0].title).toBe('As kept');
  await run(sql`select raise_versions('chapter_tree', array[${course.id}::int])`);
  expect((await expectBothFresh(course.id))[0].title).toBe('Changed unseen');
});

test('the category tree follows every write to the categories, made through either instance', async () => {
  const tree = async (api: typeof one) => (await api.get('/api/v1/categories/tree')).body.data as { id: number; title: string; children: { title: string }[] }[];
  const before = await tree(one);
  expect(await tree(two)).toEqual(before);
  const made = await ok(two.post('/api/v1/categories', { title: 'Kept category' }));
  for (const api of [one, two]) expect((await tree(api)).map((node) => node.title)).toEqual([...before.map((node) => node.title), 'Kept category']);
  await ok(one.post('/api/v1/categories', { title: 'Kept child', parent_id: made.id }));
  await ok(one.put(`/api/v1/categories/${made.id}`, { title: 'Kept, renamed' }));
  for (const api of [one, two]) {
    const last = (await tree(api)).at(-1)!;
    expect([last.title, last.children.map((node) => node.title)]).toEqual(['Kept, renamed', ['Kept child']]);
  }
  await ok(two.put(`/api/v1/categories/${made.id}/order`, { after_id: 0, before_id: before[0].id }));
  for (const api of [one, two]) expect((await tree(api))[0].title).toBe('Kept, renamed');
});
