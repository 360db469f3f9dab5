import { sql } from 'drizzle-orm';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const collection = '/api/v1/courses';
const pager = '/api/v1/courses/pager';
let server: TestServer;
let admin: ReturnType<typeof client>;

interface Node {
  id: number;
  title: string;
  children: Node[];
}
interface Course {
  id: number;
  title: string;
  category_id: number;
  category: { id: number; title: string };
  teacher_ids: number[];
  teachers: { id: number; name: string; title: string; introduction: string; photo: string }[];
  price: number;
  original_price: number;
  [field: string]: unknown;
}

/** The demo tree's categories by title, and each top-level category's subcategories. */
let categoryId: Record<string, number>;
let childrenOf: Record<string, number[]>;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  const tree = (await admin.get('/api/v1/categories/tree')).body.data as Node[];
  categoryId = Object.fromEntries(tree.flatMap((top) => [[top.title, top.id], ...top.children.map((child) => [child.title, child.id])]));
  childrenOf = Object.fromEntries(tree.map((top) => [top.title, top.children.map((child) => child.id)]));
});
afterAll(() => server.stop());

async function teacher(name: string): Promise<number> {
  const answer = await admin.post('/api/v1/teachers', { name, title: 'Lecturer', introduction: `<p>${name} teaches.</p>` });
  expect(answer.status).toBe(200);
  return answer.body.data.id;
}

