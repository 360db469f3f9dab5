import { hashPassword } from '../../../server/auth/passwords';
import { client, signIn } from '../client';
import { ADMIN_PASSWORD } from '../server';
import { countsAndRecounts, openDatabase } from './database';
import { serverOnScratchDatabase } from './servers';
import { KILL_TRIALS, report } from './settings';

// kill -9 of the server while writers keep it busy, then a restart on the same database: every
// write it answered 2xx is there, and no write is half there (a course without the chapters a
// delete took, a tenant without its administrator, a redemption without its enrolment, a count
// that disagrees with a recount, a gap in an order).
const WRITERS = 12;
const LEARNERS = WRITERS;
// The kill comes once this many writes of the trial were answered, so it lands among the rest.
const ANSWERED_BEFORE_KILL = 30;

type Api = ReturnType<typeof client>;
let scratch: Awaited<ReturnType<typeof serverOnScratchDatabase>>;
let database: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  scratch = await serverOnScratchDatabase({ SEED_DEMO: 'false' });
  database = openDatabase(scratch.databaseUrl);
});
afterAll(async () => {
  await database?.close();
  await scratch?.remove();
});

/** What the server answered 2xx in one trial, to find after the restart. */
interface Answered {
  courses: number[];
  chapters: { id: number; courseId: number }[];
  deletedCourses: number[];
  tenants: string[];
  redemptions: { voucherId: number; learnerId: number; courseId: number }[];
}

interface Cast {
  adminToken: string;
  category: number;
  /** A course every learner is enrolled in, whose enrolments the writers disable and enable. */
  enrolledCourse: number;
  learners: { id: number; token: string }[];
}

async function setUp(url: string): Promise<Cast> {
  const adminToken = await signIn(url, 'admin', ADMIN_PASSWORD);
  const admin = client(url, adminToken);
  const category = (await admin.post('/api/v1/categories', { title: 'Killed', parent_id: 0 })).body.data.id as number;
  const enrolledCourse = (await admin.post('/api/v1/courses', { title: 'Everyone enrolled', category_id: category })).body.data.id as number;
  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  const learners: Cast['learners'] = [];
  for (let i = 0; i < LEARNERS; i++) {
    const { rows } = await database.pool.query("insert into users (user_name, roles, password_hash) values ($1, '{learner}', $2) returning user_id", [`kill_learner_${i}`, passwordHash]);
    await database.pool.query('insert into enrollments (target_id, learner_id) values ($1, $2)', [enrolledCourse, rows[0].user_id]);
    learners.push({ id: rows[0].user_id, token: await signIn(url, `kill_learner_${i}`, ADMIN_PASSWORD, { platform: true }) });
  }
  return { adminToken, category, enrolledCourse, learners };
}

/** A voucher of its own for each trial, that every learner may redeem once (for a course of its own). */
async function voucherFor(admin: Api, cast: Cast, trial: number) {
  const courseId = (await admin.post('/api/v1/courses', { title: `Voucher course ${trial}`, category_id: cast.category })).body.data.id as number;
  const code = `KILL-${trial}-${Date.now().toString(36)}`.toUpperCase();
  const answer = await admin.post('/api/v1/vouchers/new', { name: `Kill ${trial}`, code, resource_type: 'course', resource_id: courseId, count: LEARNERS, expire_at: Date.now() + 86_400_000 });
  expect(answer.status).toBe(200);
  return { id: answer.body.data.id as number, code, courseId };
}

/** One writer: rounds of writes of every kind, until the server stops answering (a network error ends it). */
async function writer(url: string, cast: Cast, voucher: { id: number; code: string; courseId: number }, name: string, index: number, answered: Answered, onAnswer: () => void) {
  const admin = client(url, cast.adminToken);
  const ok = <T extends { status: number }>(answer: T) => {
    if (answer.status >= 300) throw new Error(`a write was refused: ${JSON.stringify(answer)}`);
    onAnswer();
    return answer;
  };
  for (let round = 0; ; round++) {
    const label = `${name}w${index}r${round}`;
    const course = ok(await admin.post('/api/v1/courses', { title: `Course ${label}`, category_id: cast.category })).body.data.id as number;
    answered.courses.push(course);
    for (let chapter = 0; chapter < 2; chapter++)
      answered.chapters.push({ id: ok(await admin.post('/api/v1/chapters', { title: `Chapter ${chapter} of ${label}`, course_id: course, parent_id: 0 })).body.data.id, courseId: course });
    ok(await admin.post('/uc/v1/tenants', { name: `kill_${label}`, display_name: `Tenant ${label}`, admin_user_name: `kill_admin_${label}`, admin_password: ADMIN_PASSWORD }));
    answered.tenants.push(`kill_${label}`);
    const learnerIndex = round * WRITERS + index;
    if (learnerIndex < cast.learners.length) {
      const learner = cast.learners[learnerIndex];
      ok(await client(url, learner.token).post('/uc/v1/vouchers/redeem', { code: voucher.code }));
      answered.redemptions.push({ voucherId: voucher.id, learnerId: learner.id, courseId: voucher.courseId });
    }
    const toggle = round % 2 ? '/api/v1/enrollmentEnable' : '/api/v1/enrollmentDisable';
    ok(await admin.post(toggle, { courseId: cast.enrolledCourse, learnerId: cast.learners[index].id }));
    // The course of the previous round goes, its chapters with it.
    if (round > 0) {
      const gone = answered.courses[answered.courses.indexOf(course) - 1];
      ok(await admin.delete(`/api/v1/courses/${gone}`));
      answered.deletedCourses.push(gone);
    }
  }
}

