import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const path = '/api/v1/categories';

interface Node {
  id: number;
  title: string;
  parent_id: number;
  sort_order: number;
  children: Node[];
}

let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

async function tree(): Promise<Node[]> {
  const answer = await admin.get(`${path}/tree`);
  expect(answer.status).toBe(200);
  // The database writes the tree's JSON and the server sends it as it is: still JSON, in the envelope.
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.body.success).toBe(true);
  return answer.body.data;
}

async function create(title: string, parent_id = 0): Promise<Node> {
  const answer = await admin.post(path, { title, parent_id });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** A top-level category with subcategories of its own, so a test moves only what it made. */
async function family(title: string, children: string[]) {
  const parent = await create(title);
  const made: Node[] = [];
  for (const child of children) made.push(await create(child, parent.id));
  return { parent, ids: Object.fromEntries(made.map((child) => [child.title, child.id])) as Record<string, number> };
}

async function childrenOf(parentId: number): Promise<Node[]> {
  const parent = (await tree()).find((node) => node.id === parentId);
  if (!parent) throw new Error(`no top-level category ${parentId}`);
  return parent.children;
}

const titles = (nodes: Node[]) => nodes.map((node) => node.title);
const numbers = (nodes: Node[]) => nodes.map((node) => node.sort_order);
const oneToN = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const move = (id: number, after_id: number, before_id: number, headers?: Record<string, string>) =>
  admin.put(`${path}/${id}/order`, { after_id, before_id }, { headers });

describe('the tree', () => {
  test('the demo tree: top-level categories in order, each with its subcategories in theirs', async () => {
    const nodes = await tree();
    expect(titles(nodes)).toEqual(['Programming', 'Design', 'Business', 'Languages']);
    expect(numbers(nodes)).toEqual([1, 2, 3, 4]);
    expect(titles(nodes[0].children)).toEqual(['Web development', 'Mobile apps', 'Data science']);
    expect(nodes[0].children[0]).toEqual({
      id: expect.any(Number),
      title: 'Web development',
      parent_id: nodes[0].id,
      sort_order: 1,
      children: [],
    });
    expect(nodes[3]).toMatchObject({ title: 'Languages', parent_id: 0 });
    expect(titles(nodes[3].children)).toEqual(['English', 'Japanese', 'Chinese']);
  });
});

describe('create, read, update', () => {
  test('top-level and subcategories go last among their siblings', async () => {
    const before = (await tree()).length;
    const top = await create('  Photography  ');
    expect(top).toEqual({ id: expect.any(Number), title: 'Photography', parent_id: 0 });
    const nodes = await tree();
    expect(nodes.at(-1)).toMatchObject({ id: top.id, sort_order: before + 1, children: [] });

    const first = await create('Portraits', top.id);
    const second = await create('Landscapes', top.id);
    expect(second).toMatchObject({ title: 'Landscapes', parent_id: top.id });
    expect((await admin.get(`${path}/${first.id}`)).body.data).toEqual({ id: first.id, title: 'Portraits', parent_id: top.id });
    const children = await childrenOf(top.id);
    expect(titles(children)).toEqual(['Portraits', 'Landscapes']);
    expect(numbers(children)).toEqual([1, 2]);
  });

  test('no parent_id means top level', async () => {
    const answer = await admin.post(path, { title: 'Music' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.parent_id).toBe(0);
  });

  test('a third level, an unknown parent and a bad parent are 400 under parent_id, and nothing is written', async () => {
    const { ids } = await family('Cooking', ['Baking']);
    const count = async () => (await tree()).flatMap((node) => [node, ...node.children]).length;
    const before = await count();

    const third = await admin.post(path, { title: 'Bread', parent_id: ids.Baking });
    expect(third.status).toBe(400);
    expect(third.body.errors).toEqual({ parent_id: 'Categories have only two levels: choose a top-level category' });
    expect(third.body.message).toBe('Invalid input: Parent category: Categories have only two levels: choose a top-level category');

    const unknown = await admin.post(path, { title: 'Orphan', parent_id: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ parent_id: 'The chosen record does not exist' });

    const negative = await admin.post(path, { title: 'Negative', parent_id: -1 });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body.errors)).toEqual(['parent_id']);
    expect(await count()).toBe(before);
  });

  test('a missing title or wrong types are named in the caller\'s language', async () => {
    const empty = await admin.post(path, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ title: 'Required' });
    expect(empty.body.message).toBe('Invalid input: Category name: Required');
    expect((await admin.post(path, {}, { headers: { 'accept-language': 'zh-CN' } })).body.message).toBe('输入有误：分类名称：必填');
    expect((await admin.post(path, {}, { headers: { 'accept-language': 'ja-JP' } })).body.message).toContain('カテゴリ名');

    const blank = await admin.post(path, { title: '   ' });
    expect(blank.body.errors).toEqual({ title: 'Required' });
    const long = await admin.post(path, { title: 'x'.repeat(33) });
    expect(long.body.errors).toEqual({ title: 'Must be 32 characters or less' });
    const wrongTypes = await admin.post(path, { title: 42, parent_id: 'one' });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.body.errors).sort()).toEqual(['parent_id', 'title']);
  });

  test('an update changes what it names and keeps the rest', async () => {
    const { parent, ids } = await family('Health', ['Yoga', 'Running']);
    const renamed = await admin.put(`${path}/${ids.Yoga}`, { title: 'Yoga and pilates' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ id: ids.Yoga, title: 'Yoga and pilates', parent_id: parent.id });
    const same = await admin.put(`${path}/${ids.Yoga}`, { title: 'Yoga', parent_id: parent.id });
    expect(same.body.data).toEqual({ id: ids.Yoga, title: 'Yoga', parent_id: parent.id });
    expect(titles(await childrenOf(parent.id))).toEqual(['Yoga', 'Running']);

    const cleared = await admin.put(`${path}/${ids.Yoga}`, { title: '' });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors).toEqual({ title: 'Required' });
    expect((await admin.put(`${path}/999999`, { title: 'Nobody' })).status).toBe(404);
  });

  test('a new parent through PUT puts it last there and closes the gap it leaves', async () => {
    const from = await family('Science', ['Physics', 'Chemistry', 'Biology']);
    const to = await family('Maths', ['Algebra']);
    const moved = await admin.put(`${path}/${from.ids.Physics}`, { parent_id: to.parent.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ id: from.ids.Physics, title: 'Physics', parent_id: to.parent.id });
    const left = await childrenOf(from.parent.id);
    expect(titles(left)).toEqual(['Chemistry', 'Biology']);
    expect(numbers(left)).toEqual([1, 2]);
    const joined = await childrenOf(to.parent.id);
    expect(titles(joined)).toEqual(['Algebra', 'Physics']);
    expect(numbers(joined)).toEqual([1, 2]);

    // Up to the top level, last there.
    const promoted = await admin.put(`${path}/${from.ids.Biology}`, { parent_id: 0 });
    expect(promoted.status).toBe(200);
    const nodes = await tree();
    expect(nodes.at(-1)).toMatchObject({ id: from.ids.Biology, parent_id: 0, sort_order: nodes.length });
    expect(numbers(nodes)).toEqual(oneToN(nodes.length));
  });

  test('a PUT cannot make a third level, a parent of itself, or a parent into a child', async () => {
    const { parent, ids } = await family('Arts', ['Painting']);
    const other = await create('Crafts');
    const third = await admin.put(`${path}/${other.id}`, { parent_id: ids.Painting });
    expect(third.body.errors).toEqual({ parent_id: 'Categories have only two levels: choose a top-level category' });
    const self = await admin.put(`${path}/${other.id}`, { parent_id: other.id });
    expect(self.body.errors).toEqual({ parent_id: 'A category cannot be its own parent' });
    const withChildren = await admin.put(`${path}/${parent.id}`, { parent_id: other.id });
    expect(withChildren.status).toBe(400);
    expect(withChildren.body.errors).toEqual({ parent_id: 'A category that holds subcategories cannot become a subcategory' });
    const unknown = await admin.put(`${path}/${other.id}`, { parent_id: 999999 });
    expect(unknown.body.errors).toEqual({ parent_id: 'The chosen record does not exist' });
    expect((await admin.get(`${path}/${parent.id}`)).body.data.parent_id).toBe(0);
    expect((await admin.get(`${path}/${other.id}`)).body.data.parent_id).toBe(0);
  });
});

