import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { configFromEnv } from '../../server/config';
import { sweep } from '../../server/housekeeping';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';
import { files, uploader } from './uploads';

/**
 * Files no record names are removed by housekeeping once older than the grace period (24 hours by
 * default); every file a record names stays, whatever names it, and a write racing the sweep
 * either keeps its file or is told it is gone, never left naming a missing file.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let provider: ReturnType<typeof uploader>;
let sql: Client;
let courseId: number;
let categoryId: number;

beforeAll(async () => {
  server = await startServer();
  const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  admin = client(server.url, token);
  provider = uploader(server, token);
  sql = new Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const course = (await admin.get('/api/v1/courses/pager', { query: { page_size: 1 } })).body.data.items[0];
  courseId = course.id;
  categoryId = course.category_id;
});
afterAll(async () => {
  await sql.end();
  await server.stop();
});

/** Makes files look uploaded `hours` ago. */
const age = (keys: string[], hours: number) =>
  sql.query(`update uploaded_files set uploaded_at = now() - make_interval(hours => $2) where key = any($1)`, [keys, hours]);
const onDisk = (key: string) => existsSync(path.join(provider.filesDir, key));
const served = async (key: string) => {
  const answer = await fetch(`${server.url}/files/${key}`);
  await answer.arrayBuffer();
  return answer.status;
};
const image = () => provider.stored('image', 'png', files.png);
/** Rich text naming a file the way the console's editor does: by its full address. */
const richTextWith = (key: string) => `<p>Look:</p><p><img src="${server.url}/files/${key}" alt=""></p>`;
const ok = async (answer: Promise<{ status: number; body: any }>) => {
  const { status, body } = await answer;
  expect([status, body.message]).toEqual([200, undefined]);
  return body.data;
};

test('an orphan older than the grace period goes, a young one stays, and a removed key is never taken again', async () => {
  const [old, young, nearlyOld] = [await image(), await image(), await image()];
  await age([old], 25);
  await age([nearlyOld], 23);
  await sweep(server.app);
  expect([onDisk(old), await served(old)]).toEqual([false, 404]);
  expect([onDisk(young), onDisk(nearlyOld), await served(young)]).toEqual([true, true, 200]);
  const { rows } = await sql.query(`select key, removed_at is not null as removed from uploaded_files where key = any($1) order by removed desc`, [[old, young]]);
  expect(rows).toEqual([
    { key: old, removed: true },
    { key: young, removed: false },
  ]);
  const again = await provider.upload(await provider.uptoken('image'), old, { bytes: files.png });
  expect(again).toMatchObject({ status: 409, body: { message: 'A file with this key already exists' } });
});