const ids = (result: { rows: { id: number }[] }) => new Set(result.rows.map((row) => row.id));
const missing = <T>(expected: T[], found: Set<T>) => expected.filter((item) => !found.has(item));

/** Every answered write is there and every invariant holds; answers how many answered writes were checked. */
async function check(url: string, cast: Cast, answered: Answered) {
  const { pool } = database;
  const deleted = new Set(answered.deletedCourses);
  const courses = ids(await pool.query('select id from courses where id = any($1)', [answered.courses]));
  expect(missing(answered.courses.filter((id) => !deleted.has(id)), courses)).toEqual([]);
  expect(answered.deletedCourses.filter((id) => courses.has(id))).toEqual([]);
  // A chapter answered is there unless its course was deleted since; a deleted course left no chapter behind.
  const chapters = ids(await pool.query('select id from chapters where id = any($1)', [answered.chapters.map((chapter) => chapter.id)]));
  expect(missing(answered.chapters.filter((chapter) => !deleted.has(chapter.courseId)).map((chapter) => chapter.id), chapters)).toEqual([]);
  expect((await pool.query('select id from chapters where course_id = any($1)', [answered.deletedCourses])).rows).toEqual([]);
  // Chapters are numbered 1..n in every course, with no gap and no repeat.
  const gaps = await pool.query(
    `select course_id, parent_id from chapters group by course_id, parent_id
      having min(sort_order) <> 1 or max(sort_order) <> count(*) or count(distinct sort_order) <> count(*)`,
  );
  expect(gaps.rows).toEqual([]);
  // Every tenant answered is there, and no tenant (answered or not) lacks its administrator.
  const tenants = new Set((await pool.query('select name from tenants where name = any($1)', [answered.tenants])).rows.map((row) => row.name as string));
  expect(missing(answered.tenants, tenants)).toEqual([]);
  const withoutAdmin = await pool.query(
    `select name from tenants t where name like 'kill\\_%' and not exists (select 1 from users u where u.tenant_id = t.tenant_id and 'tenant_admin' = any(u.roles))`,
  );
  expect(withoutAdmin.rows).toEqual([]);
  // Every redemption answered is there with its enrolment; what is left of each voucher is its count less its redemptions.
  for (const { voucherId, learnerId, courseId } of answered.redemptions) {
    expect((await pool.query('select 1 from voucher_redemptions where voucher_id = $1 and user_id = $2', [voucherId, learnerId])).rowCount).toBe(1);
    expect((await pool.query('select 1 from enrollments where target_id = $1 and learner_id = $2', [courseId, learnerId])).rowCount).toBe(1);
  }
  const vouchersOff = await pool.query(
    `select v.id from vouchers v where v.available_number <> v.count - (select count(*) from voucher_redemptions r where r.voucher_id = v.id)`,
  );
  expect(vouchersOff.rows).toEqual([]);
  const redeemedWithoutEnrolment = await pool.query(
    `select r.id from voucher_redemptions r join vouchers v on v.id = r.voucher_id
      where not exists (select 1 from enrollments e where e.target_id = v.resource_id and e.learner_id = r.user_id)`,
  );
  expect(redeemedWithoutEnrolment.rows).toEqual([]);
  const { kept, recounted } = await countsAndRecounts(database);
  expect(kept).toEqual(recounted);
  // And the restarted server answers what it answered before the kill.
  const admin = client(url, cast.adminToken);
  for (const id of answered.courses.filter((id) => !deleted.has(id)).slice(-3)) expect((await admin.get(`/api/v1/courses/${id}`)).status).toBe(200);
  return answered.courses.length + answered.chapters.length + answered.deletedCourses.length + answered.tenants.length + answered.redemptions.length;
}

test(`${KILL_TRIALS} kill -9 trials in the middle of a write burst: every answered write is there after the restart, none half-written`, async () => {
  let server = scratch.start();
  let url = await server.ready;
  const cast = await setUp(url);
  let writesChecked = 0;
  let writesAnswered = 0;
  for (let trial = 1; trial <= KILL_TRIALS; trial++) {
    const voucher = await voucherFor(client(url, cast.adminToken), cast, trial);
    const answered: Answered = { courses: [], chapters: [], deletedCourses: [], tenants: [], redemptions: [] };
    let count = 0;
    let killed = false;
    const victim = server;
    const onAnswer = () => {
      if (++count === ANSWERED_BEFORE_KILL) {
        killed = true;
        victim.signal('SIGKILL');
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(url, cast, voucher, `t${trial}`, index, answered, onAnswer));
    const endings = await Promise.allSettled(writers);
    // Each writer ends on a request the kill cut off, never on a refusal.
    for (const ending of endings) {
      expect(ending.status).toBe('rejected');
      expect(String((ending as PromiseRejectedResult).reason)).not.toMatch(/a write was refused/);
    }
    expect(killed).toBe(true);
    expect(await victim.exited).toBeNull();
    server = scratch.start();
    url = await server.ready;
    writesChecked += await check(url, cast, answered);
    writesAnswered += count;
  }
  report('kill', { trials: KILL_TRIALS, writesAnswered, writesChecked });
  expect(await server.stop()).toBe(0);
}, 60_000 + KILL_TRIALS * 60_000);
