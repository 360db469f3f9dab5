import { browser } from './browser';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, createScratchDatabase, startServer, type TestServer } from './server';

// Two server instances on one PostgreSQL database, as behind a load balancer: any instance
// answers any step of the QR sign-in.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  database = await createScratchDatabase();
  first = await startServer({}, database.url);
  second = await startServer({}, database.url);
});
afterAll(async () => {
  await first.stop();
  await second.stop();
  await database.drop();
});

test('code from one instance, confirmation on the other, collected from either', async () => {
  const console = browser(first.url);
  const { ticket } = await console.qrCode();
  const phone = client(second.url, await signIn(second.url, 'admin', ADMIN_PASSWORD, { platform: true }));
  expect((await phone.get('/api/v1/auth/qrcode/ticket', { query: { ticket: ticket! } })).body.data.status).toBe('scanned');
  const scanned = await console.check();
  expect([scanned.status, scanned.body.data.status]).toEqual([202, 'scanned']);
  expect((await phone.post('/api/v1/auth/qrcode/confirm', { ticket })).status).toBe(200);

  // The console's next poll lands on the other instance.
  const onSecond = browser(second.url);
  for (const [name, value] of console.jar) onSecond.jar.set(name, value);
  const collected = await onSecond.check();
  expect(collected.body.data.status).toBe('success');
  // Its session works on both instances; the ticket is spent on both.
  for (const server of [first, second]) expect((await client(server.url, collected.body.data.token).get('/api/v1/user/profile')).status).toBe(200);
  expect((await console.check()).status).toBe(404);
});
