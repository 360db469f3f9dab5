import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const path = '/api/v1/chapters';

interface Node {
  id: number;
  title: string;
  course_id: number;
  parent_id: number;
  res_type: 'video' | 'pdf';
  res_id: number | string | null;
  video_id: number | null;
  pdf: string;
  pdf_name: string;
  video: { id: number; title: string } | null;
  sort_order: number;
  children: Node[];
}

let server: TestServer;
let admin: ReturnType<typeof client>;
let categoryId: number;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  categoryId = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
});
afterAll(() => server.stop());

async function makeCourse(title: string): Promise<number> {
  const answer = await admin.post('/api/v1/courses', { title, category_id: categoryId });
  expect(answer.status).toBe(200);
  return answer.body.data.id;
}

async function makeVideo(title: string): Promise<number> {
  const answer = await admin.post('/api/v1/videos', { title });
  expect(answer.status).toBe(200);
  return answer.body.data.id;
}

async function create(course_id: number, title: string, extra: Record<string, unknown> = {}): Promise<Node> {
  const answer = await admin.post(path, { course_id, title, ...extra });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function tree(courseId: number): Promise<Node[]> {
  const answer = await admin.get(`/api/v1/courses/${courseId}/chapters/tree`);
  expect(answer.status).toBe(200);
  // The database writes the tree's JSON and the server sends it as it is: still JSON, in the envelope.
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.body.success).toBe(true);
  return answer.body.data;
}

/** A course with chapters, each with the sections named, so a test moves only what it made. */
async function courseWith(title: string, outline: Record<string, string[]>) {
  const courseId = await makeCourse(title);
  const ids: Record<string, number> = {};
  for (const [chapterTitle, sections] of Object.entries(outline)) {
    ids[chapterTitle] = (await create(courseId, chapterTitle)).id;
    for (const section of sections) ids[section] = (await create(courseId, section, { parent_id: ids[chapterTitle] })).id;
  }
  return { courseId, ids };
}

const titles = (nodes: Node[]) => nodes.map((node) => node.title);
const numbers = (nodes: Node[]) => nodes.map((node) => node.sort_order);
const oneToN = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const move = (id: number, after_id: number, before_id: number, headers?: Record<string, string>) =>
  admin.put(`${path}/${id}/order`, { after_id, before_id }, { headers });