async function create(body: Record<string, unknown>): Promise<Course> {
  const answer = await admin.post(collection, { category_id: categoryId['Web development'], ...body });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const list = async (query: Record<string, string | number | (string | number)[]>) => {
  const answer = await admin.get(pager, { query });
  expect(answer.status).toBe(200);
  return answer.body.data as { items: Course[]; total: number };
};

/** Chapters and sections straight into the table: the chapter routes are another module's. */
async function addChapter(courseId: number, parentId: number, title: string, sortOrder: number): Promise<number> {
  const result = await server.database.db.execute(
    sql`insert into chapters (course_id, parent_id, title, sort_order, res_type) values (${courseId}, ${parentId}, ${title}, ${sortOrder}, 'video') returning id`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows[0].id;
}
async function chaptersOf(courseId: number): Promise<number> {
  const result = await server.database.db.execute(sql`select count(*)::int as total from chapters where course_id = ${courseId}`);
  return (result as unknown as { rows: { total: number }[] }).rows[0].total;
}

describe('the demo catalogue', () => {
  test('a few hundred courses, each answered with its category and teachers', async () => {
    const { items, total } = await list({ page_size: 50 });
    expect(total).toBeGreaterThanOrEqual(240);
    expect(total).toBeLessThanOrEqual(320);
    for (const course of items) {
      expect(course.category).toEqual({ id: course.category_id, title: expect.any(String) });
      expect(course.teachers.map((one) => one.id)).toEqual(course.teacher_ids);
      expect(course.teacher_ids.length).toBeGreaterThanOrEqual(1);
      expect(course.cover).toMatch(/^demo\/cover-\d\.jpg$/);
    }
  });

  test('the well-known course heads the list, in Web development, taught by Lin Qiao, with its chapter layout', async () => {
    const { items } = await list({ page_size: 10 });
    const [react] = items;
    expect(react).toMatchObject({
      title: 'React from first principles',
      category: { id: categoryId['Web development'], title: 'Web development' },
      price: 199,
      original_price: 299,
      cover: 'demo/cover-1.jpg',
      res_type: 'video',
    });
    expect(react.teachers).toEqual([
      { id: expect.any(Number), name: 'Lin Qiao', title: 'Senior front-end engineer', photo: 'demo/teacher.jpg', introduction: expect.stringContaining('<strong>React</strong>') },
    ]);
    const result = await server.database.db.execute(sql`
      select chapter.title, array_agg(section.title order by section.sort_order) as sections
      from chapters chapter join chapters section on section.parent_id = chapter.id
      where chapter.course_id = ${react.id} and chapter.parent_id = 0
      group by chapter.title, chapter.sort_order order by chapter.sort_order`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { title: 'Why React', sections: ['What a component is', 'Rendering a list'] },
      { title: 'State and effects', sections: ['useState from scratch', 'Effects and their clean-up', 'Exercises'] },
      { title: 'Shipping it', sections: ['Building for production'] },
    ]);
  });
});

describe('create, read, list, update, delete', () => {
  test('a course is created with every field, read, found by keyword and by id, and answered with its references in order', async () => {
    const [first, second] = [await teacher('Grace Hopper'), await teacher('Alan Kay')];
    const created = await create({
      title: '  Compilers by hand  ',
      cover: 'images/1716200000-ab12cd.jpg',
      teacher_ids: [second, first],
      subtitle: 'Parse, check, emit',
      price: 49.9,
      original_price: 99,
      brief: 'From tokens to machine code.',
      suit_crowds: 'Curious programmers',
      introduction: '<p>Write a <strong>compiler</strong></p><script>alert(1)</script>',
      res_type: 'pdf',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Compilers by hand',
      category_id: categoryId['Web development'],
      category: { id: categoryId['Web development'], title: 'Web development' },
      cover: 'images/1716200000-ab12cd.jpg',
      teacher_ids: [second, first],
      teachers: [
        { id: second, name: 'Alan Kay', title: 'Lecturer', introduction: '<p>Alan Kay teaches.</p>', photo: '' },
        { id: first, name: 'Grace Hopper', title: 'Lecturer', introduction: '<p>Grace Hopper teaches.</p>', photo: '' },
      ],
      subtitle: 'Parse, check, emit',
      price: 49.9,
      original_price: 99,
      brief: 'From tokens to machine code.',
      suit_crowds: 'Curious programmers',
      introduction: '<p>Write a <strong>compiler</strong></p>',
      res_type: 'pdf',
    });
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(created);
    expect((await list({ keyword: 'compilers BY' })).items.map((course) => course.id)).toEqual([created.id]);
    expect((await list({ id: [created.id] })).items).toEqual([created]);
  });

  test('the optional fields may be left out: no teachers, no cover, free', async () => {
    const created = await create({ title: 'Minimal course' });
    expect(created).toMatchObject({ teacher_ids: [], teachers: [], cover: '', price: 0, original_price: 0, introduction: '', res_type: 'video' });
  });

  test('a partial update changes only what it names, and answers the new references', async () => {
    const lecturer = await teacher('Barbara Liskov');
    const created = await create({ title: 'Data abstraction', subtitle: 'Types and modules', price: 20, original_price: 30, teacher_ids: [lecturer] });
    const moved = await admin.put(`${collection}/${created.id}`, { category_id: categoryId['Data science'] });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ ...created, category_id: categoryId['Data science'], category: { id: categoryId['Data science'], title: 'Data science' } });
    const repriced = await admin.put(`${collection}/${created.id}`, { price: 25, teacher_ids: [] });
    expect(repriced.body.data).toMatchObject({ title: 'Data abstraction', subtitle: 'Types and modules', price: 25, original_price: 30, teachers: [] });
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(repriced.body.data);
  });

  test('sorted by price, and a page past the end still says how many there are', async () => {
    const ascending = (await list({ sort_by: 'price', order: 'asc', page_size: 100 })).items.map((course) => course.price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const { items, total } = await list({ page: 1000, page_size: 10 });
    expect(items).toEqual([]);
    expect(total).toBeGreaterThan(240);
  });

  test('deleting a course deletes its chapters and their sections, in the same transaction', async () => {
    const created = await create({ title: 'Course with chapters' });
    const chapter = await addChapter(created.id, 0, 'Chapter one', 1);
    await addChapter(created.id, chapter, 'Section one', 1);
    await addChapter(created.id, chapter, 'Section two', 2);
    await addChapter(created.id, 0, 'Chapter two', 2);
    expect(await chaptersOf(created.id)).toBe(4);

    expect((await admin.delete(`${collection}/${created.id}`)).body).toEqual({ success: true, data: null });
    expect(await chaptersOf(created.id)).toBe(0);
    expect((await admin.get(`${collection}/${created.id}`)).status).toBe(404);
    expect((await admin.delete(`${collection}/${created.id}`)).status).toBe(404);
    expect((await admin.put(`${collection}/${created.id}`, { title: 'Gone' })).status).toBe(404);
  });
});

