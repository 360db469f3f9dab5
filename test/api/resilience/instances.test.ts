import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { browser } from '../browser';
import { client, signIn, type Answer } from '../client';
import { people } from '../people';
import { ADMIN_PASSWORD, createScratchDatabase, startServer, type TestServer } from '../server';
import { files } from '../uploads';
import { openDatabase } from './database';
import { roundRobinProxy } from './proxy';
import { report } from './settings';

// Two servers on one PostgreSQL and one files folder, behind haproxy's round robin: every call
// through the proxy lands on the other instance than the one before, and the pair behaves as one server.
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let instances: TestServer[];
let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
let admin: ReturnType<typeof client>;
let look: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  database = await createScratchDatabase();
  const sharedDataDir = mkdtempSync(path.join(tmpdir(), 'cc-instances-'));
  instances = [];
  for (let i = 0; i < 2; i++) instances.push(await startServer({ dataDir: sharedDataDir, trustProxy: true }, database.url));
  proxy = await roundRobinProxy(instances.map((instance) => instance.url));
  admin = client(proxy.url, await signIn(proxy.url, 'admin', ADMIN_PASSWORD));
  look = openDatabase(database.url);
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await look?.close();
  for (const instance of instances ?? []) await instance.stop();
  await database?.drop();
});

const servedBy = (answers: Answer[]) => new Set(answers.map((answer) => answer.headers.get('x-served-by')));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a session signed in through the proxy works on both instances; signed out, it is refused by both within 1 s', async () => {
  const token = await signIn(proxy.url, 'admin', ADMIN_PASSWORD);
  const user = client(proxy.url, token);
  const before = await Promise.all(Array.from({ length: 4 }, () => user.get('/api/v1/user/profile')));
  expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  expect(servedBy(before)).toEqual(new Set(['instance1', 'instance2']));

  expect((await user.delete('/api/v1/sys/auth')).status).toBe(200);
  const signedOut = Date.now();
  let refusedByBoth = -1;
  while (Date.now() - signedOut < 1_000) {
    const after = [await user.get('/api/v1/user/profile'), await user.get('/api/v1/user/profile')];
    if (after.every((answer) => answer.status === 401)) {
      refusedByBoth = Date.now() - signedOut;
      break;
    }
    await sleep(10);
  }
  expect(refusedByBoth).toBeGreaterThanOrEqual(0);
  report('instances revocation', { refusedByBothWithinMs: refusedByBoth });
});

test('a QR code asked of one instance is scanned, confirmed and collected through the other', async () => {
  const console = browser(proxy.url);
  const { ticket } = await console.qrCode();
  const phone = client(proxy.url, await signIn(proxy.url, 'admin', ADMIN_PASSWORD, { platform: true }));
  const steps: Answer[] = [];
  steps.push(await phone.get('/api/v1/auth/qrcode/ticket', { query: { ticket: ticket! } }));
  steps.push(await console.check());
  steps.push(await phone.post('/api/v1/auth/qrcode/confirm', { ticket }));
  let collected = await console.check();
  steps.push(collected);
  // Whichever instance answered the last poll, the next poll lands on the other and also finds it collected or spent.
  if (collected.body.data?.status !== 'success') collected = await console.check();
  expect(steps.map((step) => step.status)).toEqual([200, 202, 200, expect.any(Number)]);
  expect(collected.body.data.status).toBe('success');
  expect(servedBy(steps).size).toBe(2);
  expect((await client(proxy.url, collected.body.data.token).get('/api/v1/user/profile')).status).toBe(200);
  expect((await console.check()).status).toBe(404);
});

test('the sign-in throttle counts failures on both instances together', async () => {
  const attempts: Answer[] = [];
  for (let i = 0; i < 6; i++) attempts.push(await client(proxy.url).post('/api/v1/sys/auth', { login_name: 'admin', password: `wrong-${i}` }));
  expect(attempts.map((attempt) => attempt.status)).toEqual([400, 400, 400, 400, 400, 429]);
  expect(servedBy(attempts).size).toBe(2);
});