describe('the tree and create', () => {
  test('chapters in order, each with its sections in theirs, with video, PDF or no resource', async () => {
    const courseId = await makeCourse('Organic chemistry');
    const videoId = await makeVideo('Carbon bonds explained');
    const first = await create(courseId, '  Atoms and bonds  ', { preview_enabled: true, begin_at: 1_790_000_000_000 });
    expect(first).toEqual({
      id: expect.any(Number),
      title: 'Atoms and bonds',
      course_id: courseId,
      course: { id: courseId, title: 'Organic chemistry' },
      parent_id: 0,
      preview_enabled: true,
      res_type: 'video',
      res_id: null,
      video_id: null,
      video: null,
      pdf: '',
      pdf_name: '',
      begin_at: 1_790_000_000_000,
      sort_order: 1,
    });
    const second = await create(courseId, 'Reactions');
    expect(second.sort_order).toBe(2);

    const withVideo = await create(courseId, 'Carbon', { parent_id: first.id, res_type: 'video', res_id: videoId });
    expect(withVideo).toMatchObject({ parent_id: first.id, res_type: 'video', res_id: videoId, video_id: videoId, pdf: '', sort_order: 1 });
    expect(withVideo.video).toEqual({ id: videoId, title: 'Carbon bonds explained' });
    const withPdf = await create(courseId, 'Bond table', { parent_id: first.id, res_type: 'pdf', res_id: 'bond-table.pdf' });
    expect(withPdf).toMatchObject({ res_type: 'pdf', res_id: 'bond-table.pdf', pdf: 'bond-table.pdf', video_id: null, video: null, sort_order: 2 });
    const bare = await create(courseId, 'Exercises', { parent_id: first.id, res_type: 'pdf', res_id: null });
    expect(bare).toMatchObject({ res_type: 'pdf', res_id: null, pdf: '', video_id: null, sort_order: 3 });
    const underSecond = await create(courseId, 'Combustion', { parent_id: second.id });
    expect(underSecond.sort_order).toBe(1);

    const nodes = await tree(courseId);
    expect(titles(nodes)).toEqual(['Atoms and bonds', 'Reactions']);
    expect(numbers(nodes)).toEqual([1, 2]);
    expect(titles(nodes[0].children)).toEqual(['Carbon', 'Bond table', 'Exercises']);
    expect(numbers(nodes[0].children)).toEqual([1, 2, 3]);
    expect(titles(nodes[1].children)).toEqual(['Combustion']);
    // A tree node is the record a read answers, with its children.
    expect(nodes[0]).toEqual({ ...first, children: expect.any(Array) });
    expect(nodes[0].children[0]).toEqual({ ...withVideo, children: [] });
    expect(nodes[0].children[1]).toEqual({ ...withPdf, children: [] });
    expect((await admin.get(`${path}/${withVideo.id}`)).body.data).toEqual(withVideo);
  });

  test('an empty course has an empty tree; an unknown course or chapter is 404', async () => {
    const courseId = await makeCourse('Nothing yet');
    expect(await tree(courseId)).toEqual([]);
    expect((await admin.get('/api/v1/courses/999999/chapters/tree')).status).toBe(404);
    expect((await admin.get(`${path}/999999`)).status).toBe(404);
    expect((await admin.get(`${path}/abc`)).status).toBe(400);
  });

  test('every bad create is a 400 naming the field, and nothing is written', async () => {
    const { courseId, ids } = await courseWith('Refusals', { Chapter: ['Section'] });
    const other = await courseWith('Another course', { Elsewhere: [] });
    const videoId = await makeVideo('A real video');
    const before = JSON.stringify(await tree(courseId));
    const refused = async (body: Record<string, unknown>) => {
      const answer = await admin.post(path, { course_id: courseId, title: 'Bad', ...body });
      expect(answer.status).toBe(400);
      return answer.body;
    };

    const third = await refused({ parent_id: ids.Section });
    expect(third.errors).toEqual({ parent_id: 'Sections cannot hold sections: choose a chapter' });
    expect(third.message).toBe('Invalid input: Chapter: Sections cannot hold sections: choose a chapter');
    const chinese = await admin.post(path, { course_id: courseId, title: 'Bad', parent_id: ids.Section }, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('输入有误：所属章：小节下不能再建小节：请选择一个章');
    const japanese = await admin.post(path, { course_id: courseId, title: 'Bad', parent_id: ids.Section }, { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.body.errors.parent_id).toBe('節の下に節は作れません。章を選んでください');

    expect((await refused({ parent_id: other.ids.Elsewhere })).errors).toEqual({
      parent_id: 'This chapter belongs to another course: choose a chapter of the same course',
    });
    expect((await refused({ parent_id: 999999 })).errors).toEqual({ parent_id: 'The chosen record does not exist' });
    expect((await refused({ res_type: 'video', res_id: 999999 })).errors).toEqual({ res_id: 'The chosen record does not exist' });
    expect((await refused({ res_type: 'video', res_id: 'lesson.mp4' })).errors).toEqual({
      res_id: "Choose a video: with the file type video, this is a video's id",
    });
    // No res_type means a video.
    expect((await refused({ res_id: 'lesson.pdf' })).errors).toHaveProperty('res_id');
    expect((await refused({ res_type: 'pdf', res_id: videoId })).errors).toEqual({
      res_id: 'Upload a PDF: with the file type PDF, this is the key of an uploaded .pdf file',
    });
    expect((await refused({ res_type: 'pdf', res_id: 'lesson.mp4' })).errors).toHaveProperty('res_id');
    expect((await refused({ res_type: 'pdf', res_id: '../etc/passwd.pdf' })).errors).toHaveProperty('res_id');
    expect((await refused({ res_type: 'audio' })).errors).toHaveProperty('res_type');
    expect((await refused({ res_id: -3 })).errors).toHaveProperty('res_id');
    expect((await refused({ parent_id: -1 })).errors).toHaveProperty('parent_id');

    const unknownCourse = await refused({ course_id: 999999 });
    expect(unknownCourse.errors).toEqual({ course_id: 'The chosen record does not exist' });
    const missing = await admin.post(path, { course_id: courseId });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ title: 'Required' });
    expect(missing.body.message).toBe('Invalid input: Chapter name: Required');
    expect((await admin.post(path, { title: 'No course' })).body.errors).toHaveProperty('course_id');
    expect((await refused({ title: 'x'.repeat(129) })).errors).toEqual({ title: 'Must be 128 characters or less' });

    expect(JSON.stringify(await tree(courseId))).toBe(before);
  });
});

