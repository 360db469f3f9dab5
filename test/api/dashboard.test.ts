import { sql } from 'drizzle-orm';
import { enrollments } from '../../server/db/schema';
import { call, client, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

const address = '/api/v1/dashboard';
const DAY = 24 * 60 * 60 * 1000;

type Api = ReturnType<typeof client>;
type Person = Awaited<ReturnType<ReturnType<typeof people>['user']>>;

let server: TestServer;
let admin: Api;
let north: number, south: number;
let northAdmin: Person, southAdmin: Person;

/** A figure counted row by row, as the dashboard must answer it without counting. */
async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = (await server.database.db.execute(query)) as unknown as { rows: { count: string }[] };
  return Number(rows[0].count);
}

/** Every figure of the dashboard for the platform (tenant null) or one organisation, by plain counts. */
async function expectedFigures(tenant: number | null, weekStart: number) {
  const since = new Date(weekStart).toISOString();
  const inTenant = tenant === null ? sql`true` : sql`tenant_id = ${tenant}`;
  return {
    courses: {
      total: await countOf(tenant === null ? sql`select count(*) from courses` : sql`select count(distinct target_id) from enrollments where available and tenant_id = ${tenant}`),
      week: await countOf(
        tenant === null
          ? sql`select count(*) from courses where created_at >= ${since}`
          : sql`select count(distinct target_id) from enrollments where tenant_id = ${tenant} and create_at >= ${since}`,
      ),
    },
    learners: {
      total: await countOf(sql`select count(*) from users where 'learner' = any(roles) and ${inTenant}`),
      week: await countOf(sql`select count(*) from users where 'learner' = any(roles) and ${inTenant} and create_time >= ${since}`),
    },
    enrollments: {
      total: await countOf(sql`select count(*) from enrollments where ${inTenant}`),
      week: await countOf(sql`select count(*) from enrollments where ${inTenant} and create_at >= ${since}`),
    },
    pending_applications: await countOf(
      sql`select count(*) from tenant_transfer_applications where status = 'pending' and ${tenant === null ? sql`true` : sql`${tenant} in (from_tenant_id, to_tenant_id)`}`,
    ),
    vouchers_redeemed_week: await countOf(
      sql`select count(*) from voucher_redemptions join users using (user_id) where voucher_redemptions.create_time >= ${since} and ${tenant === null ? sql`true` : sql`users.tenant_id = ${tenant}`}`,
    ),
  };
}