describe('the category filter', () => {
  test('a top-level category finds its own courses and those of its subcategories; a subcategory only its own', async () => {
    const direct = await create({ title: 'Filed under Programming itself', category_id: categoryId.Programming });
    const programming = await list({ categoryId: categoryId.Programming, page_size: 100 });
    const underProgramming = [categoryId.Programming, ...childrenOf.Programming];
    expect(programming.total).toBeGreaterThan(60);
    for (const course of programming.items) expect(underProgramming).toContain(course.category_id);
    expect(programming.items.map((course) => course.id)).toContain(direct.id);

    const perSubcategory = await Promise.all(childrenOf.Programming.map((id) => list({ categoryId: id, page_size: 1 })));
    const own = (await list({ categoryId: categoryId.Programming, id: [direct.id] })).total;
    expect(programming.total).toBe(perSubcategory.reduce((sum, page) => sum + page.total, 0) + own);

    const mobile = await list({ categoryId: categoryId['Mobile apps'], page_size: 100 });
    expect(mobile.total).toBeGreaterThan(0);
    for (const course of mobile.items) expect(course.category).toEqual({ id: categoryId['Mobile apps'], title: 'Mobile apps' });
    expect(mobile.items.map((course) => course.id)).not.toContain(direct.id);
  });

  test("a category's pages, near its start and past it, are the courses in order an offset finds, its subcategories' merged", async () => {
    // 260 more under Programming, each subcategory's ids interleaved with the others'.
    const under = [categoryId.Programming, ...childrenOf.Programming];
    await server.database.db.execute(sql`
      insert into courses (title, category_id, res_type)
      select 'Merged page ' || n, (${`{${under.join(',')}}`}::int[])[1 + n % ${under.length}], 'video' from generate_series(1, 260) as n`);
    const ids = async (category: number, offset: number, limit: number) => {
      const { rows } = (await server.database.db.execute(sql`
        select id from courses where category_id = any(array(select id from categories where id = ${category} or parent_id = ${category}))
        order by id desc limit ${limit} offset ${offset}`)) as unknown as { rows: { id: number }[] };
      return rows.map((row) => row.id);
    };
    for (const category of [categoryId.Programming, childrenOf.Programming[1]]) {
      // The first page, pages within 200 rows of the start (merged), and pages past them (an offset in the index).
      for (const [page, size] of [[1, 20], [2, 20], [10, 20], [11, 20], [14, 20], [1, 100], [2, 100], [3, 100], [29, 7]]) {
        const answer = await list({ categoryId: category, page, page_size: size });
        expect([category, page, size, answer.items.map((course) => course.id)]).toEqual([category, page, size, await ids(category, (page - 1) * size, size)]);
      }
    }
  });

  test('with a keyword and paging: one page of the matches, the total of all of them', async () => {
    const all = await list({ categoryId: categoryId.Languages, keyword: 'HSK', page_size: 100 });
    expect(all.total).toBeGreaterThan(0);
    for (const course of all.items) expect(course.title).toMatch(/HSK/);
    const second = await list({ categoryId: categoryId.Languages, keyword: 'HSK', page: 2, page_size: 1 });
    expect(second.total).toBe(all.total);
    expect(second.items.map((course) => course.id)).toEqual(all.items.slice(1, 2).map((course) => course.id));
  });

  test('a keyword finds what ILIKE finds, whatever the case and the script, and the record changed is found by its new title at once', async () => {
    const titles = ['École de Straße', 'ΣΊΣΥΦΟΣ the climber', 'Kirschblüte im ÄRMEL', '中文课程 Beginner', '日本語コース', 'Percent 100% off_now'];
    const made = [];
    for (const title of titles) made.push((await admin.post(collection, { title, category_id: categoryId.Languages })).body.data as Course);
    for (const keyword of ['école', 'ÉCOLE', 'STRASSE', 'straße', 'σίσυφος', 'ΣΊΣΥΦΟΣ', 'blüte im är', '中文', 'beginner', 'コース', '100%', 'f_n', '%', '_']) {
      const pattern = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
      const { rows } = (await server.database.db.execute(sql`select count(*)::int as total from courses where title ilike ${pattern}`)) as unknown as { rows: { total: number }[] };
      const [{ total }] = rows;
      expect([keyword, (await list({ keyword, page_size: 1 })).total]).toEqual([keyword, total]);
    }
    expect((await list({ keyword: 'ÉCOLE' })).items.map((course) => course.id)).toEqual([made[0].id]);
    expect((await list({ keyword: '100%' })).items.map((course) => course.id)).toEqual([made[5].id]);
    expect((await admin.put(`${collection}/${made[1].id}`, { title: 'Odysseus at sea' })).status).toBe(200);
    expect((await list({ keyword: 'ODYSSEUS' })).items.map((course) => course.id)).toEqual([made[1].id]);
    expect((await list({ keyword: 'σίσυφος' })).total).toBe(0);
  });

  test('a category that does not exist finds nothing; a malformed one is a 400 naming the filter', async () => {
    expect(await list({ categoryId: 999_999 })).toEqual({ items: [], total: 0 });
    const bad = await admin.get(pager, { query: { categoryId: 'web' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('categoryId');
    expect(bad.body.message).toContain('Category');
  });

  test('the OpenAPI documents categoryId on the pager', async () => {
    const docs = (await client(server.url).get('/api/docs/json')).body;
    const parameters = docs.paths[pager].get.parameters as { name: string; in: string }[];
    expect(parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'categoryId', in: 'query' }), expect.objectContaining({ name: 'keyword', in: 'query' })]));
    expect(JSON.stringify(parameters.find((parameter) => parameter.name === 'categoryId'))).toContain('subcategories');
  });
});