test('every kind of file a record names stays however old, including one named only in rich text; each goes once nothing names it', async () => {
  const named = {
    teacherPhoto: await image(),
    teacherText: await image(),
    courseCover: await image(),
    courseText: await image(),
    seriesCover: await image(),
    seriesText: await image(),
    carouselImage: await image(),
    videoFile: await provider.stored('video', 'mp4', files.mp4),
    segment: await provider.stored('video', 'ts', files.ts),
    chapterPdf: await provider.stored('pdf', 'pdf', files.pdf),
  };
  const playlist = await provider.stored('video', 'm3u8', Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:0.2,\n${named.segment}\n#EXT-X-ENDLIST\n`));
  const orphan = await image();

  const teacher = await ok(admin.post('/api/v1/teachers', { name: 'Files teacher', photo: named.teacherPhoto, introduction: richTextWith(named.teacherText) }));
  const course = await ok(admin.post('/api/v1/courses', { title: 'Files course', category_id: categoryId, cover: named.courseCover, introduction: richTextWith(named.courseText) }));
  await ok(admin.post('/api/v1/sys/series', { title: 'Files series', category_id: categoryId, cover: named.seriesCover, introduction: richTextWith(named.seriesText) }));
  const group = await ok(admin.post('/api/v1/carousel_groups', { ucode: 'files-sweep', name: 'Files sweep' }));
  await ok(admin.post('/api/v1/carousels', { title: 'Files carousel', carousel_group_id: group.id, target_id: courseId, image_link: named.carouselImage }));
  const video = await ok(admin.post('/api/v1/videos', { title: 'Files video' }));
  await ok(admin.post(`/api/v1/videos/${video.id}/versions`, { file: named.videoFile, format: 'mp4', quality: 'H' }));
  const hls = await ok(admin.post(`/api/v1/videos/${video.id}/versions`, { file: playlist, format: 'm3u8', quality: 'M' }));
  await ok(admin.post('/api/v1/chapters', { course_id: course.id, title: 'Files chapter', res_type: 'pdf', res_id: named.chapterPdf }));

  const all = [...Object.values(named), playlist, orphan];
  await age(all, 24 * 30);
  await sweep(server.app);
  for (const [what, key] of Object.entries({ ...named, playlist })) expect([what, onDisk(key), await served(key)]).toEqual([what, true, 200]);
  expect(onDisk(orphan)).toBe(false);

  // Named no more: a cover replaced, a teacher deleted, a version deleted (its playlist first, then the segments it named).
  const newCover = await image();
  await ok(admin.put(`/api/v1/courses/${course.id}`, { cover: newCover }));
  await ok(admin.delete(`/api/v1/teachers/${teacher.id}`));
  await ok(admin.delete(`/api/v1/videos/versions/${hls.id}`));
  await sweep(server.app);
  expect([named.courseCover, named.teacherPhoto, named.teacherText, playlist].map(onDisk)).toEqual([false, false, false, false]);
  expect([newCover, named.courseText, named.segment].map(onDisk)).toEqual([true, true, true]);
  await sweep(server.app);
  expect(onDisk(named.segment)).toBe(false);
});

test('files older than the table (put in the folder before) are registered when first seen and go a grace period later; folders and other names are never touched', async () => {
  const legacy = `${Date.now()}-legacy.jpg`;
  writeFileSync(path.join(provider.filesDir, legacy), files.jpg);
  mkdirSync(path.join(provider.filesDir, 'imported'), { recursive: true });
  writeFileSync(path.join(provider.filesDir, 'imported', 'old.jpg'), files.jpg);
  writeFileSync(path.join(provider.filesDir, 'notes about files.txt'), 'kept');
  await sweep(server.app);
  expect(onDisk(legacy)).toBe(true);
  await age([legacy, 'imported/old.jpg', 'notes about files.txt'], 25);
  await sweep(server.app);
  expect([onDisk(legacy), onDisk('imported/old.jpg'), onDisk('notes about files.txt'), onDisk('demo/teacher.jpg')]).toEqual([false, true, true, true]);
});

/** Waits until some statement of this database waits for a lock and its text matches. */
async function untilWaiting(pattern: string) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const { rows } = await sql.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`, [`%${pattern}%`]);
    if (rows.length > 0) return;
    await sleep(20);
  }
  throw new Error(`nothing waits on a lock in a statement like "${pattern}"`);
}

describe('a write that names a file while the sweep removes it', () => {
  let holder: Client;
  beforeEach(async () => {
    holder = new Client({ connectionString: server.databaseUrl });
    await holder.connect();
  });
  afterEach(() => holder.end());

  test('a write that locked the file first keeps it: the sweep passes over it', async () => {
    const key = await image();
    await age([key], 48);
    // The course's row held, so the write stops after locking its files and before changing the course.
    await holder.query('begin');
    await holder.query('select 1 from courses where id = $1 for update', [courseId]);
    const write = admin.put(`/api/v1/courses/${courseId}`, { cover: key });
    await untilWaiting('update "courses"');
    expect(await sweep(server.app).then(() => onDisk(key))).toBe(true);
    await holder.query('commit');
    expect((await write).status).toBe(200);
    await sweep(server.app);
    expect(await served(key)).toBe(200);
  });

  test('a write that comes while the sweep holds the file is refused (400 under the field), and changes nothing', async () => {
    const key = await image();
    await age([key], 48);
    const before = (await admin.get(`/api/v1/courses/${courseId}`)).body.data.cover;
    // The table held in share mode: the sweep locks its rows, looks, unlinks, then waits to mark them removed.
    await holder.query('begin');
    await holder.query('lock table uploaded_files in share mode');
    const sweeping = sweep(server.app);
    await untilWaiting('update "uploaded_files"');
    const write = admin.put(`/api/v1/courses/${courseId}`, { cover: key }, { headers: { 'accept-language': 'ja-JP' } });
    await untilWaiting('for key share');
    await holder.query('commit');
    await sweeping;
    const refused = await write;
    expect(refused).toMatchObject({ status: 400, body: { errors: { cover: 'このファイルは使われていなかったため削除されました。もう一度アップロードしてください' } } });
    expect(onDisk(key)).toBe(false);
    expect((await admin.get(`/api/v1/courses/${courseId}`)).body.data.cover).toBe(before);
    // A form left open since, sent again, is refused the same way, in rich text too.
    const stale = await admin.post('/api/v1/teachers', { name: 'Stale form', introduction: richTextWith(key) });
    expect(stale).toMatchObject({ status: 400, body: { errors: { introduction: 'This file was removed as unused, please upload it again' } } });
  });

  test('writes and sweeps at the same moment, many times: a file is either kept and named, or removed and not named', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => image()));
    await age(keys, 48);
    const teachers = await Promise.all(keys.map((_, at) => ok(admin.post('/api/v1/teachers', { name: `Racer ${at}` }))));
    const writes = keys.map((key, at) => admin.put(`/api/v1/teachers/${teachers[at].id}`, { photo: key }));
    const [answers] = await Promise.all([Promise.all(writes), sweep(server.app), sweep(server.app)]);
    for (const [at, key] of keys.entries()) {
      const photo = (await admin.get(`/api/v1/teachers/${teachers[at].id}`)).body.data.photo;
      if (answers[at].status === 200) expect([photo, onDisk(key)]).toEqual([key, true]);
      else expect([answers[at].status, photo, onDisk(key)]).toEqual([400, '', false]);
    }
    await sweep(server.app);
    for (const [at, key] of keys.entries()) if (answers[at].status === 200) expect(onDisk(key)).toBe(true);
  });
});

test('two instances on one database and one files folder sweep side by side: each orphan goes once, every named file stays', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-files-second-'));
  symlinkSync(provider.filesDir, path.join(dataDir, 'files'));
  const second = await startServer({ dataDir }, server.databaseUrl);
  try {
    const orphans = Array.from({ length: 40 }, (_, at) => `${Date.now()}-orphan${at}.png`);
    for (const key of orphans) writeFileSync(path.join(provider.filesDir, key), files.png);
    const kept = [await image(), await image()];
    const teacher = await ok(admin.post('/api/v1/teachers', { name: 'Shared', photo: kept[0], introduction: richTextWith(kept[1]) }));
    await sweep(server.app);
    await age([...orphans, ...kept], 48);
    await Promise.all([sweep(server.app), sweep(second.app), sweep(server.app), sweep(second.app)]);
    expect(orphans.filter(onDisk)).toEqual([]);
    expect(kept.map(onDisk)).toEqual([true, true]);
    const { rows } = await sql.query(`select count(*)::int as removed from uploaded_files where key = any($1) and removed_at is not null`, [orphans]);
    expect(rows[0].removed).toBe(orphans.length);
    expect((await admin.get(`/api/v1/teachers/${teacher.id}`)).body.data.photo).toBe(kept[0]);
  } finally {
    await second.stop();
  }
});

test('UNUSED_FILE_GRACE_HOURS sets the grace period: 24 hours unless set, and a positive number', () => {
  expect(configFromEnv({}).app.unusedFileGraceMs).toBe(24 * 3_600_000);
  expect(configFromEnv({ UNUSED_FILE_GRACE_HOURS: '0.5' }).app.unusedFileGraceMs).toBe(1_800_000);
  expect(() => configFromEnv({ UNUSED_FILE_GRACE_HOURS: '0' })).toThrow('UNUSED_FILE_GRACE_HOURS must be a positive number, not "0"');
});
