/**
 * What the contract fuzz (contractFuzz.test.ts) found, one case each, so each stays fixed without
 * waiting for the generator to find it again.
 */
import net from 'node:net';
import { call } from './client';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seedDemo: false });
}, 120_000);
afterAll(() => server?.stop());

/** Bytes written straight to the server's socket, and all it answers before closing. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

test('an address longer than Node reads (16 kB) is a 431 in the envelope, in the language asked for', async () => {
  // Found: Node answered it before any of ours ran, as {"error":..., "statusCode":431}.
  const answer = await call(server.url, 'GET', '/api/v1/courses/pager', { query: { keyword: 'x'.repeat(20_000) }, headers: { 'accept-language': 'ja-JP' } });
  expect(answer.status).toBe(431);
  expect(answer.body).toEqual({ success: false, error_code: 431, message: 'リクエストが大きすぎます' });
});

test('a request Node cannot parse is a 400 in the envelope', async () => {
  const answer = await raw('GET /api/v1/courses/pager HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN\r\nContent-Length: nope\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({ success: false, error_code: 400 });
  expect(body.message).toMatch(/^输入/);
});

test('an address with a broken %-escape is a 400 in the envelope; a path parameter over 100 characters a 414', async () => {
  // Found: the router answered both itself, as {"error":..., "code":"FST_ERR_BAD_URL"}.
  const broken = await call(server.url, 'GET', '/api/v1/chapters/%zz', { headers: { 'accept-language': 'en-US' } });
  expect(broken.status).toBe(400);
  expect(broken.body).toEqual({ success: false, error_code: 400, message: 'Invalid input: Invalid value' });
  const long = await call(server.url, 'GET', `/api/v1/chapters/${'9'.repeat(150)}`, { headers: { 'accept-language': 'zh-CN' } });
  expect(long.status).toBe(414);
  expect(long.body).toEqual({ success: false, error_code: 414, message: '请求内容过大' });
});