/** Moves each item to the front at once, through both instances; the set must stay 1..n with every item in it. */
async function concurrentMoves(moveAt: (id: number) => string, ids: number[], siblingsOrder: () => Promise<{ id: number; sort_order: number }[]>) {
  const first = (await siblingsOrder())[0].id;
  const answers = await Promise.all(ids.flatMap((id) => [id, id]).map((id) => admin.put(moveAt(id), { after_id: 0, before_id: id === first ? (ids.find((other) => other !== id) ?? 0) : first })));
  // A move decided against neighbours another move changed meanwhile is refused (400), never half done or failed (500).
  for (const answer of answers) expect([200, 400]).toContain(answer.status);
  expect(answers.some((answer) => answer.status === 200)).toBe(true);
  expect(servedBy(answers).size).toBe(2);
  const after = await siblingsOrder();
  expect(after.map((row) => row.sort_order)).toEqual(ids.map((_, index) => index + 1));
  expect(after.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  return answers.filter((answer) => answer.status === 200).length;
}

test('categories and chapters reordered from both instances at once stay gapless', async () => {
  const parent = (await admin.post('/api/v1/categories', { title: 'Reordered', parent_id: 0 })).body.data.id as number;
  const categories: number[] = [];
  for (let i = 0; i < 6; i++) categories.push((await admin.post('/api/v1/categories', { title: `Reordered ${i}`, parent_id: parent })).body.data.id);
  const categoryMoves = await concurrentMoves(
    (id) => `/api/v1/categories/${id}/order`,
    categories,
    async () => (await look.pool.query('select id, sort_order from categories where parent_id = $1 order by sort_order', [parent])).rows,
  );

  const course = (await admin.post('/api/v1/courses', { title: 'Reordered chapters', category_id: parent })).body.data.id as number;
  const chapters: number[] = [];
  for (let i = 0; i < 6; i++) chapters.push((await admin.post('/api/v1/chapters', { title: `Chapter ${i}`, course_id: course, parent_id: 0 })).body.data.id);
  const chapterMoves = await concurrentMoves(
    (id) => `/api/v1/chapters/${id}/order`,
    chapters,
    async () => (await look.pool.query('select id, sort_order from chapters where course_id = $1 and parent_id = 0 order by sort_order', [course])).rows,
  );
  report('instances order', { categoryMoves, chapterMoves });
});

test('one voucher redeemed through both instances at once: exactly one wins', async () => {
  const make = people(instances[0]);
  const category = (await admin.post('/api/v1/categories', { title: 'Redeemed', parent_id: 0 })).body.data.id as number;
  const course = (await admin.post('/api/v1/courses', { title: 'Redeemed course', category_id: category })).body.data.id as number;
  const voucher = async (count: number) => {
    const code = `RACE-${count}-${Date.now().toString(36)}`.toUpperCase();
    const answer = await admin.post('/api/v1/vouchers/new', { name: `Race ${count}`, code, resource_type: 'course', resource_id: course, count, expire_at: Date.now() + 86_400_000 });
    expect(answer.status).toBe(200);
    return code;
  };
  const learners: { id: number; api: ReturnType<typeof client> }[] = [];
  for (let i = 0; i < 8; i++) {
    const { user_id, user_name } = await make.user(`race_learner_${i}`, null, ['learner']);
    learners.push({ id: user_id, api: client(proxy.url, await signIn(proxy.url, user_name, ADMIN_PASSWORD, { platform: true })) });
  }
  const redemptions = async (code: string) =>
    (await look.pool.query('select r.user_id from voucher_redemptions r join vouchers v on v.id = r.voucher_id where v.code = $1', [code])).rows;

  // The last one of a voucher, wanted by eight learners at once.
  const lastOne = await voucher(1);
  const racing = await Promise.all(learners.map((learner) => learner.api.post('/uc/v1/vouchers/redeem', { code: lastOne })));
  expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  expect(servedBy(racing).size).toBe(2);
  const winner = learners[racing.findIndex((answer) => answer.status === 200)];
  expect(await redemptions(lastOne)).toEqual([{ user_id: winner.id }]);

  // One learner sending the same code six times at once redeems it once.
  const plenty = await voucher(10);
  const repeated = await Promise.all(Array.from({ length: 6 }, () => learners[0].api.post('/uc/v1/vouchers/redeem', { code: plenty })));
  expect(repeated.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  expect(await redemptions(plenty)).toEqual([{ user_id: learners[0].id }]);
  expect((await look.pool.query('select available_number from vouchers where code = $1', [plenty])).rows[0].available_number).toBe(9);
});

test('a file uploaded through one instance is served by both', async () => {
  const token = (await admin.get('/api/v1/uptoken/image')).body.data.uptoken as string;
  const key = `${Date.now()}-instances.png`;
  const form = new FormData();
  form.append('token', token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(files.png)], { type: 'image/png' }), 'instances.png');
  const uploaded = await fetch(`${instances[0].url}/api/v1/files`, { method: 'POST', body: form });
  expect(uploaded.status).toBe(200);
  for (const base of [instances[1].url, proxy.url, proxy.url]) {
    const served = await fetch(`${base}/files/${key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(files.png)).toBe(true);
  }
});
