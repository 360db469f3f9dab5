import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
let consoleDir: string;
beforeAll(async () => {
  // A built console of a few files: the API's answers are the same with or without one.
  consoleDir = mkdtempSync(path.join(tmpdir(), 'cc-console-'));
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(consoleDir, 'qr.html'), '<!doctype html><title>confirm</title>');
  writeFileSync(path.join(consoleDir, 'register.html'), '<!doctype html><title>register</title>');
  // index.html with the screens' shared chunks preloaded (scripts/screenChunks.ts).
  writeFileSync(path.join(consoleDir, 'screen.html'), '<!doctype html><title>console</title><link rel="modulepreload" href="/assets/screens-Ef34Gh.js">');
  writeFileSync(path.join(consoleDir, 'assets', 'console-Ab12Cd.js'), 'console.log(1)');
  // The build's compressed copies (scripts/precompress.ts), told apart from the file by their text.
  writeFileSync(path.join(consoleDir, 'assets', 'console-Ab12Cd.js.br'), brotliCompressSync('console.log("br")'));
  writeFileSync(path.join(consoleDir, 'assets', 'console-Ab12Cd.js.gz'), gzipSync('console.log("gz")'));
  writeFileSync(path.join(consoleDir, 'index.html.br'), brotliCompressSync('<!doctype html><title>console</title><!-- br -->'));
  server = await startServer({ corsOrigins: ['http://console.example.com'], consoleDir });
});
afterAll(async () => {
  await server?.stop();
  rmSync(consoleDir, { recursive: true, force: true });
});

test('/healthz says the process is alive; /readyz says the database answers too', async () => {
  const live = await client(server.url).get('/healthz');
  expect(live.status).toBe(200);
  expect(live.body).toEqual({ success: true, data: { status: 'ok' } });
  const ready = await client(server.url).get('/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ success: true, data: { status: 'ok', database: server.database.kind } });
});

test('an unknown API address answers 404 in the envelope', async () => {
  const answer = await client(server.url).get('/api/v1/nothing-here');
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ success: false, message: 'No such address: GET /api/v1/nothing-here', error_code: 404 });
});

test('the OpenAPI document describes the routes from their schemas', async () => {
  const answer = await client(server.url).get('/api/docs/json');
  expect(answer.status).toBe(200);
  const doc = answer.body;
  expect(doc.openapi).toMatch(/^3\./);
  const create = doc.paths['/api/v1/carousel_groups'].post;
  const body = create.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(expect.arrayContaining(['ucode', 'name']));
  expect(body.properties.ucode).toMatchObject({ type: 'string', maxLength: 32 });
  expect(doc.paths['/api/v1/sys/auth'].post.requestBody.content['application/json'].schema.required).toEqual(['login_name', 'password']);
  const ui = await client(server.url).get('/api/docs');
  expect([200, 302]).toContain(ui.status);
});

