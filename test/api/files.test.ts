import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signUploadToken, uploadTokenSecret } from '../../server/storage/uptoken';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';
import { files, newKey, uploader } from './uploads';

const { jpg, png, pdf, mp4, flv, ts, m3u8 } = files;
const text = Buffer.from('just some text, not a picture\n');

const VIDEO_LIMIT = 4096;
let server: TestServer;
let admin: ReturnType<typeof client>;
let uptoken: ReturnType<typeof uploader>['uptoken'];
let post: ReturnType<typeof uploader>['post'];
let upload: ReturnType<typeof uploader>['upload'];
let partialFiles: () => string[];

beforeAll(async () => {
  server = await startServer({ videoMaxBytes: VIDEO_LIMIT });
  const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  admin = client(server.url, token);
  ({ uptoken, post, upload, partialFiles } = uploader(server, token));
});
afterAll(() => server.stop());

const filesDir = () => path.join(server.app.appConfig.dataDir, 'files');

describe('upload tokens', () => {
  test('an administrator gets a token per kind, with where to upload and where files are served', async () => {
    for (const kind of ['image', 'video', 'pdf'] as const) {
      const answer = await admin.get(`/api/v1/uptoken/${kind}`);
      expect(answer.status).toBe(200);
      const before = Date.now();
      expect(answer.body.data).toEqual({
        uptoken: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
        schema: 'http',
        domain: `${server.url}/files`,
        upload_url: `${server.url}/api/v1/files`,
        expires_at: expect.any(Number),
      });
      expect(answer.body.data.expires_at).toBeGreaterThan(before + 59 * 60_000);
      expect(answer.body.data.expires_at).toBeLessThanOrEqual(before + 60 * 60_000);
    }
  });

  test('signed out: 401; a learner or a tenant administrator (no write privilege for files): 403', async () => {
    expect((await client(server.url).get('/api/v1/uptoken/image')).status).toBe(401);
    const learner = client(server.url, await signIn(server.url, 'demo_learner', DEMO_PASSWORD, { platform: true }));
    expect((await learner.get('/api/v1/uptoken/image')).status).toBe(403);
    const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
    for (const kind of ['image', 'video', 'pdf']) expect((await tenantAdmin.get(`/api/v1/uptoken/${kind}`)).status).toBe(403);
  });

  test('no other kind', async () => {
    expect((await admin.get('/api/v1/uptoken/audio')).status).toBe(404);
  });
});

