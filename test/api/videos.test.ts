import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const PUBLIC_URL = 'https://learn.example.com';
const videos = '/api/v1/videos';
let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer({ publicUrl: PUBLIC_URL });
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

interface Version {
  id: number;
  video_id: number;
  file: string;
  format: string;
  quality: string;
}

async function createVideo(title: string): Promise<number> {
  const answer = await admin.post(videos, { title });
  expect(answer.status).toBe(200);
  return answer.body.data.id;
}

async function addVersion(videoId: number, version: { file: string; format: string; quality: string }): Promise<Version> {
  const answer = await admin.post(`${videos}/${videoId}/versions`, version);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const versionsOf = async (videoId: number): Promise<Version[]> => (await admin.get(`${videos}/${videoId}`)).body.data.versions;

describe('videos', () => {
  test('a video is created, listed with its version count, read with its versions, renamed and deleted', async () => {
    const created = await admin.post(videos, { title: '  Cell biology  ' });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ id: expect.any(Number), title: 'Cell biology' });
    const id = created.body.data.id;

    const listed = await admin.get(`${videos}/pager`, { query: { keyword: 'Cell biology' } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual({ items: [{ id, title: 'Cell biology', version_count: 0 }], total: 1 });

    const read = await admin.get(`${videos}/${id}`);
    expect(read.body.data).toEqual({ id, title: 'Cell biology', versions: [] });

    const renamed = await admin.put(`${videos}/${id}`, { title: 'Cell biology, part 1' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ id, title: 'Cell biology, part 1' });
    // The console's edit form sends back the record as it read it: what the video answer adds is ignored.
    const echoed = await admin.put(`${videos}/${id}`, { id, title: 'Cell biology', versions: [], version_count: 7 });
    expect(echoed.body.data).toEqual({ id, title: 'Cell biology' });

    expect((await admin.delete(`${videos}/${id}`)).body).toEqual({ success: true, data: null });
    expect((await admin.get(`${videos}/${id}`)).status).toBe(404);
    expect((await admin.delete(`${videos}/${id}`)).status).toBe(404);
  });

  test('each row of a page counts its own versions', async () => {
    const three = await createVideo('Counted: three');
    const one = await createVideo('Counted: one');
    const none = await createVideo('Counted: none');
    await addVersion(three, { file: 'v/three-sh.mp4', format: 'mp4', quality: 'SH' });
    await addVersion(three, { file: 'v/three-h.mp4', format: 'mp4', quality: 'H' });
    await addVersion(three, { file: 'v/three.flv', format: 'flv', quality: 'H' });
    await addVersion(one, { file: 'v/one.mp4', format: 'mp4', quality: 'L' });

    const page = await admin.get(`${videos}/pager`, { query: { keyword: 'Counted:', sort_by: 'id', order: 'asc' } });
    expect(page.body.data.items).toEqual([
      { id: three, title: 'Counted: three', version_count: 3 },
      { id: one, title: 'Counted: one', version_count: 1 },
      { id: none, title: 'Counted: none', version_count: 0 },
    ]);
    // The demo video plays in all three formats.
    const demo = await admin.get(`${videos}/pager`, { query: { keyword: 'Welcome to the platform' } });
    expect(demo.body.data.items).toEqual([expect.objectContaining({ version_count: 4 })]);
  });

  test('bad videos are refused and named; nothing is written', async () => {
    const before = (await admin.get(`${videos}/pager`)).body.data.total;
    const empty = await admin.post(videos, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ title: 'Required' });
    expect(empty.body.message).toBe('Invalid input: Title: Required');
    const chinese = await admin.post(videos, { title: '' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('输入有误：标题：必填');
    expect((await admin.post(videos, { title: 42 })).status).toBe(400);
    expect((await admin.post(videos, { title: 'x'.repeat(129) })).body.errors).toEqual({ title: 'Must be 128 characters or less' });
    expect((await admin.get(`${videos}/pager`)).body.data.total).toBe(before);
    expect((await admin.get(`${videos}/pager`, { query: { sort_by: 'version_count' } })).status).toBe(400);
  });
});

describe('versions', () => {
  test('a version is added, read best quality first, changed in part and deleted', async () => {
    const id = await createVideo('Organic chemistry');
    const low = await addVersion(id, { file: 'chem/low.mp4', format: 'mp4', quality: 'L' });
    expect(low).toEqual({ id: expect.any(Number), video_id: id, file: 'chem/low.mp4', format: 'mp4', quality: 'L' });
    const high = await addVersion(id, { file: 'chem/high.flv', format: 'flv', quality: 'h' });
    expect(high.quality).toBe('H');
    const best = await addVersion(id, { file: 'chem/hls/best.m3u8', format: 'm3u8', quality: 'SH' });
    const standard = await addVersion(id, { file: 'chem/standard.mp4', format: 'mp4', quality: 'M' });

    expect((await versionsOf(id)).map((version) => version.id)).toEqual([best.id, high.id, standard.id, low.id]);

    // Only what the body names changes.
    const moved = await admin.put(`${videos}/${id}/versions`, { id: low.id, file: 'chem/low-2.mp4' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ ...low, file: 'chem/low-2.mp4' });
    const requalified = await admin.put(`${videos}/${id}/versions`, { id: low.id, quality: 'sh', format: 'flv' });
    expect(requalified.body.data).toEqual({ ...low, file: 'chem/low-2.mp4', format: 'flv', quality: 'SH' });

    expect((await admin.delete(`${videos}/versions/${high.id}`)).body).toEqual({ success: true, data: null });
    // Both SH now: the one added first comes first.
    expect((await versionsOf(id)).map((version) => version.id)).toEqual([low.id, best.id, standard.id]);
    expect((await admin.delete(`${videos}/versions/${high.id}`)).status).toBe(404);
  });

  test('bad versions are refused and named, in the version form words; nothing is written', async () => {
    const id = await createVideo('Refusals');
    for (const [body, errors] of [
      [{ file: 'a.mp4', format: 'avi', quality: 'H' }, ['format']],
      [{ file: 'a.mp4', format: 'mp4', quality: 'X' }, ['quality']],
      [{ format: 'mp4', quality: 'H' }, ['file']],
      [{ file: '', format: 'mp4', quality: 'H' }, ['file']],
      [{ file: '../../etc/passwd', format: 'mp4', quality: 'H' }, ['file']],
      [{ file: '/abs/a.mp4', format: 'mp4', quality: 'H' }, ['file']],
      [{ file: 42, format: ['mp4'], quality: true }, ['file', 'format', 'quality']],
    ] as const) {
      const answer = await admin.post(`${videos}/${id}/versions`, body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors).sort()).toEqual(errors);
    }
    const traversal = await admin.post(`${videos}/${id}/versions`, { file: 'a/../b.mp4', format: 'mp4', quality: 'H' });
    expect(traversal.body.errors).toEqual({ file: 'Not a valid file key' });
    expect(traversal.body.message).toBe('Invalid input: Video file: Not a valid file key');
    const japanese = await admin.post(`${videos}/${id}/versions`, { file: 'a.mp4', format: 'mp4' }, { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.body.message).toContain('画質');
    expect(await versionsOf(id)).toEqual([]);

    const version = await addVersion(id, { file: 'ok.mp4', format: 'mp4', quality: 'H' });
    const badUpdate = await admin.put(`${videos}/${id}/versions`, { id: version.id, quality: 'X', file: '../x' });
    expect(badUpdate.status).toBe(400);
    expect(Object.keys(badUpdate.body.errors).sort()).toEqual(['file', 'quality']);
    expect((await admin.put(`${videos}/${id}/versions`, { file: 'no-id.mp4' })).status).toBe(400);
    expect(await versionsOf(id)).toEqual([version]);
  });

  test('a second version in the same format and quality is a 409, on add and on change', async () => {
    const id = await createVideo('Duplicates');
    await addVersion(id, { file: 'dup/a.mp4', format: 'mp4', quality: 'H' });
    const other = await addVersion(id, { file: 'dup/b.mp4', format: 'mp4', quality: 'M' });
    const again = await admin.post(`${videos}/${id}/versions`, { file: 'dup/c.mp4', format: 'mp4', quality: 'h' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This video already has a mp4 version in quality H');
    const clash = await admin.put(`${videos}/${id}/versions`, { id: other.id, quality: 'H' });
    expect(clash.status).toBe(409);
    // Changing a version to what it already is, is no clash with itself.
    expect((await admin.put(`${videos}/${id}/versions`, { id: other.id, quality: 'M', format: 'mp4' })).status).toBe(200);
    // Another video may have the same format and quality.
    await addVersion(await createVideo('Duplicates elsewhere'), { file: 'dup/a.mp4', format: 'mp4', quality: 'H' });
    expect((await versionsOf(id)).length).toBe(2);
  });

  test('unknown videos and versions of another video are 404', async () => {
    const mine = await createVideo('Mine');
    const theirs = await createVideo('Theirs');
    const theirVersion = await addVersion(theirs, { file: 'theirs.mp4', format: 'mp4', quality: 'H' });

    expect((await admin.post(`${videos}/999999/versions`, { file: 'a.mp4', format: 'mp4', quality: 'H' })).status).toBe(404);
    const crossed = await admin.put(`${videos}/${mine}/versions`, { id: theirVersion.id, file: 'stolen.mp4' });
    expect(crossed.status).toBe(404);
    expect((await admin.put(`${videos}/${mine}/versions`, { id: 999999, file: 'a.mp4' })).status).toBe(404);
    expect(await versionsOf(theirs)).toEqual([theirVersion]);
    expect((await admin.delete(`${videos}/versions/999999`)).status).toBe(404);
  });

  test('deleting a video deletes its versions', async () => {
    const id = await createVideo('Short lived');
    const version = await addVersion(id, { file: 'gone.mp4', format: 'mp4', quality: 'H' });
    expect((await admin.delete(`${videos}/${id}`)).status).toBe(200);
    // The version went with it: there is nothing left to delete.
    expect((await admin.delete(`${videos}/versions/${version.id}`)).status).toBe(404);
  });
});

describe('playback', () => {
  let id: number;
  beforeAll(async () => {
    id = await createVideo('Playback');
    await addVersion(id, { file: 'play/sh.mp4', format: 'mp4', quality: 'SH' });
    await addVersion(id, { file: 'play/l.mp4', format: 'mp4', quality: 'L' });
    await addVersion(id, { file: 'play/hls/h.m3u8', format: 'm3u8', quality: 'H' });
  });
  const playback = (query: Record<string, string>, videoId = id) => admin.get(`${videos}/${videoId}/playback`, { query });

  test('the exact version, as a public file address', async () => {
    const exact = await playback({ quality: 'SH', format: 'mp4' });
    expect(exact.status).toBe(200);
    expect(exact.body.data).toEqual({ path: `${PUBLIC_URL}/files/play/sh.mp4` });
    expect((await playback({ quality: 'h', format: 'm3u8' })).body.data.path).toBe(`${PUBLIC_URL}/files/play/hls/h.m3u8`);
  });

  test('else the nearest quality in that format, upwards and downwards', async () => {
    // H: SH is one step up, L two down.
    expect((await playback({ quality: 'H', format: 'mp4' })).body.data.path).toBe(`${PUBLIC_URL}/files/play/sh.mp4`);
    // M: L is one step down, SH two up.
    expect((await playback({ quality: 'm', format: 'mp4' })).body.data.path).toBe(`${PUBLIC_URL}/files/play/l.mp4`);
    // Only H in m3u8: from below and from above.
    expect((await playback({ quality: 'L', format: 'm3u8' })).body.data.path).toBe(`${PUBLIC_URL}/files/play/hls/h.m3u8`);
    expect((await playback({ quality: 'SH', format: 'm3u8' })).body.data.path).toBe(`${PUBLIC_URL}/files/play/hls/h.m3u8`);
  });

  test('on a tie the better quality wins; the nearer one wins over the better one', async () => {
    const ladder = await createVideo('Ladder');
    await addVersion(ladder, { file: 'ladder/m.mp4', format: 'mp4', quality: 'M' });
    await addVersion(ladder, { file: 'ladder/sh.mp4', format: 'mp4', quality: 'SH' });
    // H: SH and M are both one step away.
    expect((await playback({ quality: 'H', format: 'mp4' }, ladder)).body.data.path).toBe(`${PUBLIC_URL}/files/ladder/sh.mp4`);
    // L: M is one step up, SH three.
    expect((await playback({ quality: 'L', format: 'mp4' }, ladder)).body.data.path).toBe(`${PUBLIC_URL}/files/ladder/m.mp4`);
  });

  test('no version in that format, an unknown video and bad parameters', async () => {
    const none = await playback({ quality: 'H', format: 'flv' });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('This video has no flv version');
    expect((await playback({ quality: 'H', format: 'mp4' }, 999999)).status).toBe(404);
    const bad = await playback({ quality: 'X', format: 'avi' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['format', 'quality']);
    expect((await playback({ format: 'mp4' })).status).toBe(400);
  });

  test('without PUBLIC_URL the address is the one the caller reached', async () => {
    const local = await startServer();
    try {
      const localAdmin = client(local.url, await signIn(local.url, 'admin', ADMIN_PASSWORD));
      const demo = (await localAdmin.get(`${videos}/pager`, { query: { keyword: 'Welcome to the platform' } })).body.data.items[0];
      const answer = await localAdmin.get(`${videos}/${demo.id}/playback`, { query: { quality: 'SH', format: 'mp4' } });
      expect(answer.body.data.path).toBe(`${local.url}/files/demo/video-sh.mp4`);
    } finally {
      await local.stop();
    }
  });
});

describe('who may', () => {
  test('a tenant administrator may not read or change videos', async () => {
    const id = await createVideo('Not for tenants');
    const version = await addVersion(id, { file: 'tenant.mp4', format: 'mp4', quality: 'H' });
    const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
    expect((await tenantAdmin.get(`${videos}/pager`)).status).toBe(403);
    expect((await tenantAdmin.get(`${videos}/${id}`)).status).toBe(403);
    expect((await tenantAdmin.post(videos, { title: 'Mine' })).status).toBe(403);
    expect((await tenantAdmin.put(`${videos}/${id}`, { title: 'Hacked' })).status).toBe(403);
    expect((await tenantAdmin.delete(`${videos}/${id}`)).status).toBe(403);
    expect((await tenantAdmin.post(`${videos}/${id}/versions`, { file: 'x.mp4', format: 'mp4', quality: 'L' })).status).toBe(403);
    expect((await tenantAdmin.put(`${videos}/${id}/versions`, { id: version.id, file: 'x.mp4' })).status).toBe(403);
    expect((await tenantAdmin.delete(`${videos}/versions/${version.id}`)).status).toBe(403);
    expect((await tenantAdmin.get(`${videos}/${id}/playback`, { query: { quality: 'H', format: 'mp4' } })).status).toBe(403);
    expect((await admin.get(`${videos}/${id}`)).body.data).toEqual({ id, title: 'Not for tenants', versions: [version] });
  });

  test('nobody without a session', async () => {
    const anonymous = client(server.url);
    expect((await anonymous.get(`${videos}/pager`)).status).toBe(401);
    expect((await anonymous.get(`${videos}/1`)).status).toBe(401);
    expect((await anonymous.post(videos, { title: 'x' })).status).toBe(401);
    expect((await anonymous.post(`${videos}/1/versions`, { file: 'x.mp4', format: 'mp4', quality: 'L' })).status).toBe(401);
    expect((await anonymous.put(`${videos}/1/versions`, { id: 1, file: 'x.mp4' })).status).toBe(401);
    expect((await anonymous.delete(`${videos}/versions/1`)).status).toBe(401);
    expect((await anonymous.get(`${videos}/1/playback`, { query: { quality: 'H', format: 'mp4' } })).status).toBe(401);
  });
});

test('the OpenAPI document describes every video call', async () => {
  const document = (await admin.get('/api/docs/json')).body;
  const paths = Object.keys(document.paths);
  for (const path of [
    '/api/v1/videos/pager',
    '/api/v1/videos',
    '/api/v1/videos/{id}',
    '/api/v1/videos/{id}/versions',
    '/api/v1/videos/versions/{id}',
    '/api/v1/videos/{id}/playback',
  ])
    expect(paths).toContain(path);
  const listItem = document.paths['/api/v1/videos/pager'].get.responses['200'].content['application/json'].schema;
  expect(JSON.stringify(listItem)).toContain('version_count');
  expect(Object.keys(document.paths['/api/v1/videos/{id}/versions'])).toEqual(expect.arrayContaining(['post', 'put']));
});
