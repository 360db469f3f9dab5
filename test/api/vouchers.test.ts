import { eq, inArray, sql } from 'drizzle-orm';
import { courses, enrollments, mailOutbox, users, voucherRedemptions, vouchers } from '../../server/db/schema';
import { client, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

const collection = '/api/v1/vouchers';
const one = (id: number) => `${collection}/${id}`;
const redeemAt = '/uc/v1/vouchers/redeem';
const DAY = 24 * 60 * 60 * 1000;

type Api = ReturnType<typeof client>;
type Person = Awaited<ReturnType<ReturnType<typeof people>['user']>>;
interface Voucher {
  id: number;
  name: string;
  code: string;
  resource_type: string;
  resource_id: number;
  object_type: string;
  object_id: number | null;
  count: number;
  available_number: number;
  expire_at: number;
  available: boolean;
  resource: { id: number; title: string } | null;
  object: { id: number; name: string } | null;
  [field: string]: unknown;
}

let server: TestServer;
let make: ReturnType<typeof people>;
let admin: Api;
let north: number, south: number;
let northAdmin: Person;
/** Demo courses, newest first, and a series of the first three. */
let courseIds: number[];
let courseTitles: Map<number, string>;
let seriesId: number;
let made = 0;

beforeAll(async () => {
  server = await startServer();
  make = people(server);
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  north = await make.tenant('voucher_north', 'North School');
  south = await make.tenant('voucher_south', 'South School');
  northAdmin = await make.user('voucher_north_admin', north, ['tenant_admin']);
  const page = (await admin.get('/api/v1/courses/pager', { query: { page_size: 10 } })).body.data.items as { id: number; title: string }[];
  courseIds = page.map((course) => course.id);
  courseTitles = new Map(page.map((course) => [course.id, course.title]));
  const category = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
  seriesId = (await admin.post('/api/v1/sys/series', { title: 'Voucher series', category_id: category })).body.data.id;
  expect((await admin.post(`/api/v1/sys/series/${seriesId}/courses`, courseIds.slice(0, 3))).status).toBe(200);
}, 120_000);
afterAll(() => server?.stop());

const code = () => `TEST-${++made}-${Date.now().toString(36)}`.toUpperCase();
const learnerOf = (tenantId: number | null) => make.user(`voucher_learner_${++made}`, tenantId, ['learner']);

function valid(overrides: Record<string, unknown> = {}) {
  return { name: `Voucher ${++made}`, code: code(), resource_type: 'course', resource_id: courseIds[0], count: 10, expire_at: Date.now() + 30 * DAY, ...overrides };
}

async function create(overrides: Record<string, unknown> = {}): Promise<Voucher> {
  const answer = await admin.post(`${collection}/new`, valid(overrides));
  expect([answer.status, answer.body.message]).toEqual([200, undefined]);
  return answer.body.data;
}

const read = async (id: number): Promise<Voucher> => (await admin.get(one(id))).body.data;
const redemptionsOf = (voucherId: number) => server.database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucher_id, voucherId));
const enrolmentsOf = (learnerId: number) =>
  server.database.db.select({ target_id: enrollments.target_id, available: enrollments.available }).from(enrollments).where(eq(enrollments.learner_id, learnerId));
const total = async () => (await admin.get(collection)).body.data.total as number;

test('the OpenAPI document has the voucher calls and the create body\'s rules', async () => {
  const doc = (await client(server.url).get('/api/docs/json')).body;
  for (const [path, method] of [[collection, 'get'], [`${collection}/new`, 'post'], [`${collection}/{id}`, 'put'], [`${collection}/{id}/abolish`, 'post'], [`${collection}/{id}/send_email`, 'put'], [redeemAt, 'post']])
    expect([path, method, Boolean(doc.paths[path]?.[method])]).toEqual([path, method, true]);
  const body = doc.paths[`${collection}/new`].post.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(expect.arrayContaining(['name', 'code', 'resource_type', 'resource_id', 'count', 'expire_at']));
  expect(body.properties.code).toMatchObject({ type: 'string', minLength: 4, maxLength: 32 });
  expect(body.properties).not.toHaveProperty('available_number');
});