describe('delete', () => {
  test('a category holding subcategories is refused with 409 saying how many', async () => {
    const { parent, ids } = await family('Finance', ['Accounting', 'Investing']);
    const refused = await admin.delete(`${path}/${parent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The category "Finance" holds 2 subcategories and cannot be deleted: delete or move them first');
    const chinese = await admin.delete(`${path}/${parent.id}`, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('分类“Finance”下有 2 个子分类，无法删除：请先删除或移走子分类');
    expect((await admin.get(`${path}/${parent.id}`)).status).toBe(200);

    expect((await admin.delete(`${path}/${ids.Accounting}`)).status).toBe(200);
    const one = await admin.delete(`${path}/${parent.id}`);
    expect(one.body.message).toBe('The category "Finance" holds one subcategory and cannot be deleted: delete or move it first');
    expect((await admin.delete(`${path}/${ids.Investing}`)).status).toBe(200);
    expect((await admin.delete(`${path}/${parent.id}`)).body).toEqual({ success: true, data: null });
    expect((await admin.get(`${path}/${parent.id}`)).status).toBe(404);
    expect((await admin.delete(`${path}/${parent.id}`)).status).toBe(404);
  });

  test('a category holding courses is refused with 409 naming it and how many, whether top-level or a subcategory', async () => {
    const { parent, ids } = await family('Music', ['Piano']);
    const course = async (title: string, category_id: number) => {
      const answer = await admin.post('/api/v1/courses', { title, category_id });
      expect(answer.status).toBe(200);
      return answer.body.data.id as number;
    };
    const scales = await course('Scales', ids.Piano);
    await course('Chords', ids.Piano);
    const refused = await admin.delete(`${path}/${ids.Piano}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The category "Piano" holds 2 courses and cannot be deleted: move or delete them first');
    const japanese = await admin.delete(`${path}/${ids.Piano}`, { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.body.message).toBe('カテゴリ「Piano」には 2 件のコースがあるため削除できません。先にコースを移動または削除してください');
    expect((await admin.get(`${path}/${ids.Piano}`)).status).toBe(200);

    expect((await admin.put(`/api/v1/courses/${scales}`, { category_id: parent.id })).status).toBe(200);
    expect((await admin.delete(`${path}/${ids.Piano}`)).body.message).toBe(
      'The category "Piano" holds one course and cannot be deleted: move or delete the course first',
    );
    // The top-level category now holds a course of its own besides its subcategory.
    const chinese = await admin.delete(`${path}/${parent.id}`, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.status).toBe(409);
    expect(chinese.body.message).toBe('分类“Music”下有 1 个子分类，无法删除：请先删除或移走子分类');
    expect((await admin.delete(`/api/v1/courses/${scales}`)).status).toBe(200);
  });

  test('deleting closes the gap among the siblings', async () => {
    const { parent, ids } = await family('Sports', ['Football', 'Tennis', 'Golf', 'Swimming']);
    expect((await admin.delete(`${path}/${ids.Tennis}`)).status).toBe(200);
    const children = await childrenOf(parent.id);
    expect(titles(children)).toEqual(['Football', 'Golf', 'Swimming']);
    expect(numbers(children)).toEqual([1, 2, 3]);

    const top = await create('Temporary');
    expect((await admin.delete(`${path}/${top.id}`)).status).toBe(200);
    const nodes = await tree();
    expect(numbers(nodes)).toEqual(oneToN(nodes.length));
  });
});

describe('order', () => {
  const letters = ['A', 'B', 'C', 'D'];

  test('to the first place, the last, the middle, and where it already is', async () => {
    const { parent, ids } = await family('Order', letters);
    const expectOrder = async (expected: string[]) => {
      const children = await childrenOf(parent.id);
      expect(titles(children)).toEqual(expected);
      expect(numbers(children)).toEqual(oneToN(expected.length));
    };

    const first = await move(ids.C, 0, ids.A);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id: ids.C, title: 'C', parent_id: parent.id, sort_order: 1 });
    await expectOrder(['C', 'A', 'B', 'D']);

    expect((await move(ids.C, ids.D, 0)).body.data.sort_order).toBe(4);
    await expectOrder(['A', 'B', 'D', 'C']);

    expect((await move(ids.A, ids.B, ids.D)).body.data.sort_order).toBe(2);
    await expectOrder(['B', 'A', 'D', 'C']);

    // Move down by one, as the console's button does.
    expect((await move(ids.A, ids.D, ids.C)).status).toBe(200);
    await expectOrder(['B', 'D', 'A', 'C']);

    const stay = await move(ids.A, ids.D, ids.C);
    expect(stay.status).toBe(200);
    expect(stay.body.data.sort_order).toBe(3);
    await expectOrder(['B', 'D', 'A', 'C']);
  });

  test('top-level categories move the same way', async () => {
    const mine = await create('Top mover');
    const before = await tree();
    const firstId = before[0].id;
    expect((await move(mine.id, 0, firstId)).status).toBe(200);
    const after = await tree();
    expect(after[0].id).toBe(mine.id);
    expect(after[1].id).toBe(firstId);
    expect(numbers(after)).toEqual(oneToN(after.length));
    expect(after.map((node) => node.id).sort()).toEqual(before.map((node) => node.id).sort());
  });

  test('neighbours that are not siblings, unknown, itself or not adjacent are 400; nothing moves', async () => {
    const { parent, ids } = await family('Refusals', letters);
    const elsewhere = await family('Elsewhere', ['X']);

    const across = await move(ids.A, elsewhere.ids.X, 0);
    expect(across.status).toBe(400);
    expect(across.body.errors).toEqual({ after_id: 'Not in the same list: items move only among their own siblings, never to another parent' });
    expect(across.body.message).toBe(
      'Invalid input: Placed after (after_id): Not in the same list: items move only among their own siblings, never to another parent',
    );
    // A top-level category is not a sibling of a subcategory either.
    expect((await move(ids.A, 0, parent.id)).body.errors).toEqual({
      before_id: 'Not in the same list: items move only among their own siblings, never to another parent',
    });
    expect((await move(ids.A, 999999, 0)).body.errors).toEqual({ after_id: 'The chosen record does not exist' });
    expect((await move(ids.A, ids.A, ids.B)).body.errors).toEqual({ after_id: 'Cannot be the moved item itself' });

    const apart = await move(ids.A, ids.B, ids.D);
    expect(apart.status).toBe(400);
    expect(apart.body.errors).toEqual({ before_id: 'Must be the item right after the one given as after_id' });
    const reversed = await move(ids.A, ids.D, ids.C);
    expect(reversed.status).toBe(400);
    const bothEnds = await move(ids.A, 0, 0);
    expect(bothEnds.status).toBe(400);
    const chinese = await move(ids.A, ids.B, ids.D, { 'accept-language': 'zh-CN' });
    expect(chinese.body.message).toBe('输入有误：排在其前（before_id）：必须是紧跟在 after_id 所指项目之后的项目');

    for (const body of [{}, { after_id: -1, before_id: 0 }, { after_id: 'x', before_id: 0 }, { after_id: 1.5, before_id: 0 }]) {
      const malformed = await admin.put(`${path}/${ids.A}/order`, body);
      expect(malformed.status).toBe(400);
    }
    expect(titles(await childrenOf(parent.id))).toEqual(letters);
  });

  test('the only sibling may be placed with both ends 0', async () => {
    const { ids } = await family('Lonely', ['Only']);
    expect((await move(ids.Only, 0, 0)).body.data.sort_order).toBe(1);
  });

  test('an unknown category is 404', async () => {
    expect((await move(999999, 0, 0)).status).toBe(404);
    expect((await admin.put(`${path}/abc/order`, { after_id: 0, before_id: 0 })).status).toBe(400);
  });

  test('concurrent moves, creates and deletes keep a gapless 1..n order with every sibling once', async () => {
    const names = Array.from({ length: 8 }, (_, index) => `R${index + 1}`);
    const { parent, ids } = await family('Race', names);
    const order = names.map((name) => ids[name]);
    // Each move is valid against the order as it was; once others have landed many become stale (400).
    const moves = Array.from({ length: 20 }, (_, index) => {
      const id = order[(index * 3) % order.length];
      const others = order.filter((other) => other !== id);
      const position = (index * 5) % (others.length + 1);
      return move(id, others[position - 1] ?? 0, others[position] ?? 0);
    });
    const created = Array.from({ length: 5 }, (_, index) => admin.post(path, { title: `New ${index}`, parent_id: parent.id }));
    const deleted = [admin.delete(`${path}/${ids.R2}`), admin.delete(`${path}/${ids.R7}`)];
    const answers = await Promise.all([...moves, ...created, ...deleted]);
    // A move of a category deleted meanwhile is a 404; no answer is a 500.
    for (const answer of answers.slice(0, moves.length)) expect([200, 400, 404, 409]).toContain(answer.status);
    expect(answers.slice(0, moves.length).some((answer) => answer.status === 200)).toBe(true);
    for (const answer of answers.slice(moves.length)) expect(answer.status).toBe(200);

    const children = await childrenOf(parent.id);
    expect(numbers(children)).toEqual(oneToN(names.length - 2 + 5));
    const expected = [...names.filter((name) => name !== 'R2' && name !== 'R7'), ...Array.from({ length: 5 }, (_, index) => `New ${index}`)];
    expect(titles(children).sort()).toEqual(expected.sort());
  });
});