test("every page carries a page's security headers: the console, a deep link, the API docs", async () => {
  const docs = '/api/docs/static/index.html';
  for (const address of ['/', '/course', docs]) {
    const answer = await fetch(`${server.url}${address}`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    // The API docs' page sends Swagger UI's own policy (staticCSP), scripts from this origin only.
    const frames = address === docs || policy.includes("frame-ancestors 'none'");
    expect({ address, frames, scripts: /script-src[^;]*'self'/.test(policy), inline: /script-src[^;]*unsafe-inline/.test(policy) }).toEqual({ address, frames: true, scripts: true, inline: false });
    expect({ address, sniffing: answer.headers.get('x-content-type-options'), framing: answer.headers.get('x-frame-options') }).toEqual({ address, sniffing: 'nosniff', framing: 'SAMEORIGIN' });
    expect({ address, transport: answer.headers.get('strict-transport-security') }).toEqual({ address, transport: expect.stringMatching(/^max-age=\d+/) });
    expect({ address, opener: answer.headers.get('cross-origin-opener-policy') }).toEqual({ address, opener: 'same-origin' });
    expect({ address, poweredBy: answer.headers.get('x-powered-by') }).toEqual({ address, poweredBy: null });
  }
});

test("every API answer carries an API's security headers, stricter than a page's and without the page-only ones: data, an error, a 404, health", async () => {
  const token = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  const addresses = [
    ['/api/v1/categories/tree', false],
    ['/uc/v1/system/users?page=1&page_size=20', true],
    ['/uc/v1/system/users', false],
    ['/api/v1/nothing-here', false],
    ['/healthz', false],
  ] as const;
  for (const [address, withToken] of addresses) {
    const answer = await fetch(`${server.url}${address}`, { headers: withToken ? { authorization: `Bearer ${token}` } : {} });
    const names = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy'];
    const pageOnly = ['cross-origin-opener-policy', 'x-xss-protection', 'x-powered-by'];
    const security = Object.fromEntries([...names, ...pageOnly].map((name) => [name, answer.headers.get(name)]));
    expect({ address, security, transport: answer.headers.get('strict-transport-security') }).toEqual({
      address,
      security: {
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'cross-origin-opener-policy': null,
        'x-xss-protection': null,
        'x-powered-by': null,
      },
      transport: expect.stringMatching(/^max-age=\d+/),
    });
  }
});

test('a permitted other origin may read the renewal and privilege headers', async () => {
  const preflight = await fetch(`${server.url}/api/v1/sys/auth`, {
    method: 'OPTIONS',
    headers: { origin: 'http://console.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://console.example.com');
  const answer = await client(server.url).post('/api/v1/sys/auth', {}, { headers: { origin: 'http://console.example.com' } });
  expect(answer.headers.get('access-control-expose-headers')).toBe('x-auth-token, x-privileges, x-qr-link');
  const stranger = await client(server.url).post('/api/v1/sys/auth', {}, { headers: { origin: 'http://evil.example.com' } });
  expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
});

test('with no other origin allowed (the default), a preflight is refused in the envelope and no answer grants another origin', async () => {
  const alone = await startServer({ seedDemo: false });
  try {
    const preflight = await fetch(`${alone.url}/api/v1/sys/auth`, {
      method: 'OPTIONS',
      headers: { origin: 'http://console.example.com', 'access-control-request-method': 'POST', 'accept-language': 'en-US' },
    });
    expect(preflight.status).toBe(404);
    expect(await preflight.json()).toMatchObject({ success: false, error_code: 404 });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await client(alone.url).post('/api/v1/sys/auth', {}, { headers: { origin: 'http://console.example.com' } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  } finally {
    await alone.stop();
  }
});

describe('serving the built console', () => {
  test('hashed assets are cached for a year; index.html is revalidated', async () => {
    const asset = await fetch(`${server.url}/assets/console-Ab12Cd.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const index = await fetch(`${server.url}/index.html`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  test("the build's brotli or gzip copy is sent to a browser that accepts it, with the same cache headers", async () => {
    const get = (address: string, acceptEncoding: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        // node:http, not fetch: fetch asks for compression itself and hides content-encoding's work.
        http
          .get(`${server.url}${address}`, { headers: { 'accept-encoding': acceptEncoding } }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const raw = Buffer.concat(chunks);
              const encoding = answer.headers['content-encoding'];
              const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
              resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: body.toString() });
            });
          })
          .on('error', reject);
      });
    const br = await get('/assets/console-Ab12Cd.js', 'gzip, deflate, br, zstd');
    expect(br).toMatchObject({ status: 200, body: 'console.log("br")' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gz = await get('/assets/console-Ab12Cd.js', 'gzip');
    expect(gz).toMatchObject({ status: 200, body: 'console.log("gz")' });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000, immutable' });
    const plain = await get('/assets/console-Ab12Cd.js', 'identity');
    expect(plain).toMatchObject({ status: 200, body: 'console.log(1)' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The sign-in page's index.html, compressed and revalidated; a page without a copy is sent as it is.
    const page = await get('/login', 'br');
    expect(page).toMatchObject({ status: 200, body: '<!doctype html><title>console</title><!-- br -->' });
    expect(page.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const confirm = await get('/qr/confirm', 'br');
    expect(confirm).toMatchObject({ status: 200, body: '<!doctype html><title>confirm</title>' });
    expect(confirm.headers['content-encoding']).toBeUndefined();
    // The copies are no addresses of their own.
    expect((await get('/assets/console-Ab12Cd.js.br', 'identity')).status).toBe(404);
  });

  test('client routes get index.html, with the screens preloaded but on the sign-in page; the QR confirm link gets its own page', async () => {
    for (const route of ['/', '/login', '/course', '/carousel_group/edit/3', '/password/update']) {
      const page = await fetch(`${server.url}${route}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      expect(html).toContain('<title>console</title>');
      if (route === '/login') expect(html).not.toContain('modulepreload');
      else expect(html).toContain('<link rel="modulepreload" href="/assets/screens-Ef34Gh.js">');
    }
    const confirm = await fetch(`${server.url}/qr/confirm?ticket=abc`);
    expect(await confirm.text()).toContain('<title>confirm</title>');
    // A tenant's registration link opens its own small page.
    const register = await fetch(`${server.url}/register?tenant_id=1`);
    expect(register.headers.get('cache-control')).toBe('no-cache');
    expect(await register.text()).toContain('<title>register</title>');
  });

  test('a missing asset and an unknown API address are 404s, not the console', async () => {
    const missing = await fetch(`${server.url}/assets/console-Old999.js`);
    expect(missing.status).toBe(404);
    const api = await fetch(`${server.url}/api/v1/nope`);
    expect(api.status).toBe(404);
    expect((await api.json()).success).toBe(false);
  });
});
