import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../freePort';
import { startServerProcess as startProcess } from '../serverProcess';

// `npm start` as a newcomer meets it: no DATABASE_URL, so the embedded PostgreSQL under DATA_DIR.
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cc-lifecycle-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

test('the first start prints the address and a generated admin password; SIGTERM lets a request in flight finish; data survives a restart', async () => {
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '' };
  const first = startProcess(env);
  const url = await first.ready;
  const password = /Sign in as:\s+admin \/ (\S+)\s+\(generated now/.exec(first.output())?.[1];
  expect(password).toMatch(/^[\w-]{12,}$/);

  // A sign-in whose body is still arriving when the stop signal comes.
  const body = JSON.stringify({ login_name: 'admin', password });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${url}/api/v1/sys/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    const sent = first.output().length;
    request.write(body.slice(0, 10));
    // The signal once the server has the request, the rest of the body once it is shutting down.
    first
      .waitForOutput(/incoming request/, { from: sent })
      .then(() => {
        const signalled = first.output().length;
        first.signal('SIGTERM');
        return first.waitForOutput(/shutting down: finishing requests in flight/, { from: signalled });
      })
      .then(
        () => request.end(body.slice(10)),
        (error) => {
          request.destroy();
          reject(error);
        },
      );
  });
  const finished = await answer;
  expect(finished.status).toBe(200);
  expect(JSON.parse(finished.text).data.token).toBeTruthy();
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('database closed');

  const second = startProcess(env);
  const secondUrl = await second.ready;
  expect(second.output()).toContain('admin / the password set on the first start');
  const signIn = await fetch(`${secondUrl}/api/v1/sys/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect(signIn.status).toBe(200);
  expect(await second.stop()).toBe(0);
}, 60_000);

test('a request that never finishes does not hold the stop: its connection is cut after the drain, and the server exits', async () => {
  const server = startProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' });
  const url = new URL(await server.ready);
  // A body announced and never sent, as a stalled upload or a paused download keeps a request open.
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  const sent = server.output().length;
  socket.write('POST /api/v1/sys/auth HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"lo');
  await server.waitForOutput(/incoming request/, { from: sent });
  const cut = new Promise((resolve) => socket.once('close', resolve));

  const signalled = Date.now();
  server.signal('SIGTERM');
  expect(await server.exited).toBe(0);
  const took = Date.now() - signalled;
  expect(took).toBeGreaterThanOrEqual(4_500);
  expect(took).toBeLessThan(10_000);
  await cut;
  expect(server.output()).toContain('requests still open after the drain: closing their connections');
  expect(server.output()).toContain('embedded PostgreSQL stopped');
}, 60_000);

test('a bad PORT stops the start with a clear message', async () => {
  const bad = startProcess({ DATA_DIR: dataDir, PORT: 'eighty' });
  await expect(bad.ready).rejects.toThrow(/PORT must be a port number, not "eighty"/);
  expect(await bad.exited).toBe(1);
});

test('a DATABASE_URL the server cannot use stops the start with what to do, no stack trace and no password', async () => {
  const missing = startProcess({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres:not-shown@127.0.0.1:5432/cc_no_such_database' });
  await expect(missing.ready).rejects.toThrow(
    /The database "cc_no_such_database" does not exist on PostgreSQL at 127\.0\.0\.1:5432\. Create it \(createdb -h 127\.0\.0\.1 -p 5432 -U postgres cc_no_such_database\)/,
  );
  expect(await missing.exited).toBe(1);

  const closed = await freePort();
  const down = startProcess({ DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres:not-shown@127.0.0.1:${closed}/course_console` });
  await expect(down.ready).rejects.toThrow(new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${closed} cannot be reached \\(ECONNREFUSED\\)\\. Start it`));
  expect(await down.exited).toBe(1);

  for (const server of [missing, down]) {
    expect(server.output()).not.toContain('not-shown');
    expect(server.output()).not.toMatch(/\n\s+at /);
  }
});