describe('update', () => {
  test('a PUT changes what it names; res_id is read by the stored or the new res_type', async () => {
    const { courseId, ids } = await courseWith('Updates', { One: ['Lesson'] });
    const videoId = await makeVideo('Lesson video');
    const id = ids.Lesson;
    const original = (await admin.get(`${path}/${id}`)).body.data;

    const renamed = await admin.put(`${path}/${id}`, { title: 'Lesson one' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...original, title: 'Lesson one' });

    // res_id alone is read by the stored res_type (video).
    const played = await admin.put(`${path}/${id}`, { res_id: videoId, preview_enabled: true });
    expect(played.body.data).toMatchObject({ title: 'Lesson one', res_type: 'video', res_id: videoId, preview_enabled: true, video: { id: videoId } });
    expect((await admin.put(`${path}/${id}`, { res_id: 'notes.pdf' })).body.errors).toEqual({
      res_id: "Choose a video: with the file type video, this is a video's id",
    });

    // A new res_type while a video is chosen needs its res_id: nothing is blanked unasked.
    const typeOnly = await admin.put(`${path}/${id}`, { res_type: 'pdf' });
    expect(typeOnly.status).toBe(400);
    expect(typeOnly.body.errors).toEqual({ res_id: 'The file type has changed: choose a file of the new type, or none' });
    const toPdf = await admin.put(`${path}/${id}`, { res_type: 'pdf', res_id: 'notes.pdf' });
    expect(toPdf.body.data).toMatchObject({ res_type: 'pdf', res_id: 'notes.pdf', pdf: 'notes.pdf', video_id: null, video: null });
    // The same res_type again, or none named, keeps the file.
    expect((await admin.put(`${path}/${id}`, { res_type: 'pdf', title: 'Lesson 1' })).body.data.res_id).toBe('notes.pdf');
    const cleared = await admin.put(`${path}/${id}`, { res_id: null });
    expect(cleared.body.data).toMatchObject({ res_type: 'pdf', res_id: null, pdf: '' });
    // Without a resource, the type may change alone.
    expect((await admin.put(`${path}/${id}`, { res_type: 'video' })).body.data).toMatchObject({ res_type: 'video', res_id: null });

    // A chapter stays in its course and under its parent.
    const other = await makeCourse('Elsewhere');
    const stays = await admin.put(`${path}/${id}`, { course_id: other, parent_id: 0, title: 'Still here' });
    expect(stays.body.data).toMatchObject({ course_id: courseId, parent_id: ids.One, title: 'Still here', sort_order: 1 });

    expect((await admin.put(`${path}/${id}`, { title: '' })).body.errors).toEqual({ title: 'Required' });
    expect((await admin.put(`${path}/${id}`, { res_id: 999999 })).body.errors).toEqual({ res_id: 'The chosen record does not exist' });
    expect((await admin.put(`${path}/999999`, { title: 'Nobody' })).status).toBe(404);
    expect((await admin.get(`${path}/${id}`)).body.data.title).toBe('Still here');
  });

  test("a PDF keeps the name it was uploaded under: with its key, renamed alone, gone with the PDF; too long is a 400 under pdf_name", async () => {
    const courseId = await makeCourse('Named handouts');
    const created = await create(courseId, 'Handout', { res_type: 'pdf', res_id: '1716200000-ab12cd.pdf', pdf_name: 'Week 1 – 手順書.pdf' });
    expect(created).toMatchObject({ res_id: '1716200000-ab12cd.pdf', pdf_name: 'Week 1 – 手順書.pdf' });
    expect((await tree(courseId))[0]).toMatchObject({ pdf_name: 'Week 1 – 手順書.pdf' });
    const renamed = await admin.put(`${path}/${created.id}`, { pdf_name: 'Week 1.pdf' });
    expect(renamed.body.data).toMatchObject({ res_id: '1716200000-ab12cd.pdf', pdf_name: 'Week 1.pdf' });
    // A new file without its name has none: the key is shown then.
    expect((await admin.put(`${path}/${created.id}`, { res_id: 'other.pdf' })).body.data).toMatchObject({ res_id: 'other.pdf', pdf_name: '' });
    const tooLong = await admin.put(`${path}/${created.id}`, { pdf_name: `${'n'.repeat(252)}.pdf` }, { headers: { 'accept-language': 'zh-CN' } });
    expect([tooLong.status, Object.keys(tooLong.body.errors)]).toEqual([400, ['pdf_name']]);
    await admin.put(`${path}/${created.id}`, { res_id: 'other.pdf', pdf_name: 'Other.pdf' });
    // The name belongs to the PDF: a video (or no file) has none.
    expect((await admin.put(`${path}/${created.id}`, { res_type: 'video', res_id: null })).body.data).toMatchObject({ res_type: 'video', pdf: '', pdf_name: '' });
    expect((await create(courseId, 'Film', { res_type: 'video', res_id: null, pdf_name: 'stray.pdf' })).pdf_name).toBe('');
  });
});