/** Monday 00:00 of the week holding `now` in `timeZone`, as the calendar there reads it. */
function localParts(epochMs: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(epochMs);
  const part = (type: string) => parts.find((item) => item.type === type)?.value;
  return { weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` };
}
const localDay = (epochMs: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(epochMs);

beforeAll(async () => {
  server = await startServer();
  const make = people(server);
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  north = await make.tenant('dash_north', 'North School');
  south = await make.tenant('dash_south', 'South School');
  northAdmin = await make.user('dash_north_admin', north, ['tenant_admin']);
  southAdmin = await make.user('dash_south_admin', south, ['tenant_admin']);
  const category = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
  const course = async (title: string) => (await admin.post('/api/v1/courses', { title, category_id: category })).body.data.id as number;
  const [first, second, third] = [await course('Dashboard one'), await course('Dashboard two'), await course('Dashboard three')];
  // North: three learners, enrolments today, two, ten and forty days ago (off the chart), one disabled; south: one learner, one enrolment.
  const [n1, n2, n3] = [await make.user('dash_n1', north, ['learner']), await make.user('dash_n2', north, ['learner']), await make.user('dash_n3', north, ['learner'])];
  const s1 = await make.user('dash_s1', south, ['learner']);
  const now = Date.now();
  await server.database.db.insert(enrollments).values([
    { target_id: first, learner_id: n1.user_id, create_at: now - 60_000 },
    { target_id: second, learner_id: n1.user_id, create_at: now - 10 * DAY },
    { target_id: first, learner_id: n2.user_id, create_at: now - 40 * DAY },
    { target_id: third, learner_id: n3.user_id, create_at: now - 2 * DAY, available: false },
    { target_id: third, learner_id: s1.user_id, create_at: now - 3 * DAY },
  ]);
  // A pending application from north to south, and a redemption by a north learner.
  expect((await n2.api.post('/uc/v1/applies', { to_tenant_id: south })).status).toBe(200);
  const voucher = await admin.post('/api/v1/vouchers/new', {
    name: 'Dashboard voucher', code: 'dash-voucher', resource_type: 'course', resource_id: second, count: 5, expire_at: now + DAY,
  });
  expect(voucher.status).toBe(200);
  expect((await n3.api.post('/uc/v1/vouchers/redeem', { code: 'dash-voucher' })).status).toBe(200);
}, 120_000);
afterAll(() => server?.stop());

describe('GET /api/v1/dashboard', () => {
  test('the platform administrator sees the platform, each organisation administrator the own organisation, figure for figure', async () => {
    for (const [api, tenant] of [[admin, null], [northAdmin.api, north], [southAdmin.api, south]] as const) {
      const answer = await api.get(address);
      expect(answer.status).toBe(200);
      const { enrollments_per_day: _chart, week_start, ...figures } = answer.body.data;
      expect(figures).toEqual(await expectedFigures(tenant, week_start));
    }
    // The organisations' figures are their own: north's are not south's, and neither is the platform's.
    const [platform, northFigures, southFigures] = await Promise.all([admin.get(address), northAdmin.api.get(address), southAdmin.api.get(address)]);
    expect(northFigures.body.data.learners.total).toBe(3);
    expect(southFigures.body.data.learners.total).toBe(1);
    expect(northFigures.body.data.enrollments.total).toBe(5);
    expect(northFigures.body.data.courses.total).toBe(2);
    expect(southFigures.body.data.enrollments.total).toBe(1);
    expect(northFigures.body.data.vouchers_redeemed_week).toBe(1);
    expect(southFigures.body.data.vouchers_redeemed_week).toBe(0);
    expect([northFigures.body.data.pending_applications, southFigures.body.data.pending_applications]).toEqual([1, 1]);
    expect(platform.body.data.learners.total).toBeGreaterThan(northFigures.body.data.learners.total + southFigures.body.data.learners.total);
  });

  test('the week begins on Monday 00:00 and the 30 days end today, in the time zone asked for', async () => {
    for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
      const answer = await northAdmin.api.get(address, { query: { time_zone: timeZone } });
      expect(answer.status).toBe(200);
      const { week_start, enrollments_per_day: days } = answer.body.data;
      expect(localParts(week_start, timeZone)).toEqual({ weekday: 'Mon', time: '00:00' });
      expect(Date.now() - week_start).toBeLessThan(7 * DAY + 2 * 60 * 60 * 1000);
      expect(days).toHaveLength(30);
      expect(days.at(-1).day).toBe(localDay(Date.now(), timeZone));
      // 29 calendar days before today there, which is not 29 times 24 hours across a change of summer time.
      const [year, month, day] = localDay(Date.now(), timeZone).split('-').map(Number);
      expect(days[0].day).toBe(new Date(Date.UTC(year, month - 1, day - 29)).toISOString().slice(0, 10));
      // North's enrolments of the last 30 days, each on its own day there: two today (one by the voucher), two and ten days ago (forty is off the chart).
      const byDay = Object.fromEntries(days.filter((day: { count: number }) => day.count > 0).map((day: { day: string; count: number }) => [day.day, day.count]));
      expect(Object.values(byDay).reduce((sum: number, count) => sum + (count as number), 0)).toBe(4);
      expect(byDay[localDay(Date.now() - 60_000, timeZone)]).toBeGreaterThanOrEqual(1);
      expect(byDay[localDay(Date.now() - 10 * DAY, timeZone)]).toBe(1);
    }
  });

  test("the platform's 30 days and week are each day's enrolments there, in half- and quarter-hour time zones too", async () => {
    // Enrolments every 97 minutes over 40 days, off every quarter hour: each day's ends cut a quarter.
    const { rows: made } = (await server.database.db.execute(sql`
      insert into enrollments (target_id, learner_id, tenant_id, create_at)
      select course.id, learner.user_id, learner.tenant_id, now() - make_interval(mins => 97 * n) - interval '7 seconds'
      from generate_series(1, 600) as n
      join lateral (select id from courses order by id limit 1 offset n % 20) as course on true
      join lateral (select user_id, tenant_id from users order by user_id limit 1 offset n / 20) as learner on true
      on conflict do nothing
      returning id`)) as unknown as { rows: unknown[] };
    expect(made.length).toBeGreaterThan(400);
    const zones = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];
    // Twice round: the platform's statement in each zone is named, its plan kept on the connection from its first call.
    for (const timeZone of [...zones, ...zones]) {
      const answer = await admin.get(address, { query: { time_zone: timeZone } });
      expect(answer.status).toBe(200);
      const { enrollments_per_day: days, week_start, enrollments } = answer.body.data;
      expect(days).toHaveLength(30);
      const { rows } = (await server.database.db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, (select count(*)::int from enrollments where (create_at at time zone ${timeZone})::date = day) as count
        from generate_series((now() at time zone ${timeZone})::date - 29, (now() at time zone ${timeZone})::date, interval '1 day') as day
        order by day`)) as unknown as { rows: { day: string; count: number }[] };
      expect([timeZone, days]).toEqual([timeZone, rows]);
      expect(rows.filter((row) => row.count > 0).length).toBeGreaterThan(20);
      expect(enrollments.week).toBe(await countOf(sql`select count(*) from enrollments where create_at >= ${new Date(week_start).toISOString()}`));
    }
  });

  test("the platform's courses of the week and pending applications come from counters that follow every write", async () => {
    // Courses made every 97 minutes over 13 days, off every quarter hour, then some moved and some deleted.
    await server.database.db.execute(sql`
      insert into courses (title, category_id, created_at)
      select 'Counted week ' || n, (select min(id) from categories), now() - make_interval(mins => 97 * n) - interval '7 seconds' from generate_series(1, 200) as n`);
    const weekOfCourses = async () => {
      for (const timeZone of ['UTC', 'Asia/Kathmandu', 'America/St_Johns']) {
        const answer = await admin.get(address, { query: { time_zone: timeZone } });
        expect(answer.status).toBe(200);
        const { courses, week_start } = answer.body.data;
        expect([timeZone, courses.week]).toEqual([timeZone, await countOf(sql`select count(*) from courses where created_at >= ${new Date(week_start).toISOString()}`)]);
      }
    };
    await weekOfCourses();
    await server.database.db.execute(sql`update courses set created_at = created_at - interval '5 days 3 minutes' where title like 'Counted week %' and id % 3 = 0`);
    await server.database.db.execute(sql`delete from courses where title like 'Counted week %' and id % 5 = 0`);
    await weekOfCourses();

    const pending = async () => (await admin.get(address)).body.data.pending_applications as number;
    const counted = () => countOf(sql`select count(*) from tenant_transfer_applications where status = 'pending'`);
    expect(await pending()).toBe(await counted());
    // Read from the counter: skewed, the figure moves by as much.
    const skew = (by: number) => server.database.db.execute(sql`update row_counts set row_count = row_count + ${by} where table_name = 'tenant_transfer_applications' and key = '{"status": "pending"}'`);
    await skew(1000);
    try {
      expect(await pending()).toBe((await counted()) + 1000);
    } finally {
      await skew(-1000);
    }
    // Decided through the API: no longer pending, for the platform as for both organisations.
    const application = (await admin.get('/uc/v1/applies', { query: { status: 'pending', keyword: 'dash_n2' } })).body.data.items[0];
    expect((await admin.put(`/uc/v1/applies/${application.tenant_transfer_application_id}/reject`)).status).toBe(200);
    expect(await pending()).toBe(await counted());
    expect((await northAdmin.api.get(address)).body.data.pending_applications).toBe(0);
  });

  test('only administrators may read it: 401 signed out, 403 for a learner', async () => {
    expect((await call(server.url, 'GET', address)).status).toBe(401);
    const learner = client(server.url, await signIn(server.url, 'dash_s1', ADMIN_PASSWORD, { platform: true }));
    const refused = await learner.get(address, { headers: { 'accept-language': 'ja-JP' } });
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
  });

  test('an unknown time zone is a 400 under time_zone, in the caller\'s language', async () => {
    const english = await admin.get(address, { query: { time_zone: 'Mars/Olympus' } });
    expect([english.status, english.body.errors]).toEqual([400, { time_zone: 'Not a known time zone' }]);
    const chinese = await admin.get(address, { query: { time_zone: 'Mars/Olympus' }, headers: { 'accept-language': 'zh-CN' } });
    const japanese = await northAdmin.api.get(address, { query: { time_zone: 'x'.repeat(65) }, headers: { 'accept-language': 'ja-JP' } });
    for (const answer of [chinese, japanese]) {
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(['time_zone']);
      expect(answer.body.errors.time_zone).not.toMatch(/[A-Za-z]{4}/);
    }
    // A zone PostgreSQL might read but no calendar has: still the 400, never a 500.
    expect((await admin.get(address, { query: { time_zone: "UTC'; select 1 --" } })).status).toBe(400);
  });
});