describe('who may', () => {
  test('a tenant administrator may not read or change categories', async () => {
    const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
    const [first] = await tree();
    expect((await tenantAdmin.get(`${path}/tree`)).status).toBe(403);
    expect((await tenantAdmin.get(`${path}/${first.id}`)).status).toBe(403);
    expect((await tenantAdmin.post(path, { title: 'Mine' })).status).toBe(403);
    expect((await tenantAdmin.put(`${path}/${first.id}`, { title: 'Hacked' })).status).toBe(403);
    expect((await tenantAdmin.put(`${path}/${first.id}/order`, { after_id: 0, before_id: 0 })).status).toBe(403);
    expect((await tenantAdmin.delete(`${path}/${first.id}`)).status).toBe(403);
    expect((await admin.get(`${path}/${first.id}`)).body.data.title).toBe(first.title);
  });

  test('nobody without a session', async () => {
    const anonymous = client(server.url);
    expect((await anonymous.get(`${path}/tree`)).status).toBe(401);
    expect((await anonymous.post(path, { title: 'x' })).status).toBe(401);
    expect((await anonymous.put(`${path}/1/order`, { after_id: 0, before_id: 0 })).status).toBe(401);
    expect((await anonymous.delete(`${path}/1`)).status).toBe(401);
  });
});