describe('delete', () => {
  test('deleting a chapter deletes its sections and renumbers the chapters; a section renumbers its siblings', async () => {
    const { courseId, ids } = await courseWith('Deletes', { A: ['a1', 'a2', 'a3'], B: ['b1', 'b2'], C: [] });

    expect((await admin.delete(`${path}/${ids.a2}`)).body).toEqual({ success: true, data: null });
    let nodes = await tree(courseId);
    expect(titles(nodes[0].children)).toEqual(['a1', 'a3']);
    expect(numbers(nodes[0].children)).toEqual([1, 2]);

    expect((await admin.delete(`${path}/${ids.B}`)).status).toBe(200);
    nodes = await tree(courseId);
    expect(titles(nodes)).toEqual(['A', 'C']);
    expect(numbers(nodes)).toEqual([1, 2]);
    for (const gone of [ids.B, ids.b1, ids.b2]) expect((await admin.get(`${path}/${gone}`)).status).toBe(404);
    expect((await admin.delete(`${path}/${ids.B}`)).status).toBe(404);
  });

  test('deleting a course deletes its chapters and sections', async () => {
    const { courseId, ids } = await courseWith('Short-lived', { A: ['a1'] });
    expect((await admin.delete(`/api/v1/courses/${courseId}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/courses/${courseId}/chapters/tree`)).status).toBe(404);
    expect((await admin.get(`${path}/${ids.A}`)).status).toBe(404);
    expect((await admin.get(`${path}/${ids.a1}`)).status).toBe(404);
  });

  test('a video that chapters play cannot be deleted (409 naming it); once none does, it can', async () => {
    const videoId = await makeVideo('Shared lecture');
    const { courseId, ids } = await courseWith('Video guard', { A: [] });
    const one = await create(courseId, 'Uses it', { parent_id: ids.A, res_id: videoId });
    const two = await create(courseId, 'Uses it too', { parent_id: ids.A, res_id: videoId });

    const refused = await admin.delete(`/api/v1/videos/${videoId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The video "Shared lecture" is used by 2 chapters or sections, the first "Uses it" in the course "Video guard", and cannot be deleted: choose another file for them first',
    );
    const chinese = await admin.delete(`/api/v1/videos/${videoId}`, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('视频“Shared lecture”正被 2 个章节使用（首个为课程“Video guard”的“Uses it”），无法删除：请先为其更换文件');
    const japanese = await admin.delete(`/api/v1/videos/${videoId}`, { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.body.message).toBe('動画「Shared lecture」は 2 件の章・節（最初はコース「Video guard」の「Uses it」）で使われているため削除できません。先に別のファイルを選んでください');

    expect((await admin.put(`${path}/${one.id}`, { res_type: 'pdf', res_id: 'slides.pdf' })).status).toBe(200);
    const single = await admin.delete(`/api/v1/videos/${videoId}`);
    expect(single.body.message).toBe(
      'The video "Shared lecture" is used by "Uses it too" in the course "Video guard" and cannot be deleted: choose another file for it first',
    );
    expect((await admin.delete(`${path}/${two.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/videos/${videoId}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/videos/${videoId}`)).status).toBe(404);
  });

  test('a section taking up a video while it is deleted: one of the two wins cleanly, never a 500', async () => {
    const { courseId, ids } = await courseWith('Video race', { A: [] });
    for (let attempt = 0; attempt < 6; attempt++) {
      const videoId = await makeVideo(`Contested ${attempt}`);
      const [created, deleted] = await Promise.all([
        admin.post(path, { course_id: courseId, parent_id: ids.A, title: `Takes ${attempt}`, res_id: videoId }),
        admin.delete(`/api/v1/videos/${videoId}`),
      ]);
      if (created.status === 200) {
        expect(deleted.status).toBe(409);
        expect((await admin.get(`/api/v1/videos/${videoId}`)).status).toBe(200);
      } else {
        expect(created.status).toBe(400);
        expect(created.body.errors).toEqual({ res_id: 'The chosen record does not exist' });
        expect(deleted.status).toBe(200);
      }
    }
    const sections = (await tree(courseId))[0].children;
    expect(numbers(sections)).toEqual(oneToN(sections.length));
  });

  test('a section added while its chapter is deleted: either it goes with the chapter or it is refused', async () => {
    const courseId = await makeCourse('Chapter race');
    for (let attempt = 0; attempt < 6; attempt++) {
      const doomed = await create(courseId, `Doomed ${attempt}`);
      const [created, deleted] = await Promise.all([
        admin.post(path, { course_id: courseId, parent_id: doomed.id, title: 'Orphan?' }),
        admin.delete(`${path}/${doomed.id}`),
      ]);
      expect(deleted.status).toBe(200);
      if (created.status === 200) expect((await admin.get(`${path}/${created.body.data.id}`)).status).toBe(404);
      else expect(created.body.errors).toEqual({ parent_id: 'The chosen record does not exist' });
    }
    expect(await tree(courseId)).toEqual([]);
  });
});

describe('order', () => {
  test('chapters and sections move among their own siblings only', async () => {
    const { courseId, ids } = await courseWith('Ordering', { A: ['a1', 'a2', 'a3'], B: ['b1'], C: [], D: [] });
    const expectChapters = async (expected: string[]) => {
      const nodes = await tree(courseId);
      expect(titles(nodes)).toEqual(expected);
      expect(numbers(nodes)).toEqual(oneToN(expected.length));
      return nodes;
    };

    const first = await move(ids.C, 0, ids.A);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: ids.C, title: 'C', parent_id: 0, sort_order: 1, course: { id: courseId } });
    await expectChapters(['C', 'A', 'B', 'D']);
    expect((await move(ids.C, ids.D, 0)).body.data.sort_order).toBe(4);
    await expectChapters(['A', 'B', 'D', 'C']);

    expect((await move(ids.a1, ids.a3, 0)).body.data.sort_order).toBe(3);
    const nodes = await expectChapters(['A', 'B', 'D', 'C']);
    expect(titles(nodes[0].children)).toEqual(['a2', 'a3', 'a1']);
    expect(numbers(nodes[0].children)).toEqual([1, 2, 3]);

    const notSibling = 'Not in the same list: items move only among their own siblings, never to another parent';
    // A chapter of another course is not a sibling, though it too has parent_id 0.
    const other = await courseWith('Other course', { X: [] });
    const across = await move(ids.A, other.ids.X, 0);
    expect(across.status).toBe(400);
    expect(across.body.errors).toEqual({ after_id: notSibling });
    expect((await move(other.ids.X, 0, ids.A)).body.errors).toEqual({ before_id: notSibling });
    // A section is not a sibling of a chapter, nor of another chapter's sections.
    expect((await move(ids.a2, ids.B, 0)).body.errors).toEqual({ after_id: notSibling });
    expect((await move(ids.a2, 0, ids.b1)).body.errors).toEqual({ before_id: notSibling });
    expect((await move(ids.A, 999999, 0)).body.errors).toEqual({ after_id: 'The chosen record does not exist' });
    expect((await move(ids.A, ids.B, ids.C)).body.errors).toEqual({ before_id: 'Must be the item right after the one given as after_id' });
    expect((await move(999999, 0, 0)).status).toBe(404);
    expect((await admin.put(`${path}/${ids.A}/order`, { after_id: -1, before_id: 0 })).status).toBe(400);
    await expectChapters(['A', 'B', 'D', 'C']);
    expect(titles(await tree(other.courseId))).toEqual(['X']);
  });

  test('20 concurrent moves, with creates and deletes, keep a gapless 1..n order with every chapter once', async () => {
    const names = Array.from({ length: 8 }, (_, index) => `R${index + 1}`);
    const { courseId, ids } = await courseWith('Race', Object.fromEntries(names.map((name) => [name, []])));
    // Another course's chapters live beside them, numbered on their own.
    const neighbour = await courseWith('Race neighbour', { N1: [], N2: [] });
    const order = names.map((name) => ids[name]);
    const moves = Array.from({ length: 20 }, (_, index) => {
      const id = order[(index * 3) % order.length];
      const others = order.filter((other) => other !== id);
      const position = (index * 5) % (others.length + 1);
      return move(id, others[position - 1] ?? 0, others[position] ?? 0);
    });
    const created = Array.from({ length: 5 }, (_, index) => admin.post(path, { course_id: courseId, title: `New ${index}` }));
    const deleted = [admin.delete(`${path}/${ids.R2}`), admin.delete(`${path}/${ids.R7}`)];
    const answers = await Promise.all([...moves, ...created, ...deleted, move(neighbour.ids.N2, 0, neighbour.ids.N1)]);
    for (const answer of answers.slice(0, moves.length)) expect([200, 400, 404, 409]).toContain(answer.status);
    expect(answers.slice(0, moves.length).some((answer) => answer.status === 200)).toBe(true);
    for (const answer of answers.slice(moves.length)) expect(answer.status).toBe(200);

    const nodes = await tree(courseId);
    expect(numbers(nodes)).toEqual(oneToN(names.length - 2 + 5));
    const expected = [...names.filter((name) => name !== 'R2' && name !== 'R7'), ...Array.from({ length: 5 }, (_, index) => `New ${index}`)];
    expect(titles(nodes).sort()).toEqual(expected.sort());
    const neighbours = await tree(neighbour.courseId);
    expect(titles(neighbours)).toEqual(['N2', 'N1']);
    expect(numbers(neighbours)).toEqual([1, 2]);
  });
});

describe('who may', () => {
  test('a tenant administrator may not read or change chapters; nobody without a session', async () => {
    const { courseId, ids } = await courseWith('Guarded', { A: ['a1'] });
    const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
    const anonymous = client(server.url);
    for (const [caller, status] of [
      [tenantAdmin, 403],
      [anonymous, 401],
    ] as const) {
      expect((await caller.get(`/api/v1/courses/${courseId}/chapters/tree`)).status).toBe(status);
      expect((await caller.get(`${path}/${ids.A}`)).status).toBe(status);
      expect((await caller.post(path, { course_id: courseId, title: 'Mine' })).status).toBe(status);
      expect((await caller.put(`${path}/${ids.A}`, { title: 'Hacked' })).status).toBe(status);
      expect((await caller.put(`${path}/${ids.a1}/order`, { after_id: 0, before_id: 0 })).status).toBe(status);
      expect((await caller.delete(`${path}/${ids.a1}`)).status).toBe(status);
    }
    const nodes = await tree(courseId);
    expect(titles(nodes)).toEqual(['A']);
    expect(titles(nodes[0].children)).toEqual(['a1']);
  });
});
