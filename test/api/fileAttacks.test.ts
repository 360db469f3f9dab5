import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, watch, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MB } from '../../schema/files';
import { signUploadToken, uploadTokenSecret } from '../../server/storage/uptoken';
import { signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';
import { files, newKey, uploader } from './uploads';

/**
 * The storage provider under attack: polyglot and mislabelled files, traversal in keys, forged
 * and misused tokens, bodies larger than they say. Every refusal is an envelope in the caller's
 * language, never a 500, and leaves nothing behind.
 */
let server: TestServer;
let provider: ReturnType<typeof uploader>;
/** What the files folder held before each test: a refusal adds nothing to it. */
let before: string[];

const VIDEO_LIMIT = 8 * MB;
beforeAll(async () => {
  server = await startServer({ videoMaxBytes: VIDEO_LIMIT });
  provider = uploader(server, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

const listing = () => readdirSync(provider.filesDir).sort();
beforeEach(() => {
  before = listing();
});
const expectNothingStored = () => {
  expect(listing()).toEqual(before);
  expect(provider.partialFiles()).toEqual([]);
};

const html = (text: string) => Buffer.from(text, 'latin1');
/** A JPEG comment segment (FF FE), where a polyglot hides its page. */
const jpegComment = (text: string) => {
  const body = html(text);
  return Buffer.concat([Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
};
/** A PNG text chunk (tEXt) before IEND; the CRC is not what browsers or the provider look at. */
const pngText = (text: string) => {
  const body = Buffer.concat([html('Comment\0'), html(text)]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, html('tEXt'), body, Buffer.alloc(4)]);
};
const { jpg, png, pdf, mp4, m3u8 } = files;
const iend = png.length - 12;
/** Bytes that look like compressed data: a fixed pseudo-random stream, so the run is repeatable. */
const noise = (length: number) => {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let at = 0; at < length; at += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[at] = state & 0xff;
  }
  return bytes;
};

describe('polyglot and mislabelled files are refused by their bytes', () => {
  const activeContent = 'The file holds web page code (HTML or script) and cannot be uploaded';

  test.each([
    ['image', 'jpg', 'a JPEG whose comment is a script', Buffer.concat([jpg.subarray(0, 2), jpegComment('<script>alert(document.cookie)</script>'), jpg.subarray(2)])],
    ['image', 'jpg', 'a JPEG with a page after its end', Buffer.concat([jpg, html('<html><body onload=alert(1)>')])],
    ['image', 'jpg', 'a JPEG with a page 200 kB in, past the head', Buffer.concat([jpg, noise(200_000), html('<HTML>')])],
    ['image', 'png', 'a PNG whose text chunk is an SVG', Buffer.concat([png.subarray(0, iend), pngText('<svg/onload=alert(1)>'), png.subarray(iend)])],
    ['image', 'png', 'a PNG with an iframe appended', Buffer.concat([png, html('<iframe src="https://evil.example">')])],
    ['pdf', 'pdf', 'a PDF with a page appended after %%EOF', Buffer.concat([pdf, html('\n<!DOCTYPE html><script>fetch("/api")</script>')])],
    ['pdf', 'pdf', 'a PDF whose link runs script', Buffer.concat([pdf, html('\n1 0 obj << /URI (javascript:alert(1)) >> endobj')])],
    ['video', 'm3u8', 'a playlist with a script line', Buffer.concat([m3u8, html('<script>alert(1)</script>\n')])],
    ['video', 'mp4', 'an MP4 whose first box is followed by a page', Buffer.concat([mp4.subarray(0, 32), html('<html><script>alert(1)</script></html>'), mp4.subarray(32)])],
  ] as const)('%s .%s: %s (415)', async (kind, extension, _, bytes) => {
    const answer = await provider.upload(await provider.uptoken(kind), newKey(extension), { bytes, type: `image/${extension}` });
    expect(answer).toMatchObject({ status: 415, body: { success: false, error_code: 415, message: activeContent } });
    expectNothingStored();
  });

  test('the refusal speaks the caller\'s language', async () => {
    const bytes = Buffer.concat([jpg, html('<script>')]);
    const chinese = await provider.upload(await provider.uptoken('image'), newKey('jpg'), { bytes }, { 'accept-language': 'zh-CN' });
    expect(chinese.body.message).toBe('文件中含有网页代码（HTML 或脚本），不能上传');
    const japanese = await provider.upload(await provider.uptoken('image'), newKey('jpg'), { bytes }, { 'accept-language': 'ja-JP' });
    expect(japanese.body.message).toBe('ファイルにウェブページのコード（HTML やスクリプト）が含まれているため、アップロードできません');
  });

  const zip = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'), noise(200)]);
  const svg = html('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
  const gif = Buffer.concat([html('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), html(',\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;')]);
  test.each([
    ['pdf', 'pdf', 'a zip renamed .pdf', zip, 'Please select PDF file!'],
    ['image', 'png', 'a zip renamed .png', zip, 'Please select JPG, PNG file!'],
    ['pdf', 'pdf', 'a PDF with a page before it', Buffer.concat([html('<html><script>alert(1)</script></html>\n'), pdf]), 'Please select PDF file!'],
    ['image', 'svg', 'an SVG as itself', svg, 'Please select JPG, PNG file!'],
    ['image', 'png', 'an SVG named .png', svg, 'Please select JPG, PNG file!'],
    ['image', 'jpg', 'a web page named .jpg', html('<!doctype html><script>alert(1)</script>'), 'Please select JPG, PNG file!'],
    ['image', 'png', 'a GIF named .png', gif, 'Please select JPG, PNG file!'],
    ['video', 'mp4', 'a web page named .mp4', html('<html><script>alert(1)</script></html>'), 'Please select the correct video file!'],
    ['video', 'm3u8', 'a web page named .m3u8', html('<html>#EXTM3U</html>'), 'Please select the correct video file!'],
    ['video', 'mp4', 'a PNG named .mp4', png, 'Please select the correct video file!'],
    ['image', 'png', 'a JPEG named .png', jpg, 'The file is not what its extension .png says'],
  ] as const)('%s .%s: %s (415)', async (kind, extension, _, bytes, message) => {
    const answer = await provider.upload(await provider.uptoken(kind), newKey(extension), { bytes });
    expect(answer).toMatchObject({ status: 415, body: { success: false, message } });
    expectNothingStored();
  });

  test('genuine files whose compressed bytes are long and varied are taken', async () => {
    // 3 MB of noise inside a JPEG and a PDF: no mark of markup appears by chance.
    await provider.stored('image', 'jpg', Buffer.concat([jpg.subarray(0, -2), noise(3 * MB), jpg.subarray(-2)]));
    await provider.stored('pdf', 'pdf', Buffer.concat([pdf, noise(3 * MB)]));
    // XMP metadata (XML, not a page) stays welcome.
    await provider.stored('image', 'jpg', Buffer.concat([jpg.subarray(0, 2), jpegComment('<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>'), jpg.subarray(2)]));
  });
});

describe('files are served as the table says, and nothing else is served', () => {
  test('files put in the folder by other means are not served unless their extension is in the table', async () => {
    for (const name of ['planted.html', 'planted.svg', 'planted.js', 'planted.xml', 'planted.txt', 'planted.htm', 'planted.gif']) {
      writeFileSync(path.join(provider.filesDir, name), '<script>alert(1)</script>');
      const answer = await fetch(`${server.url}/files/${name}`);
      expect([name, answer.status, answer.headers.get('content-type')]).toEqual([name, 404, expect.stringContaining('application/json')]);
      await answer.arrayBuffer();
    }
  });

  test('a served file carries its fixed type, no sniffing, a sandbox, and a disposition, also on HEAD and ranges', async () => {
    const key = await provider.stored('image', 'png', png);
    for (const init of [{ method: 'HEAD' }, { headers: { range: 'bytes=0-3' } }]) {
      const answer = await fetch(`${server.url}/files/${key}`, init);
      expect(answer.status).toBe(init.method === 'HEAD' ? 200 : 206);
      expect(Object.fromEntries(['content-type', 'x-content-type-options', 'content-security-policy', 'content-disposition'].map((name) => [name, answer.headers.get(name)]))).toEqual({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'content-disposition': `inline; filename="${key}"`,
      });
      await answer.arrayBuffer();
    }
  });
});

/** A request sent byte for byte as given (fetch and http.request tidy paths up first); answers the status and body. */
function rawRequest(head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    // Not half-closed: the server closes the connection once it has answered (Connection: close).
    socket.write(Buffer.from(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'utf8'));
  });
}

describe('keys that try to leave the files folder are refused', () => {
  test.each([
    ['a parent folder', '../escaped.png'],
    ['an encoded parent folder', '%2e%2e%2fescaped.png'],
    ['a half-encoded parent folder', '..%2Fescaped.png'],
    ['a home folder', '~/escaped.png'],
    ['an absolute path', '/etc/escaped.png'],
    ['a drive', 'C:\\escaped.png'],
    ['a backslash', '..\\escaped.png'],
    ['a NUL before another extension', 'escaped.png\u0000.jpg'],
    ['fullwidth dots and slash', '\uff0e\uff0e\uff0fescaped.png'],
    ['one-dot leaders', '\u2024\u2024/escaped.png'],
    ['a right-to-left override', 'escaped\u202egnp.png'],
    ['a zero-width space', 'esc\u200baped.png'],
    ['a line feed', 'escaped\n.png'],
    ['a trailing slash', 'escaped.png/'],
    ['a trailing dot', 'escaped.png.'],
    ['two dots', '..'],
    ['an NTFS stream', 'escaped.png::$DATA'],
    ['129 characters', `${'a'.repeat(125)}.png`],
    ['4,000 characters', `${'a'.repeat(3996)}.png`],
    ['10,000 characters (past the field limit)', `${'a'.repeat(9996)}.png`],
  ])('on upload, a key with %s: 400 naming the key', async (_, key) => {
    const answer = await provider.upload(await provider.uptoken('image'), key, { bytes: png });
    expect(answer).toMatchObject({ status: 400, body: { success: false, errors: { key: 'Letters, digits, "-" and "_" followed by one extension, at most 128 characters' } } });
    expectNothingStored();
    expect(readdirSync(path.dirname(provider.filesDir)).sort()).toEqual(['files']);
  });

  test('on GET /files, no spelling of a way out reaches a file outside the folder, and none is a 500', async () => {
    // A file beside the files folder, which must never be served.
    writeFileSync(path.join(provider.filesDir, '..', 'secret.png'), 'SECRET-BESIDE-FILES');
    const ways = [
      '/files/../secret.png',
      '/files/..%2fsecret.png',
      '/files/..%2Fsecret.png',
      '/files/%2e%2e/secret.png',
      '/files/%2e%2e%2fsecret.png',
      '/files/%252e%252e%252fsecret.png',
      '/files/..%5csecret.png',
      '/files/..\\secret.png',
      '/files/demo/../../secret.png',
      '/files/demo/%2e%2e/%2e%2e/secret.png',
      '/files//etc/passwd',
      '/files/%2fetc%2fpasswd',
      '/files/%c0%ae%c0%ae/secret.png',
      '/files/%c0%ae%c0%ae%c0%afsecret.png',
      '/files/\uff0e\uff0e/secret.png',
      '/files/%ef%bc%8e%ef%bc%8e%ef%bc%8fsecret.png',
      '/files/\u2024\u2024/secret.png',
      '/files/secret.png%00.jpg',
      '/files/demo/teacher.jpg%00',
      '/files/.uploads/',
      '/files/.uploads/x.part',
      '/files/%2euploads/x.png',
      '/files/C:%5csecret.png',
      `/files/${'a/'.repeat(5)}deep.png`,
      `/files/${'a'.repeat(300)}.png`,
      `/files/${'a'.repeat(12_000)}.png`,
    ];
    for (const way of ways) {
      const answer = await rawRequest(`GET ${way} HTTP/1.1`);
      expect([way, answer.status >= 400 && answer.status < 500]).toEqual([way, true]);
      expect(answer.text).not.toContain('SECRET-BESIDE-FILES');
      expect(answer.text).not.toContain('root:');
    }
    // The way in still works.
    expect((await rawRequest('GET /files/demo/teacher.jpg HTTP/1.1')).status).toBe(200);
  });
});

describe('upload tokens are refused when misused', () => {
  const unsigned = (claims: object) => Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signedBy = (secret: Buffer, payload: string) => `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
  const badToken = 'The upload token is invalid or has expired, please upload again';

  test('signed by another installation, tampered, truncated, or not a token: 401', async () => {
    const ours = await uploadTokenSecret(server.database.db);
    const hourAhead = Date.now() + 3_600_000;
    const genuine = await provider.uptoken('image');
    const [payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tokens = [
      signUploadToken(randomBytes(32), { kind: 'image', expiresAt: hourAhead }),
      `${unsigned({ ...claims, kind: 'video' })}.${signature}`,
      `${unsigned({ ...claims, exp: claims.exp + 60_000 })}.${signature}`,
      `${payload}.`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature}A`,
      `.${signature}`,
      signedBy(ours, unsigned({ kind: 'image', exp: String(hourAhead) })),
      signedBy(ours, unsigned({ kind: '__proto__', exp: hourAhead })),
      signedBy(ours, unsigned({ kind: 'image' })),
      signedBy(ours, 'not json at all'),
      signedBy(ours, unsigned({ kind: 'image', exp: Date.now() - 1 })),
      `${payload}.${signature}`.repeat(200),
      'null',
    ];
    for (const token of tokens) {
      const answer = await provider.upload(token, newKey('png'), { bytes: png });
      expect([token.slice(0, 40), answer.status, answer.body.message]).toEqual([token.slice(0, 40), 401, badToken]);
    }
    expectNothingStored();
    // The genuine one still works.
    expect((await provider.upload(genuine, newKey('png'), { bytes: png })).status).toBe(200);
  });

  test('a token of one kind is refused for a file of another: 415 with the kind\'s own message', async () => {
    const cases = [
      ['image', 'pdf', pdf, 'Please select JPG, PNG file!'],
      ['image', 'mp4', mp4, 'Please select JPG, PNG file!'],
      ['pdf', 'jpg', jpg, 'Please select PDF file!'],
      ['video', 'png', png, 'Please select the correct video file!'],
      ['video', 'pdf', pdf, 'Please select the correct video file!'],
    ] as const;
    for (const [kind, extension, bytes, message] of cases) {
      const answer = await provider.upload(await provider.uptoken(kind), newKey(extension), { bytes });
      expect(answer).toMatchObject({ status: 415, body: { message } });
    }
    expectNothingStored();
  });
});

/** The files folder's partial uploads and their sizes, now; one the server removes between the listing and its size counts as 0. */
const partialSizes = () => provider.partialFiles().map((name) => statSync(path.join(provider.filesDir, '.uploads', name), { throwIfNoEntry: false })?.size ?? 0);

/**
 * Posts a form whose file part goes on for `fileBytes` of noise after a valid head, as fast as the
 * server takes it, with the headers given (a Content-Length, or none: chunked). Answers the status,
 * how many bytes were handed to the socket before the server stopped the upload, and the largest
 * partial file seen meanwhile.
 */
async function streamUpload(kind: 'image' | 'video' | 'pdf', key: string, head: Buffer, fileBytes: number, headers: Record<string, string> = {}) {
  const token = await provider.uptoken(kind);
  const boundary = 'cc-stream-boundary';
  const formHead = Buffer.from(
    [`--${boundary}`, 'Content-Disposition: form-data; name="token"', '', token, `--${boundary}`, 'Content-Disposition: form-data; name="key"', '', key, `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="big"', 'Content-Type: application/octet-stream', '', ''].join('\r\n'),
  );
  const formTail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = noise(64 * 1024);
  let largestPartial = 0;
  const watcher = setInterval(() => (largestPartial = Math.max(largestPartial, ...partialSizes())), 5);
  let sent = 0;
  const request = http.request(`${server.url}/api/v1/files`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers } });
  const answered = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (part) => chunks.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    request.on('error', reject);
  });
  const stopped = new Promise<void>((resolve) => request.on('close', resolve));
  const write = (bytes: Buffer) => new Promise<boolean>((resolve) => request.write(bytes, (error) => resolve(!error)));
  let open = await write(Buffer.concat([formHead, head]));
  for (let left = fileBytes - head.length; open && left > 0 && !request.destroyed; left -= chunk.length) {
    open = await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
    if (open) sent += Math.min(left, chunk.length);
  }
  if (open && !request.destroyed) request.end(formTail);
  const answer = await answered;
  await stopped;
  clearInterval(watcher);
  return { ...answer, sent, largestPartial };
}

describe('bodies past the limit are cut off without filling the disk or the memory', () => {
  afterEach(() => expect(provider.partialFiles()).toEqual([]));

  test('an image body streamed to 200 MB is stopped at 5 MB: 413, the partial file removed', async () => {
    const key = newKey('jpg');
    const answer = await streamUpload('image', key, jpg.subarray(0, -2), 200 * MB);
    expect(answer).toMatchObject({ status: 413, body: { message: 'Picture size cannot exceed 5MB!' } });
    // The server read no further than the limit: what the client got out is the limit plus what the sockets buffer.
    expect(answer.sent).toBeLessThan(40 * MB);
    expect(answer.largestPartial).toBeLessThanOrEqual(5 * MB);
    expect(existsSync(path.join(provider.filesDir, key))).toBe(false);
  });

  test('a Content-Length that lies low (the file goes on past it): a 400, nothing stored', async () => {
    const key = newKey('jpg');
    // The bytes past the declared length read as a second request, which HTTP refuses at once, usually before the
    // handler of the first has even opened its partial file: so watch that file's whole life, not only the answer.
    const started = new Set<string>();
    const watcher = watch(path.join(provider.filesDir, '.uploads'), (_event, name) => name?.endsWith('.part') && started.add(name));
    try {
      const answer = await streamUpload('image', key, jpg.subarray(0, -2), 1 * MB, { 'content-length': '900' });
      expect(answer.status).toBe(400);
      for (let waited = 0; (started.size === 0 || provider.partialFiles().length > 0) && waited < 10_000; waited += 20) await sleep(20);
    } finally {
      watcher.close();
    }
    // The 900 bytes hold the whole form head: the cut-short upload was started, then cleared.
    expect(started.size).toBe(1);
    expect(existsSync(path.join(provider.filesDir, key))).toBe(false);
  });

  test('a form cut short (the body ends inside the file, with an honest Content-Length): 400, nothing stored', async () => {
    const key = newKey('pdf');
    const token = await provider.uptoken('pdf');
    const body = Buffer.concat([
      Buffer.from(`--x\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n--x\r\nContent-Disposition: form-data; name="key"\r\n\r\n${key}\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`),
      pdf,
      noise(100_000),
    ]);
    const answer = await fetch(`${server.url}/api/v1/files`, { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect([answer.status, (await answer.json()).errors]).toEqual([400, { file: 'The file arrived incomplete, please upload it again' }]);
    expect(existsSync(path.join(provider.filesDir, key))).toBe(false);
  });

  test('a Content-Length that lies high (the body ends early): no file, no partial file', async () => {
    const key = newKey('pdf');
    const request = http.request(`${server.url}/api/v1/files`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(40 * MB) } });
    request.on('error', () => undefined);
    const token = await provider.uptoken('pdf');
    request.write(`--x\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n--x\r\nContent-Disposition: form-data; name="key"\r\n\r\n${key}\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`);
    request.write(Buffer.concat([pdf, noise(MB)]));
    for (let waited = 0; provider.partialFiles().length === 0 && waited < 5000; waited += 20) await sleep(20);
    request.destroy();
    for (let waited = 0; provider.partialFiles().length > 0 && waited < 5000; waited += 20) await sleep(20);
    expect(existsSync(path.join(provider.filesDir, key))).toBe(false);
  });

  test('the server\'s memory stays flat while a 48 MB PDF streams through, and one past the limit is refused', async () => {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const key = newKey('pdf');
    const taken = await streamUpload('pdf', key, pdf, 48 * MB);
    clearInterval(sampler);
    expect(taken).toEqual({ status: 200, body: { key }, sent: expect.any(Number), largestPartial: expect.any(Number) });
    expect(statSync(path.join(provider.filesDir, key)).size).toBe(48 * MB);
    // Bounded by the streams' buffers, not by the file: far less than the 48 MB that went through.
    expect(peak - baseline).toBeLessThan(24 * MB);

    const pastLimit = await streamUpload('pdf', newKey('pdf'), pdf, 51 * MB);
    expect(pastLimit).toMatchObject({ status: 413, body: { message: 'File size cannot exceed 50MB!' } });
    expect(pastLimit.largestPartial).toBeLessThanOrEqual(50 * MB);
  });

  test('a video body past VIDEO_MAX_BYTES, chunked without any Content-Length: 413', async () => {
    const answer = await streamUpload('video', newKey('mp4'), mp4, 3 * VIDEO_LIMIT);
    expect(answer).toMatchObject({ status: 413, body: { message: 'Video size cannot exceed 8.00 MB!' } });
    expect(answer.largestPartial).toBeLessThanOrEqual(VIDEO_LIMIT);
  });
});