describe('each kind uploads and reads back, with ranges', () => {
  test.each([
    ['image', 'jpg', jpg, 'image/jpeg', 'inline'],
    ['image', 'jpeg', jpg, 'image/jpeg', 'inline'],
    ['image', 'png', png, 'image/png', 'inline'],
    ['pdf', 'pdf', pdf, 'application/pdf', 'attachment'],
    ['video', 'mp4', mp4, 'video/mp4', 'inline'],
    ['video', 'flv', flv, 'video/x-flv', 'inline'],
    ['video', 'm3u8', m3u8, 'application/vnd.apple.mpegurl', 'attachment'],
    ['video', 'ts', ts, 'video/mp2t', 'inline'],
  ] as const)('%s .%s', async (kind, extension, bytes, contentType, disposition) => {
    const key = newKey(extension);
    const answer = await upload(await uptoken(kind), key, { bytes, name: `original.${extension}` });
    expect(answer).toEqual({ status: 200, body: { key } });

    const whole = await fetch(`${server.url}/files/${key}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe(contentType);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(whole.headers.get('content-disposition')).toBe(`${disposition}; filename="${key}"`);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(`${server.url}/files/${key}`, { headers: { range: 'bytes=4-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(4, 20))).toBe(true);
    expect(partialFiles()).toEqual([]);
  });

  test('a file past the multipart parser\'s default 1 MB arrives whole', async () => {
    const key = newKey('pdf');
    const bytes = Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    expect((await upload(await uptoken('pdf'), key, { bytes })).status).toBe(200);
    const stored = await fetch(`${server.url}/files/${key}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('the file type is judged by its bytes, not by the name or type the form gives it', async () => {
    const key = newKey('png');
    const answer = await upload(await uptoken('image'), key, { bytes: png, name: 'holiday.jpg', type: 'image/jpeg' });
    expect(answer).toEqual({ status: 200, body: { key } });
  });

  test('the demo files are served under their folders, an HLS playlist beside its segments', async () => {
    // Each body is read: an unread one keeps its connection busy, and the server's close waits for it.
    const photo = await fetch(`${server.url}/files/demo/teacher.jpg`);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const playlist = await fetch(`${server.url}/files/demo/hls/video-h.m3u8`);
    expect(playlist.status).toBe(200);
    const segment = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts'))!;
    const segmentAnswer = await fetch(`${server.url}/files/demo/hls/${segment}`);
    expect(segmentAnswer.status).toBe(200);
    expect((await segmentAnswer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  test('an unknown key is a 404, and nothing outside the files folder is served', async () => {
    expect((await fetch(`${server.url}/files/${newKey('png')}`)).status).toBe(404);
    for (const sneaky of ['..%2Fpglite', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '.uploads', '..', 'demo//teacher.jpg', '.uploads/x.png']) {
      const answer = await fetch(`${server.url}/files/${sneaky}`);
      expect([answer.status, sneaky]).toEqual([404, sneaky]);
    }
  });
});

describe('refused uploads leave nothing behind', () => {
  afterEach(() => expect(partialFiles()).toEqual([]));

  test('a forged token, or no token of ours at all: 401', async () => {
    const genuine = await uptoken('image');
    const [payload, signature] = genuine.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ kind: 'image', exp: Date.now() + 10 * 365 * 86_400_000 })).toString('base64url');
    for (const token of [`${forgedPayload}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, 'not-a-token', `${payload}.${signature}.x`]) {
      const key = newKey('png');
      const answer = await upload(token, key, { bytes: png });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, error_code: 401, message: 'The upload token is invalid or has expired, please upload again' });
      expect(existsSync(path.join(filesDir(), key))).toBe(false);
    }
  });

  test('an expired token: 401', async () => {
    // Signed with the installation's own secret, as the server would have an hour ago.
    const secret = await uploadTokenSecret(server.database.db);
    const expired = signUploadToken(secret, { kind: 'image', expiresAt: Date.now() - 1 });
    expect((await upload(expired, newKey('png'), { bytes: png })).status).toBe(401);
    const fresh = signUploadToken(secret, { kind: 'image', expiresAt: Date.now() + 60_000 });
    expect((await upload(fresh, newKey('png'), { bytes: png })).status).toBe(200);
  });

  test("a token of another kind: 415 with that kind's message", async () => {
    const answer = await upload(await uptoken('pdf'), newKey('png'), { bytes: png });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('Please select PDF file!');
    const asVideo = await upload(await uptoken('image'), newKey('mp4'), { bytes: mp4 });
    expect(asVideo).toMatchObject({ status: 415, body: { message: 'Please select JPG, PNG file!' } });
  });

  test.each([
    ['a parent folder', '../escaped.png'],
    ['a folder', 'nested/inside.png'],
    ['an absolute path', '/tmp/absolute.png'],
    ['a backslash', '..\\escaped.png'],
    ['a NUL', 'nul\u0000.png'],
    ['a dot file', '.hidden.png'],
    ['no extension', 'noextension'],
    ['a space', 'with space.png'],
    ['other letters', 'café.png'],
    ['too long', `${'a'.repeat(125)}.png`],
  ])('a key with %s: 400 naming the key', async (_, key) => {
    const answer = await upload(await uptoken('image'), key, { bytes: png });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ key: 'Letters, digits, "-" and "_" followed by one extension, at most 128 characters' });
    expect(existsSync(path.resolve(filesDir(), key))).toBe(false);
  });

  test('a key whose extension lies about the file: 415', async () => {
    const answer = await upload(await uptoken('image'), newKey('jpg'), { bytes: png, name: 'real.png', type: 'image/png' });
    expect(answer).toMatchObject({ status: 415, body: { message: 'The file is not what its extension .jpg says' } });
    const playlist = await upload(await uptoken('video'), newKey('mp4'), { bytes: m3u8 });
    expect(playlist).toMatchObject({ status: 415, body: { message: 'The file is not what its extension .mp4 says' } });
  });

  test('a key with an extension the kind does not take: 415', async () => {
    const answer = await upload(await uptoken('image'), newKey('gif'), { bytes: png });
    expect(answer).toMatchObject({ status: 415, body: { message: 'Please select JPG, PNG file!' } });
  });

  test('a text file named .png: 415, in the caller\'s language', async () => {
    const answer = await upload(await uptoken('image'), newKey('png'), { bytes: text, name: 'picture.png', type: 'image/png' });
    expect(answer).toMatchObject({ status: 415, body: { message: 'Please select JPG, PNG file!' } });
    const inChinese = await upload(await uptoken('pdf'), newKey('pdf'), { bytes: text, name: 'a.pdf' }, { 'accept-language': 'zh-CN' });
    expect(inChinese).toMatchObject({ status: 415, body: { message: '请选择 PDF 文件！' } });
    const empty = await upload(await uptoken('video'), newKey('mp4'), { bytes: Buffer.alloc(0) });
    expect(empty).toMatchObject({ status: 415, body: { message: 'Please select the correct video file!' } });
  });

  test('too large: 413 (an image past 5 MB, a video past VIDEO_MAX_BYTES)', async () => {
    const bigImage = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const key = newKey('png');
    const image = await upload(await uptoken('image'), key, { bytes: bigImage });
    expect(image).toMatchObject({ status: 413, body: { message: 'Picture size cannot exceed 5MB!' } });
    expect(existsSync(path.join(filesDir(), key))).toBe(false);

    const atLimit = Buffer.concat([mp4, Buffer.alloc(VIDEO_LIMIT - mp4.length)]);
    expect((await upload(await uptoken('video'), newKey('mp4'), { bytes: atLimit })).status).toBe(200);
    const pastLimit = Buffer.concat([atLimit, Buffer.alloc(1)]);
    const video = await upload(await uptoken('video'), newKey('mp4'), { bytes: pastLimit });
    expect(video).toMatchObject({ status: 413, body: { message: 'Video size cannot exceed 4.00 KB!' } });
  });

  test('an existing key is never overwritten: 409', async () => {
    const key = newKey('png');
    expect((await upload(await uptoken('image'), key, { bytes: png })).status).toBe(200);
    const again = await upload(await uptoken('image'), key, { bytes: jpg });
    expect(again).toMatchObject({ status: 409, body: { message: 'A file with this key already exists' } });
    expect(readFileSync(path.join(filesDir(), key)).equals(png)).toBe(true);
  });

  test('missing fields, or the file before them: 400 naming them', async () => {
    const token = await uptoken('image');
    const noToken = await post([['key', newKey('png')], ['file', { bytes: png }]]);
    expect(noToken).toMatchObject({ status: 400, body: { errors: { token: 'Required' } } });
    const noFile = await post([['token', token], ['key', newKey('png')]]);
    expect(noFile).toMatchObject({ status: 400, body: { errors: { file: 'Required' } } });
    const fileFirst = await post([['file', { bytes: png }], ['token', token], ['key', newKey('png')]]);
    expect(fileFirst).toMatchObject({ status: 400, body: { errors: { token: 'Required', key: 'Required' } } });
    const empty = await post([]);
    expect(empty).toMatchObject({ status: 400, body: { errors: { token: 'Required', key: 'Required', file: 'Required' } } });
  });

  test('not a form: 415', async () => {
    const answer = await admin.post('/api/v1/files', { token: 'x', key: 'y.png' });
    expect(answer.status).toBe(415);
  });

  test('a client that goes away mid-upload leaves no partial file', async () => {
    const key = newKey('mp4');
    const token = await uptoken('video');
    const boundary = 'cc-abort-boundary';
    const head = Buffer.from(
      [`--${boundary}`, 'Content-Disposition: form-data; name="token"', '', token, `--${boundary}`, 'Content-Disposition: form-data; name="key"', '', key, `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="a.mp4"', 'Content-Type: video/mp4', '', ''].join('\r\n'),
    );
    const request = http.request(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 3000) },
    });
    request.on('error', () => undefined);
    request.write(Buffer.concat([head, mp4]));
    // The server has started the partial file once it has seen the file's first bytes.
    for (let waited = 0; partialFiles().length === 0 && waited < 5000; waited += 20) await sleep(20);
    expect(partialFiles()).toHaveLength(1);
    request.destroy();
    for (let waited = 0; partialFiles().length > 0 && waited < 5000; waited += 20) await sleep(20);
    expect(existsSync(path.join(filesDir(), key))).toBe(false);
  });
});

test('the provider is in the OpenAPI document', async () => {
  const { body } = await client(server.url).get('/api/docs/json');
  for (const route of ['/api/v1/uptoken/image', '/api/v1/uptoken/video', '/api/v1/uptoken/pdf', '/api/v1/files', '/files/{*}'])
    expect(Object.keys(body.paths)).toContain(route);
  expect(Object.keys(body.paths['/api/v1/files'].post.requestBody.content)).toEqual(['multipart/form-data']);
  expect(body.paths['/api/v1/uptoken/image'].get.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty('upload_url');
});

test('PUBLIC_URL names the domain and the upload address; a start clears partial files a crash left', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-files-'));
  const uploads = path.join(dataDir, 'files', '.uploads');
  mkdirSync(uploads, { recursive: true });
  writeFileSync(path.join(uploads, 'crashed.part'), 'half a file');
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  utimesSync(path.join(uploads, 'crashed.part'), twoDaysAgo, twoDaysAgo);
  writeFileSync(path.join(uploads, 'in-flight.part'), 'another instance is writing this');
  const behindProxy = await startServer({ publicUrl: 'https://courses.example.com', dataDir });
  try {
    expect(readdirSync(uploads)).toEqual(['in-flight.part']);
    const token = client(behindProxy.url, await signIn(behindProxy.url, 'admin', ADMIN_PASSWORD));
    const answer = await token.get('/api/v1/uptoken/image');
    expect(answer.body.data).toMatchObject({
      schema: 'https',
      domain: 'https://courses.example.com/files',
      upload_url: 'https://courses.example.com/api/v1/files',
    });
  } finally {
    await behindProxy.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