describe('the demo vouchers', () => {
  test('every state: available, abolished, expired, used up; for anyone, a tenant and a user; courses and series; redemptions agree', async () => {
    const { items } = (await admin.get(collection, { query: { page_size: 100 } })).body.data as { items: Voucher[] };
    const demo = new Map(items.map((item) => [item.code, item]));
    const state = (code: string) => {
      const found = demo.get(code)!;
      return [found.resource_type, found.object_type, found.available, found.expire_at > Date.now(), `${found.available_number}/${found.count}`];
    };
    expect(Object.fromEntries(['REACT-LAUNCH', 'ACADEMY-FRONTEND', 'WELCOME-DEMO', 'SUMMER-PROMO', 'SPRING-SALE', 'RIVERSIDE-DATA', 'SCHOLAR-RIVER'].map((code) => [code, state(code)]))).toEqual({
      'REACT-LAUNCH': ['course', '*', true, true, '97/100'],
      'ACADEMY-FRONTEND': ['series', 'tenant', true, true, '18/20'],
      'WELCOME-DEMO': ['course', 'user', true, true, '1/1'],
      'SUMMER-PROMO': ['course', '*', false, true, '49/50'],
      'SPRING-SALE': ['series', '*', true, false, '28/30'],
      'RIVERSIDE-DATA': ['series', 'tenant', true, true, '0/2'],
      'SCHOLAR-RIVER': ['course', 'user', true, true, '1/1'],
    });
    expect(demo.get('ACADEMY-FRONTEND')!.object).toEqual({ id: expect.any(Number), name: 'Demo Academy' });
    expect(demo.get('WELCOME-DEMO')!.object).toEqual({ id: expect.any(Number), name: 'demo_learner' });
    for (const item of demo.values()) expect([item.code, (await redemptionsOf(item.id)).length]).toEqual([item.code, item.count - item.available_number]);
    // The demo learner's gift works, once.
    const learner = client(server.url, await signIn(server.url, 'demo_learner', ADMIN_PASSWORD, { platform: true }));
    expect((await learner.post(redeemAt, { code: 'welcome-demo' })).status).toBe(200);
    expect((await learner.post(redeemAt, { code: 'WELCOME-DEMO' })).status).toBe(409);
  });
});