describe('bad input', () => {
  test('missing title, unknown category and teachers: 400 naming each field in the caller\'s language, nothing written', async () => {
    const before = (await list({})).total;
    const japanese = await admin.post(collection, { category_id: categoryId.Design }, { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.status).toBe(400);
    expect(japanese.body.errors).toEqual({ title: '必須項目です' });
    expect(japanese.body.message).toContain('タイトル');

    const unknown = await admin.post(collection, { title: 'Orphan', category_id: 999_999, teacher_ids: [999_998] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ category_id: 'The chosen record does not exist', teacher_ids: 'The chosen record does not exist' });
    expect(unknown.body.message).toContain('Category');
    expect(unknown.body.message).toContain('Main teachers');

    const chinese = await admin.post(collection, { title: 'No category' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.status).toBe(400);
    expect(Object.keys(chinese.body.errors)).toEqual(['category_id']);

    const twice = await admin.post(collection, { title: 'Same teacher twice', category_id: categoryId.Design, teacher_ids: [1, 1] });
    expect(twice.body.errors).toEqual({ teacher_ids: 'The same item is chosen twice' });
    expect((await list({})).total).toBe(before);
  });

  test('prices: never negative, at most two decimals, and an original price below the price is refused', async () => {
    const body = { title: 'Priced', category_id: categoryId.Marketing };
    const negative = await admin.post(collection, { ...body, price: -1, original_price: -0.5 });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.errors).sort()).toEqual(['original_price', 'price']);
    const decimals = await admin.post(collection, { ...body, price: 9.999 });
    expect(decimals.body.errors).toEqual({ price: 'At most two decimals' });
    expect((await admin.post(collection, { ...body, price: '12' })).body.errors).toHaveProperty('price');

    const below = await admin.post(collection, { ...body, price: 100, original_price: 80 });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ original_price: 'Cannot be below the price (100); leave it at 0 to show none' });
    const chinese = await admin.post(collection, { ...body, price: 100, original_price: 80 }, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toContain('原价');
    expect(chinese.body.errors.original_price).toBe('不能低于售价（100）；不显示原价请填 0');

    // 0 means no original price is shown; equal is allowed.
    expect((await admin.post(collection, { ...body, price: 100, original_price: 0 })).status).toBe(200);
    const equal = await create({ ...body, price: 100, original_price: 100 });
    // An update is checked against the stored other price.
    expect((await admin.put(`${collection}/${equal.id}`, { price: 120 })).body.errors).toHaveProperty('original_price');
    expect((await admin.put(`${collection}/${equal.id}`, { original_price: 99.99 })).body.errors).toHaveProperty('original_price');
    expect((await admin.put(`${collection}/${equal.id}`, { price: 120, original_price: 150 })).body.data).toMatchObject({ price: 120, original_price: 150 });
  });

  test('an update cannot clear the title or name a missing category, and changes nothing when refused', async () => {
    const created = await create({ title: 'Kept as it is', price: 10 });
    expect((await admin.put(`${collection}/${created.id}`, { title: '' })).body.errors).toEqual({ title: 'Required' });
    expect((await admin.put(`${collection}/${created.id}`, { title: 'Renamed', category_id: 999_999 })).body.errors).toEqual({
      category_id: 'The chosen record does not exist',
    });
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(created);
    expect((await admin.get(`${collection}/abc`)).status).toBe(400);
    expect((await admin.get(`${collection}/999999`)).status).toBe(404);
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
    const created = await create({ title: 'Guarded course' });
    const body = { title: 'Taken over', category_id: categoryId.Design };
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