describe('create and read', () => {
  test('a voucher for anyone: every field, available_number = count, the course named, no object', async () => {
    const body = valid({ description: 'For the launch', count: 25 });
    const answer = await admin.post(`${collection}/new`, { ...body, available_number: 3, available: false, object_id: null });
    expect(answer.status).toBe(200);
    const created = answer.body.data as Voucher;
    expect(created).toEqual({
      id: expect.any(Number),
      name: body.name,
      code: body.code,
      description: 'For the launch',
      resource_type: 'course',
      resource_id: courseIds[0],
      object_type: '*',
      object_id: null,
      count: 25,
      // The server's: what a body says of them is not taken.
      available_number: 25,
      expire_at: body.expire_at,
      available: true,
      resource: { id: courseIds[0], title: courseTitles.get(courseIds[0]) },
      object: null,
    });
    expect(await read(created.id)).toEqual(created);
  });

  test('for a tenant, for a user and for a series: the answers name them', async () => {
    const learner = await learnerOf(north);
    const forTenant = await create({ object_type: 'tenant', object_id: north });
    expect(forTenant.object).toEqual({ id: north, name: 'North School' });
    const forUser = await create({ object_type: 'user', object_id: learner.user_id });
    expect(forUser.object).toEqual({ id: learner.user_id, name: learner.user_name });
    const forSeries = await create({ resource_type: 'series', resource_id: seriesId });
    expect(forSeries.resource).toEqual({ id: seriesId, title: 'Voucher series' });
  });

  const badFields: [string, Record<string, unknown>, string, string][] = [
    ['no name', { name: '' }, 'name', 'Required'],
    ['a code with a space', { code: 'NO SPACE' }, 'code', 'Only letters, digits, "-" and "_"'],
    ['a code of three characters', { code: 'ABC' }, 'code', 'Must be 4 characters at least'],
    ['an item type nobody knows', { resource_type: 'video' }, 'resource_type', 'Must be one of: course, series'],
    ['a course that does not exist', { resource_id: 999_999 }, 'resource_id', 'The chosen record does not exist'],
    ['a series id that names no series', { resource_type: 'series', resource_id: 999_998 }, 'resource_id', 'The chosen record does not exist'],
    ['no item', { resource_id: null }, 'resource_id', 'Required'],
    ['a tenant voucher without its tenant', { object_type: 'tenant' }, 'object_id', 'Choose the tenant or the user this voucher is for'],
    ['a user voucher naming nobody', { object_type: 'user', object_id: 999_997 }, 'object_id', 'The chosen record does not exist'],
    ['a tenant that does not exist', { object_type: 'tenant', object_id: 999_996 }, 'object_id', 'The chosen record does not exist'],
    ['an object for anyone', { object_type: '*', object_id: 1 }, 'object_id', 'Must be empty: anyone may redeem this voucher'],
    ['a count of 0', { count: 0 }, 'count', 'Must be at least 1'],
    ['a count that is no whole number', { count: 1.5 }, 'count', 'Must be a number'],
    ['an expiry in the past', { expire_at: Date.now() - 1000 }, 'expire_at', 'Must lie in the future'],
    ['no expiry', { expire_at: undefined }, 'expire_at', 'Required'],
  ];
  test.each(badFields)('%s: a 400 under the field, nothing made', async (_, overrides, field, message) => {
    const before = await total();
    const answer = await admin.post(`${collection}/new`, valid(overrides));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    expect(answer.body.errors[field]).toBe(message);
    expect(await total()).toBe(before);
  });

  test('a code is unique whatever its case: 409 under code, on create and on update', async () => {
    const taken = `Taken-${Date.now()}`;
    const first = await create({ code: taken });
    const again = await admin.post(`${collection}/new`, valid({ code: taken.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ code: `"${taken.toUpperCase()}" is already in use` });
    const other = await create();
    const renamed = await admin.put(one(other.id), { code: taken.toLowerCase() });
    expect(renamed.status).toBe(409);
    expect(Object.keys(renamed.body.errors)).toEqual(['code']);
    // Its own code in another case is no conflict; a demo code in another case is one.
    expect((await admin.put(one(first.id), { code: taken.toUpperCase() })).body.data.code).toBe(taken.toUpperCase());
    expect((await admin.post(`${collection}/new`, valid({ code: 'spring-sale' }))).status).toBe(409);
  });

  test('two creates racing for one code: one is made, the other is a 409 under code', async () => {
    const racing = `RACE-${Date.now()}`;
    const answers = await Promise.all([admin.post(`${collection}/new`, valid({ code: racing })), admin.post(`${collection}/new`, valid({ code: racing.toLowerCase() }))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.errors).toHaveProperty('code');
  });
});

describe('the list', () => {
  test('keyword over name and code; filters by item type, object type and state; `*` for anyone', async () => {
    const marker = `Zebra${Date.now()}`;
    const learner = await learnerOf(north);
    const a = await create({ name: `${marker} course for anyone` });
    const b = await create({ name: 'Plain name', code: `${marker}-CODE`, resource_type: 'series', resource_id: seriesId, object_type: 'tenant', object_id: north });
    const c = await create({ name: `${marker} for a user`, object_type: 'user', object_id: learner.user_id });
    expect((await admin.post(`${one(c.id)}/abolish`)).status).toBe(200);

    const list = async (query: Record<string, string | number>) => {
      const answer = await admin.get(collection, { query: { keyword: marker, ...query } });
      expect(answer.status).toBe(200);
      return answer.body.data as { items: Voucher[]; total: number };
    };
    const found = await list({});
    expect(found.total).toBe(3);
    expect(found.items.map((item) => item.id)).toEqual([c.id, b.id, a.id]);
    expect(found.items[2]).toMatchObject({ object_type: '*', object: null });
    expect((await list({ resource_type: 'series' })).items.map((item) => item.id)).toEqual([b.id]);
    expect((await list({ object_type: '*' })).items.map((item) => item.id)).toEqual([a.id]);
    expect((await list({ object_type: 'user' })).items.map((item) => item.id)).toEqual([c.id]);
    expect((await list({ available: 'false' })).items.map((item) => item.id)).toEqual([c.id]);
    expect((await list({ available: 'true' })).total).toBe(2);
    expect((await list({ page: 2, page_size: 2 })).items.map((item) => item.id)).toEqual([a.id]);
    expect((await list({ sort_by: 'name', order: 'asc' })).items.map((item) => item.name)).toEqual(['Plain name', a.name, c.name]);
    expect((await admin.get(collection, { query: { object_type: 'nobody' } })).status).toBe(400);
  });
});

describe('update, abolish and delete', () => {
  test('a changed count moves what is left by as much, never below what was redeemed', async () => {
    const voucher = await create({ count: 5 });
    for (let i = 0; i < 2; i++) expect((await (await learnerOf(north)).api.post(redeemAt, { code: voucher.code })).status).toBe(200);
    const raised = await admin.put(one(voucher.id), { count: 8 });
    expect(raised.body.data).toMatchObject({ count: 8, available_number: 6, name: voucher.name });
    const lowered = await admin.put(one(voucher.id), { count: 2 });
    expect(lowered.body.data).toMatchObject({ count: 2, available_number: 0 });
    const below = await admin.put(one(voucher.id), { count: 1, name: 'Not taken' });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ count: 'Cannot be below the 2 already redeemed' });
    expect(await read(voucher.id)).toMatchObject({ count: 2, available_number: 0, name: voucher.name });
  });

  test('a changed type must name its record anew; the recipient must still fit; a changed expiry must lie ahead', async () => {
    const learner = await learnerOf(north);
    const voucher = await create();
    const typeOnly = await admin.put(one(voucher.id), { resource_type: 'series' });
    expect(typeOnly.body.errors).toEqual({ resource_id: 'The type has changed: choose one of the new type' });
    expect((await admin.put(one(voucher.id), { resource_type: 'series', resource_id: seriesId })).body.data.resource).toEqual({ id: seriesId, title: 'Voucher series' });
    expect((await admin.put(one(voucher.id), { object_type: 'user' })).body.errors).toEqual({ object_id: 'The type has changed: choose one of the new type' });
    expect((await admin.put(one(voucher.id), { object_id: learner.user_id })).body.errors).toEqual({ object_id: 'Must be empty: anyone may redeem this voucher' });
    const forUser = await admin.put(one(voucher.id), { object_type: 'user', object_id: learner.user_id });
    expect(forUser.body.data.object).toEqual({ id: learner.user_id, name: learner.user_name });
    expect((await admin.put(one(voucher.id), { object_type: '*', object_id: null })).body.data).toMatchObject({ object_type: '*', object_id: null, object: null });
    expect((await admin.put(one(voucher.id), { expire_at: Date.now() - DAY })).body.errors).toEqual({ expire_at: 'Must lie in the future' });
    expect((await admin.put(one(voucher.id), { name: '' })).body.errors).toEqual({ name: 'Required' });
  });

  test('an expired voucher keeps its past expiry through an edit of something else, and may be extended', async () => {
    const voucher = await create();
    const past = Date.now() - DAY;
    await server.database.db.update(vouchers).set({ expire_at: past }).where(eq(vouchers.id, voucher.id));
    const edited = await admin.put(one(voucher.id), { ...valid(), code: voucher.code, expire_at: past, description: 'Edited' });
    expect([edited.status, edited.body.data?.description]).toEqual([200, 'Edited']);
    expect((await admin.put(one(voucher.id), { expire_at: Date.now() + DAY })).status).toBe(200);
  });

  test('abolishing: available false for good, twice is harmless; an abolished voucher cannot be edited', async () => {
    const voucher = await create();
    for (let time = 0; time < 2; time++) {
      const answer = await admin.post(`${one(voucher.id)}/abolish`);
      expect([answer.status, answer.body.data.available]).toEqual([200, false]);
    }
    const edit = await admin.put(one(voucher.id), { name: 'Changed' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(`兑换券“${voucher.name}”已作废，不能再修改`);
    expect((await read(voucher.id)).name).toBe(voucher.name);
    expect((await admin.post(`${one(999_999)}/abolish`)).status).toBe(404);
  });

  test('a voucher nobody redeemed is deleted; a redeemed one is a 409 that says to abolish it, and stays', async () => {
    const unused = await create();
    expect((await admin.delete(one(unused.id))).body).toEqual({ success: true, data: null });
    expect((await admin.get(one(unused.id))).status).toBe(404);
    const used = await create();
    expect((await (await learnerOf(north)).api.post(redeemAt, { code: used.code })).status).toBe(200);
    const refused = await admin.delete(one(used.id));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`The voucher "${used.name}" has been redeemed once and cannot be deleted: abolish it instead`);
    expect((await read(used.id)).available_number).toBe(used.count - 1);
    expect(await redemptionsOf(used.id)).toHaveLength(1);
  });
});

describe('redeeming', () => {
  test('a course voucher enrols the caller and takes one; the code is matched whatever its case; once per user', async () => {
    const voucher = await create({ code: `MiXeD-${Date.now()}`, count: 3 });
    const learner = await learnerOf(south);
    const answer = await learner.api.post(redeemAt, { code: voucher.code.toLowerCase() });
    expect(answer.body).toEqual({ success: true, data: { voucher_id: voucher.id, course_ids: [courseIds[0]] } });
    expect(await enrolmentsOf(learner.user_id)).toEqual([{ target_id: courseIds[0], available: true }]);
    expect((await read(voucher.id)).available_number).toBe(2);
    const again = await learner.api.post(redeemAt, { code: voucher.code });
    expect([again.status, again.body.message]).toEqual([409, 'You have already redeemed this voucher']);
    expect((await read(voucher.id)).available_number).toBe(2);
  });

  test('a series voucher enrols in every course of the series, keeping an enrolment the learner had', async () => {
    const voucher = await create({ resource_type: 'series', resource_id: seriesId });
    const learner = await learnerOf(north);
    // Enrolled in the second course already, and disabled there by an administrator.
    await server.database.db.insert(enrollments).values({ target_id: courseIds[1], learner_id: learner.user_id, available: false });
    const answer = await learner.api.post(redeemAt, { code: voucher.code });
    expect(answer.body.data).toEqual({ voucher_id: voucher.id, course_ids: courseIds.slice(0, 3) });
    const enrolled = await enrolmentsOf(learner.user_id);
    expect(enrolled.sort((a, b) => a.target_id - b.target_id)).toEqual(
      courseIds
        .slice(0, 3)
        .map((id) => ({ target_id: id, available: id !== courseIds[1] }))
        .sort((a, b) => a.target_id - b.target_id),
    );
  });

  test('the last one goes to exactly one of several learners redeeming at once', async () => {
    const voucher = await create({ count: 3 });
    for (let i = 0; i < 2; i++) expect((await (await learnerOf(null)).api.post(redeemAt, { code: voucher.code })).status).toBe(200);
    const racers = await Promise.all(Array.from({ length: 6 }, () => learnerOf(null)));
    const answers = await Promise.all(racers.map((racer) => racer.api.post(redeemAt, { code: voucher.code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.message).toBe('This voucher has been used up');
    const [row] = await server.database.db.select({ available_number: vouchers.available_number }).from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row.available_number).toBe(0);
    expect(await redemptionsOf(voucher.id)).toHaveLength(3);
    const winner = racers[answers.findIndex((answer) => answer.status === 200)];
    const losers = racers.filter((racer) => racer !== winner).map((racer) => racer.user_id);
    expect(await server.database.db.select().from(enrollments).where(inArray(enrollments.learner_id, losers))).toEqual([]);
  });

  test('one learner redeeming the same code at once five times redeems it once', async () => {
    const voucher = await create({ count: 10 });
    const learner = await learnerOf(north);
    const answers = await Promise.all(Array.from({ length: 5 }, () => learner.api.post(redeemAt, { code: voucher.code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await read(voucher.id)).available_number).toBe(9);
    expect(await redemptionsOf(voucher.id)).toHaveLength(1);
  });

  test('refused, each with its own reason, and nothing changes: unknown, other tenant, other user, abolished, expired', async () => {
    const learner = await learnerOf(north);
    const someoneElse = await learnerOf(north);
    const expired = await create();
    await server.database.db.update(vouchers).set({ expire_at: Date.now() - 1000 }).where(eq(vouchers.id, expired.id));
    const abolished = await create();
    await admin.post(`${one(abolished.id)}/abolish`);
    const otherTenant = await create({ object_type: 'tenant', object_id: south });
    const otherUser = await create({ object_type: 'user', object_id: someoneElse.user_id });
    const cases: [string, number, string][] = [
      ['NO-SUCH-CODE', 404, 'No voucher has the code "NO-SUCH-CODE"'],
      [otherTenant.code, 403, 'This voucher is for the learners of another organisation'],
      [otherUser.code, 403, 'This voucher is meant for another user'],
      [abolished.code, 409, 'This voucher has been abolished and can no longer be redeemed'],
      [expired.code, 409, 'This voucher has expired'],
    ];
    for (const [code, status, message] of cases) {
      const answer = await learner.api.post(redeemAt, { code });
      expect([code, answer.status, answer.body.message]).toEqual([code, status, message]);
    }
    for (const voucher of [expired, abolished, otherTenant, otherUser]) {
      expect((await read(voucher.id)).available_number).toBe(voucher.count);
      expect(await redemptionsOf(voucher.id)).toEqual([]);
    }
    expect(await enrolmentsOf(learner.user_id)).toEqual([]);
    // In the caller's language, and an empty code is the 400 of validation.
    const chinese = await learner.api.post(redeemAt, { code: expired.code }, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe('此兑换券已过期');
    const empty = await learner.api.post(redeemAt, { code: '  ' });
    expect([empty.status, Object.keys(empty.body.errors)]).toEqual([400, ['code']]);
  });

  test("a tenant's voucher is redeemed by its learners; a user's by that user", async () => {
    const learner = await learnerOf(north);
    const forTenant = await create({ object_type: 'tenant', object_id: north });
    expect((await learner.api.post(redeemAt, { code: forTenant.code })).status).toBe(200);
    const forUser = await create({ object_type: 'user', object_id: learner.user_id });
    expect((await learner.api.post(redeemAt, { code: forUser.code })).status).toBe(200);
  });

  test('a series with no course, and a course deleted since, refuse without taking one', async () => {
    const category = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
    const empty = (await admin.post('/api/v1/sys/series', { title: 'Empty series', category_id: category })).body.data.id;
    const voucher = await create({ resource_type: 'series', resource_id: empty });
    const learner = await learnerOf(north);
    expect((await learner.api.post(redeemAt, { code: voucher.code })).body.message).toBe('The series of this voucher holds no courses yet');
    const course = (await admin.post('/api/v1/courses', { title: 'Short lived', category_id: category })).body.data.id;
    const forCourse = await create({ resource_id: course });
    // Deleted behind the API's back (the API refuses while the voucher can be redeemed: below).
    await server.database.db.delete(courses).where(eq(courses.id, course));
    expect((await read(forCourse.id)).resource).toBeNull();
    expect((await learner.api.post(redeemAt, { code: forCourse.code })).body.message).toBe('The course of this voucher no longer exists');
    expect((await read(forCourse.id)).available_number).toBe(forCourse.count);
  });

  test('a course or series a voucher can still be redeemed for is not deleted; once the voucher is abolished it is', async () => {
    const category = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
    const course = (await admin.post('/api/v1/courses', { title: 'Held by a voucher', category_id: category })).body.data.id;
    const series = (await admin.post('/api/v1/sys/series', { title: 'Series held by a voucher', category_id: category })).body.data.id;
    const forCourse = await create({ resource_id: course });
    const forSeries = await create({ resource_type: 'series', resource_id: series });
    const refusedCourse = await admin.delete(`/api/v1/courses/${course}`);
    expect(refusedCourse.status).toBe(409);
    expect(refusedCourse.body.message).toBe('The course "Held by a voucher" can still be redeemed with one voucher and cannot be deleted: abolish that voucher first');
    const refusedSeries = await admin.delete(`/api/v1/sys/series/${series}`);
    expect(refusedSeries.status).toBe(409);
    expect(refusedSeries.body.message).toContain('The series "Series held by a voucher" can still be redeemed with one voucher');
    expect((await read(forCourse.id)).resource).toMatchObject({ id: course });
    for (const { id } of [forCourse, forSeries]) expect((await admin.post(`${one(id)}/abolish`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/courses/${course}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/sys/series/${series}`)).status).toBe(200);
    expect((await read(forCourse.id)).resource).toBeNull();
  });
});

describe('who may', () => {
  test('tenant administrators and learners are refused every console call; nobody signed out redeems', async () => {
    const learner = await learnerOf(north);
    const voucher = await create({ object_type: 'tenant', object_id: north });
    for (const caller of [northAdmin, learner]) {
      const answers = await Promise.all([
        caller.api.get(collection),
        caller.api.get(one(voucher.id)),
        caller.api.post(`${collection}/new`, valid()),
        caller.api.put(one(voucher.id), { name: 'Taken over' }),
        caller.api.delete(one(voucher.id)),
        caller.api.post(`${one(voucher.id)}/abolish`),
        caller.api.put(`${one(voucher.id)}/send_email`),
      ]);
      expect([caller.user_name, answers.map((answer) => answer.status)]).toEqual([caller.user_name, [403, 403, 403, 403, 403, 403, 403]]);
    }
    expect(await read(voucher.id)).toMatchObject({ name: voucher.name, available: true });
    expect((await client(server.url).post(redeemAt, { code: voucher.code })).status).toBe(401);
    // The tenant's own administrator may redeem it like anyone of the tenant: the platform call is not a console privilege.
    expect((await northAdmin.api.post(redeemAt, { code: voucher.code })).status).toBe(200);
  });
});

describe('send_email: the outbox', () => {
  const outboxFor = (address: string) => server.database.db.select().from(mailOutbox).where(sql`${address} = any(${mailOutbox.to})`);

  test("a user's voucher is written to the outbox for that user, in the caller's language", async () => {
    const learner = await learnerOf(north);
    const address = `${learner.user_name}@example.com`;
    await server.database.db.update(users).set({ email: address }).where(eq(users.user_id, learner.user_id));
    const voucher = await create({ object_type: 'user', object_id: learner.user_id, resource_type: 'series', resource_id: seriesId });
    const answer = await admin.put(`${one(voucher.id)}/send_email`, { time_zone: 'Asia/Tokyo' }, { headers: { 'accept-language': 'ja-JP' } });
    // Success means queued: the mail waits in the outbox (no SMTP_URL here); its delivery is test/api/mailOutbox.test.ts's.
    const [mail] = await outboxFor(address);
    expect(answer.body).toEqual({ success: true, data: { to: [address], mail_id: mail.id, status: 'queued' } });
    expect([mail.status, mail.voucher_id, mail.attempt_count]).toEqual(['queued', voucher.id, 0]);
    expect(mail.subject).toBe(`クーポンのお知らせ：${voucher.name}`);
    expect(mail.text).toContain(`コード：${voucher.code}`);
    expect(mail.text).toContain('シリーズ「Voucher series」のすべてのコース');
    expect(mail.text).toContain('(Asia/Tokyo)');
    expect(mail.sent_at).toBeNull();
  });

  test('refused with a clear reason: anyone, no address, no administrator with an address, abolished, expired, used up, a bad time zone', async () => {
    const learner = await learnerOf(north);
    const forAnyone = await create();
    const noAddress = await create({ object_type: 'user', object_id: learner.user_id });
    const quiet = await make.tenant(`quiet_${++made}`, 'Quiet School');
    await make.user(`quiet_admin_${made}`, quiet, ['tenant_admin']);
    const noAdminAddress = await create({ object_type: 'tenant', object_id: quiet });
    const abolished = await create({ object_type: 'tenant', object_id: north });
    await admin.post(`${one(abolished.id)}/abolish`);
    const expired = await create({ object_type: 'tenant', object_id: north });
    await server.database.db.update(vouchers).set({ expire_at: Date.now() - 1000 }).where(eq(vouchers.id, expired.id));
    const usedUp = await create({ object_type: 'tenant', object_id: north, count: 1 });
    expect((await (await learnerOf(north)).api.post(redeemAt, { code: usedUp.code })).status).toBe(200);
    const cases: [Voucher, string][] = [
      [forAnyone, 'A voucher for anyone has no recipient: hand its code out yourself'],
      [noAddress, `The user "${learner.user_name}" has no email address`],
      [noAdminAddress, 'No administrator of the tenant "Quiet School" has an email address'],
      [abolished, 'This voucher has been abolished: it is not sent'],
      [expired, 'This voucher has expired: it is not sent'],
      [usedUp, 'This voucher is used up: it is not sent'],
    ];
    for (const [voucher, message] of cases) {
      const answer = await admin.put(`${one(voucher.id)}/send_email`);
      expect([answer.status, answer.body.message]).toEqual([409, message]);
    }
    const zone = await admin.put(`${one(noAddress.id)}/send_email`, { time_zone: 'Mars/Olympus' });
    expect([zone.status, zone.body.errors]).toEqual([400, { time_zone: 'Not a known time zone' }]);
    expect((await admin.put(`${one(999_999)}/send_email`)).status).toBe(404);
  });
});

describe('rate limit', () => {
  test('refused redemptions are counted per address: past the limit a 429, even for a good code', async () => {
    const limited = await startServer({ signInThrottle: { windowMs: 60_000, perName: 5, perAddress: 3 } });
    try {
      const limitedAdmin = client(limited.url, await signIn(limited.url, 'admin', ADMIN_PASSWORD));
      const learner = await people(limited).user('limited_learner', null, ['learner']);
      const course = (await limitedAdmin.get('/api/v1/courses/pager')).body.data.items[0];
      const voucher = (await limitedAdmin.post(`${collection}/new`, valid({ resource_id: course.id }))).body.data as Voucher;
      // A class redeeming together from one address is not held up: redemptions are not counted.
      for (let i = 0; i < 4; i++) expect((await (await people(limited).user(`limited_class_${i}`, null, ['learner'])).api.post(redeemAt, { code: voucher.code })).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await learner.api.post(redeemAt, { code: `GUESS-${i}` })).status).toBe(404);
      const throttled = await learner.api.post(redeemAt, { code: voucher.code });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.database.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.user_id, learner.user_id))).toEqual([]);
    } finally {
      await limited.stop();
    }
  }, 120_000);
});
