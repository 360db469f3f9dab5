import { and, eq, gt, sql } from 'drizzle-orm';
import { auditLogs, enrollments } from '../../server/db/schema';
import { privileges } from '../../schema/privileges';
import { call, client, signIn, type CallOptions } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

/**
 * Every route the server registers, called as each kind of caller, against ONE table of expected
 * statuses. A route without a row fails the test: whoever adds a route adds its row.
 *
 * The callers, in the order of every row's `expect`: nobody signed in; a learner of the demo
 * academy; the administrator of another organisation; the demo academy's administrator; the
 * platform administrator. Record routes are called on a record of the academy's scope.
 *
 * Reading the statuses: 401 no session, 403 no privilege (or another organisation's record), 2xx
 * allowed and done. Where an allowed call needs input we do not make up, the row sends none and
 * expects the 400 of validation: it says the caller passed the privilege check (the access check
 * runs before the body is read), and `why` says so.
 */
const callers = ['anonymous', 'learner', 'other tenant admin', 'tenant admin', 'admin'] as const;
type Status = number | readonly number[];
type Expected = readonly [Status, Status, Status, Status, Status];

/** Records the rows call, made by the platform administrator before the calls. */
interface Records {
  teacher: number;
  category: number;
  topCategory: number;
  video: number;
  version: number;
  course: number;
  /** The only chapter of a course of its own. */
  chapter: number;
  carouselGroup: number;
  /** A series holding `course`. */
  series: number;
  carousel: number;
  /** A transfer application from the demo academy to `elsewhere`. */
  application: number;
  /** An organisation neither administrator runs. */
  elsewhere: number;
  /** The demo academy, and one of its learners. */
  academy: number;
  learner: number;
  /** A voucher of `course` for the demo academy, whose administrator has an email address. */
  voucher: number;
  /** The outbox's mail of `voucher` (sent by the administrator before the calls). */
  mail: number;
  /** The enrolment of `learner` in `course` (enrolments are made by redeeming vouchers: written straight to the database here). */
  enrollment: { courseId: number; learnerId: number };
}

/** Records made afresh for each call, for rows whose allowed call uses one up (a delete, a decision). */
interface Fresh {
  teacher(): Promise<number>;
  category(): Promise<number>;
  video(): Promise<number>;
  version(): Promise<number>;
  course(): Promise<number>;
  /** A chapter of `course`. */
  chapter(): Promise<number>;
  carouselGroup(): Promise<number>;
  /** A series holding the records' course. */
  series(): Promise<number>;
  carousel(): Promise<number>;
  application(): Promise<number>;
  /** An organisation without users, which may be deleted. */
  tenant(): Promise<number>;
  /** A learner of the demo academy. */
  learner(): Promise<number>;
  voucher(): Promise<number>;
}

interface Row {
  expect: Expected;
  /** The address to call, when the route's has parameters; given the records (and fresh ones). */
  address?: string | ((records: Records, fresh: Fresh) => string | Promise<string>);
  body?: unknown;
  query?: CallOptions['query'];
  /** The call ends the session it is made with (sign-out): each caller makes it with a session of its own. */
  ownSession?: boolean;
  /** Why the allowed callers answer what they answer, where it is not plain success. */
  why?: string;
  /** Why a write that succeeds leaves no row in the audit trail (it changes no record). */
  unaudited?: string;
}

// The usual shapes of a row's expectations.
const everyone = (status: Status): Expected => [status, status, status, status, status];
const signedIn = (status: Status): Expected => [401, status, status, status, status];
const operators = (status: Status): Expected => [401, 403, 403, 403, status];
/** A tenant administrator's privilege on a list: every administrator lists, each its own scope. */
const tenantList = (status: Status): Expected => [401, 403, status, status, status];
/** A tenant administrator's privilege on an academy record: the other organisation's administrator is refused. */
const tenantRecord = (status: Status): Expected => [401, 403, 403, status, status];
const learners = (status: Status): Expected => [401, status, 403, 403, 403];

const validation = 'no body: the 400 of validation, past the privilege check';
const DAY = 24 * 60 * 60 * 1000;

const matrix: Record<string, Row> = {
  // Health and files
  'GET /healthz': { expect: everyone(200) },
  'GET /readyz': { expect: everyone(200) },
  'GET /files/*': { expect: everyone(200), address: '/files/demo/cover-1.jpg' },
  'POST /api/v1/files': { expect: everyone(415), why: 'the upload token in the form is the permission: a call that is no form is a 415' },
  'GET /api/v1/uptoken/image': { expect: operators(200) },
  'GET /api/v1/uptoken/video': { expect: operators(200) },
  'GET /api/v1/uptoken/pdf': { expect: operators(200) },

  // Sign-in, session, password
  'POST /api/v1/sys/auth': { expect: everyone(400), body: {}, why: 'no credentials' },
  'DELETE /api/v1/sys/auth': { expect: signedIn(200), ownSession: true },
  'POST /api/v1/auth': { expect: everyone(400), body: {}, why: 'no credentials' },
  'GET /api/v1/user/profile': { expect: signedIn(200) },
  'PUT /uc/v1/users/actions/update_password': { expect: signedIn(400), body: {}, why: validation },
  'GET /api/v1/auth/qrcode.png': { expect: everyone(200) },
  'POST /api/v1/auth/qrcode/check': { expect: everyone(404), why: 'this browser asked for no code' },
  'GET /api/v1/auth/qrcode/ticket': { expect: signedIn(400), why: 'no ticket: validation' },
  'POST /api/v1/auth/qrcode/confirm': { expect: signedIn(400), body: {}, why: validation },

  // Teachers
  'GET /api/v1/teachers/pager': { expect: operators(200) },
  'POST /api/v1/teachers': { expect: operators(200), body: { name: 'Matrix teacher' } },
  'GET /api/v1/teachers/:id': { expect: operators(200), address: (r) => `/api/v1/teachers/${r.teacher}` },
  'PUT /api/v1/teachers/:id': { expect: operators(200), address: (r) => `/api/v1/teachers/${r.teacher}`, body: { title: 'Renamed' } },
  'DELETE /api/v1/teachers/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/teachers/${await fresh.teacher()}` },

  // Categories
  'GET /api/v1/categories/tree': { expect: operators(200) },
  'POST /api/v1/categories': { expect: operators(200), body: { title: 'Matrix', parent_id: 0 } },
  'GET /api/v1/categories/:id': { expect: operators(200), address: (r) => `/api/v1/categories/${r.category}` },
  'PUT /api/v1/categories/:id': { expect: operators(200), address: (r) => `/api/v1/categories/${r.category}`, body: { title: 'Renamed' } },
  'DELETE /api/v1/categories/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/categories/${await fresh.category()}` },
  'PUT /api/v1/categories/:id/order': {
    expect: operators(200),
    // A new category, last among the top level, moves to the front.
    address: async (_, fresh) => `/api/v1/categories/${await fresh.category()}/order`,
    body: (r: Records) => ({ after_id: 0, before_id: r.topCategory }),
  },

  // Videos and versions
  'GET /api/v1/videos/pager': { expect: operators(200) },
  'POST /api/v1/videos': { expect: operators(200), body: { title: 'Matrix video' } },
  'GET /api/v1/videos/:id': { expect: operators(200), address: (r) => `/api/v1/videos/${r.video}` },
  'PUT /api/v1/videos/:id': { expect: operators(200), address: (r) => `/api/v1/videos/${r.video}`, body: { title: 'Renamed' } },
  'DELETE /api/v1/videos/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/videos/${await fresh.video()}` },
  'GET /api/v1/videos/:id/playback': { expect: operators(200), address: (r) => `/api/v1/videos/${r.video}/playback`, query: { quality: 'L', format: 'mp4' } },
  'POST /api/v1/videos/:id/versions': {
    expect: operators(200),
    address: async (_, fresh) => `/api/v1/videos/${await fresh.video()}/versions`,
    body: { file: 'demo/video-m.flv', format: 'flv', quality: 'M' },
  },
  'PUT /api/v1/videos/:id/versions': {
    expect: operators(200),
    address: (r) => `/api/v1/videos/${r.video}/versions`,
    body: (r: Records) => ({ id: r.version, file: 'demo/video-sh.mp4' }),
  },
  'DELETE /api/v1/videos/versions/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/videos/versions/${await fresh.version()}` },

  // Courses
  'GET /api/v1/courses/pager': { expect: operators(200) },
  'POST /api/v1/courses': { expect: operators(200), body: (r: Records) => ({ title: 'Matrix course', category_id: r.category }) },
  'GET /api/v1/courses/:id': { expect: operators(200), address: (r) => `/api/v1/courses/${r.course}` },
  'PUT /api/v1/courses/:id': { expect: operators(200), address: (r) => `/api/v1/courses/${r.course}`, body: { subtitle: 'Renamed' } },
  'DELETE /api/v1/courses/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/courses/${await fresh.course()}` },
  'GET /api/v1/courses/:id/chapters/tree': { expect: operators(200), address: (r) => `/api/v1/courses/${r.course}/chapters/tree` },
  'POST /api/v1/chapters': { expect: operators(200), body: (r: Records) => ({ title: 'Matrix chapter', course_id: r.course, parent_id: 0 }) },
  'GET /api/v1/chapters/:id': { expect: operators(200), address: (r) => `/api/v1/chapters/${r.chapter}` },
  'PUT /api/v1/chapters/:id': { expect: operators(200), address: (r) => `/api/v1/chapters/${r.chapter}`, body: { title: 'Renamed' } },
  'DELETE /api/v1/chapters/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/chapters/${await fresh.chapter()}` },
  'PUT /api/v1/chapters/:id/order': {
    expect: operators(200),
    address: (r) => `/api/v1/chapters/${r.chapter}/order`,
    body: { after_id: 0, before_id: 0 },
    why: 'the only chapter of its course stays where it is',
    unaudited: 'the chapter stays where it is: nothing changes',
  },

  // Carousel groups
  'GET /api/v1/carousel_groups': { expect: operators(200) },
  'POST /api/v1/carousel_groups': { expect: operators(200), body: { ucode: 'matrix', name: 'Matrix' } },
  'GET /api/v1/carousel_groups/:id': { expect: operators(200), address: (r) => `/api/v1/carousel_groups/${r.carouselGroup}` },
  'PUT /api/v1/carousel_groups/:id': { expect: operators(200), address: (r) => `/api/v1/carousel_groups/${r.carouselGroup}`, body: { name: 'Renamed' } },
  'DELETE /api/v1/carousel_groups/:id': {
    expect: operators(200),
    address: async (_, fresh) => `/api/v1/carousel_groups/${await fresh.carouselGroup()}`,
  },

  // Series
  'GET /api/v1/sys/series': { expect: operators(200) },
  'POST /api/v1/sys/series': { expect: operators(200), body: (r: Records) => ({ title: 'Matrix series', category_id: r.category }) },
  'GET /api/v1/sys/series/:id': { expect: operators(200), address: (r) => `/api/v1/sys/series/${r.series}` },
  'PUT /api/v1/sys/series/:id': { expect: operators(200), address: (r) => `/api/v1/sys/series/${r.series}`, body: { subtitle: 'Renamed' } },
  'DELETE /api/v1/sys/series/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/sys/series/${await fresh.series()}` },
  'POST /api/v1/sys/series/:id/publish': { expect: operators(200), address: (r) => `/api/v1/sys/series/${r.series}/publish` },
  'POST /api/v1/sys/series/:id/unpublish': { expect: operators(200), address: (r) => `/api/v1/sys/series/${r.series}/unpublish` },
  'POST /api/v1/sys/series/:id/courses': {
    expect: operators(200),
    address: (r) => `/api/v1/sys/series/${r.series}/courses`,
    body: (r: Records) => [r.course],
    unaudited: 'the course is in the series already: nothing changes',
  },
  'POST /api/v1/sys/series/:id/courses/:courseId': {
    expect: operators(200),
    address: async (r, fresh) => `/api/v1/sys/series/${await fresh.series()}/courses/${r.course}`,
  },
  'GET /api/v1/series/:id/courses': { expect: operators(200), address: (r) => `/api/v1/series/${r.series}/courses` },

  // Carousels
  'GET /api/v1/carousels/pager': { expect: operators(200) },
  'POST /api/v1/carousels': {
    expect: operators(200),
    body: (r: Records) => ({ title: 'Matrix carousel', carousel_group_id: r.carouselGroup, image_link: 'demo/cover-1.jpg' }),
  },
  'GET /api/v1/carousels/:id': { expect: operators(200), address: (r) => `/api/v1/carousels/${r.carousel}` },
  'PUT /api/v1/carousels/:id': { expect: operators(200), address: (r) => `/api/v1/carousels/${r.carousel}`, body: { title: 'Renamed' } },
  'DELETE /api/v1/carousels/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/carousels/${await fresh.carousel()}` },

  // Tenants
  'GET /uc/v1/tenants': { expect: operators(200) },
  'POST /uc/v1/tenants': {
    expect: operators(200),
    body: { display_name: 'Matrix school', name: 'matrix-school', admin_user_name: 'matrix_school_admin', admin_password: 'Matrix-pass-1' },
  },
  'GET /uc/v1/tenants/:id': { expect: operators(200), address: (r) => `/uc/v1/tenants/${r.academy}` },
  'PUT /uc/v1/tenants/:id': { expect: operators(200), address: (r) => `/uc/v1/tenants/${r.academy}`, body: { description: 'Changed' } },
  'DELETE /uc/v1/tenants/:id': { expect: operators(200), address: async (_, fresh) => `/uc/v1/tenants/${await fresh.tenant()}` },
  'GET /uc/v1/tenants/:id/public': { expect: everyone(200), address: (r) => `/uc/v1/tenants/${r.academy}/public`, why: 'the registration page names the organisation' },

  // Users
  'GET /uc/v1/system/users': { expect: tenantList(200) },
  'POST /uc/v1/users': { expect: operators(200), body: (r: Records) => ({ user_name: 'matrix_made', password: 'Matrix-pass-1', tenant_id: r.academy }) },
  'GET /uc/v1/users/:id': { expect: tenantRecord(200), address: (r) => `/uc/v1/users/${r.learner}` },
  'PUT /uc/v1/users/:id': { expect: operators(200), address: (r) => `/uc/v1/users/${r.learner}`, body: { nick_name: 'Changed' } },
  'DELETE /uc/v1/users/:id': { expect: operators(200), address: async (_, fresh) => `/uc/v1/users/${await fresh.learner()}` },
  'POST /uc/v1/users/register': { expect: everyone(400), body: {}, why: 'anyone may register: no body is the 400 of validation' },
  'PUT /uc/v1/tenant/:tenantId/users/:userId/active': {
    expect: tenantRecord(200),
    address: async (r, fresh) => `/uc/v1/tenant/${r.academy}/users/${await fresh.learner()}/active`,
    unaudited: 'a new learner is active already: nothing changes',
  },
  'PUT /uc/v1/tenant/:tenantId/users/:userId/deactive': {
    expect: tenantRecord(200),
    address: async (r, fresh) => `/uc/v1/tenant/${r.academy}/users/${await fresh.learner()}/deactive`,
  },

  // Transfer applications
  'GET /uc/v1/applies': { expect: tenantList(200) },
  'POST /uc/v1/applies': { expect: learners(200), body: (r: Records) => ({ to_tenant_id: r.elsewhere }), why: 'learners alone apply' },
  'GET /uc/v1/applies/:id': { expect: tenantRecord(200), address: (r) => `/uc/v1/applies/${r.application}` },
  'PUT /uc/v1/applies/:id/approve': { expect: tenantRecord(200), address: async (_, fresh) => `/uc/v1/applies/${await fresh.application()}/approve` },
  'PUT /uc/v1/applies/:id/reject': { expect: tenantRecord(200), address: async (_, fresh) => `/uc/v1/applies/${await fresh.application()}/reject` },

  // Vouchers
  'GET /api/v1/vouchers': { expect: operators(200) },
  'POST /api/v1/vouchers/new': {
    expect: operators(200),
    body: (r: Records) => ({ name: 'Matrix voucher', code: 'matrix-voucher', resource_type: 'course', resource_id: r.course, count: 5, expire_at: Date.now() + DAY }),
  },
  'GET /api/v1/vouchers/:id': { expect: operators(200), address: (r) => `/api/v1/vouchers/${r.voucher}` },
  'PUT /api/v1/vouchers/:id': { expect: operators(200), address: (r) => `/api/v1/vouchers/${r.voucher}`, body: { description: 'Changed' } },
  'DELETE /api/v1/vouchers/:id': { expect: operators(200), address: async (_, fresh) => `/api/v1/vouchers/${await fresh.voucher()}` },
  'POST /api/v1/vouchers/:id/abolish': { expect: operators(200), address: async (_, fresh) => `/api/v1/vouchers/${await fresh.voucher()}/abolish` },
  'PUT /api/v1/vouchers/:id/send_email': {
    expect: operators(200),
    address: (r) => `/api/v1/vouchers/${r.voucher}/send_email`,
    why: "the academy's administrator has an address: without SMTP_URL the mail goes to the outbox",
    unaudited: 'it queues mail and changes no record',
  },
  'POST /uc/v1/vouchers/redeem': { expect: signedIn(400), body: {}, why: 'any signed-in user redeems for the own account: ' + validation },
  // The mail outbox: the operators' alone (its mail carries vouchers, which are theirs)
  'GET /api/v1/mail_outbox/pager': { expect: operators(200) },
  'GET /api/v1/mail_outbox/delivery': { expect: operators(200) },
  'GET /api/v1/mail_outbox/:id': { expect: operators(200), address: (r) => `/api/v1/mail_outbox/${r.mail}` },
  'POST /api/v1/mail_outbox/:id/resend': { expect: operators(200), address: (r) => `/api/v1/mail_outbox/${r.mail}/resend`, unaudited: 'it queues mail again and changes no record' },
  // Enrolments: each administrator lists its own learners' enrolments and counts, and changes only theirs
  'GET /api/v1/enrollments/pager': { expect: tenantList(200) },
  'GET /api/v1/enrollments/statistic': { expect: tenantList(200) },
  // The dashboard: every administrator's figures, each of its own scope (dashboard.test.ts checks the figures)
  'GET /api/v1/dashboard': { expect: tenantList(200) },
  'POST /api/v1/enrollmentEnable': { expect: tenantRecord(200), body: (r: Records) => r.enrollment, unaudited: 'enabled already: nothing changes' },
  'POST /api/v1/enrollmentDisable': {
    expect: tenantRecord(200),
    body: (r: Records) => r.enrollment,
    unaudited: 'the second caller finds it disabled already (auditTrail.test.ts records both)',
  },
  // The audit trail: each administrator reads its own scope
  'GET /api/v1/audit_logs/pager': { expect: tenantList(200) },
};

let server: TestServer;
const records = {} as Records;
let fresh: Fresh;
let sessionOf: (caller: Caller) => Promise<string | undefined>;
const sessions = {} as Record<Caller, string | undefined>;

type Caller = (typeof callers)[number];
const credentials: Record<Caller, { name: string; password: string; platform?: boolean } | undefined> = {
  anonymous: undefined,
  learner: { name: 'demo_learner', password: DEMO_PASSWORD, platform: true },
  'other tenant admin': { name: 'matrix_partner_admin', password: DEMO_PASSWORD },
  'tenant admin': { name: 'demo_tenant_admin', password: DEMO_PASSWORD },
  admin: { name: 'admin', password: ADMIN_PASSWORD },
};

beforeAll(async () => {
  server = await startServer();
  const url = server.url;
  const admin = client(url, await signIn(url, 'admin', ADMIN_PASSWORD));
  const make = people(server);
  const profile = (await client(url, await signIn(url, 'demo_tenant_admin', DEMO_PASSWORD)).get('/api/v1/user/profile')).body.data;
  const academy: number = profile.tenant_id;
  // The other administrator's organisation, and a third one the academy's learners apply to.
  await make.user('matrix_partner_admin', await make.tenant('matrix_partner', 'Matrix partner'), ['tenant_admin']);
  records.elsewhere = await make.tenant('matrix_elsewhere', 'Matrix elsewhere');

  /** Makes a record as the administrator and answers its id. */
  const created = async (path: string, body: unknown) => {
    const answer = await admin.post(path, body);
    if (answer.status !== 200) throw new Error(`could not make a record at ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data.id as number;
  };
  let made = 0;
  fresh = {
    teacher: () => created('/api/v1/teachers', { name: `Teacher ${++made}` }),
    category: () => created('/api/v1/categories', { title: `Category ${++made}`, parent_id: 0 }),
    video: () => created('/api/v1/videos', { title: `Video ${++made}` }),
    version: async () => created(`/api/v1/videos/${await fresh.video()}/versions`, { file: 'demo/video-l.mp4', format: 'mp4', quality: 'L' }),
    course: async () => created('/api/v1/courses', { title: `Course ${++made}`, category_id: records.category }),
    chapter: () => created('/api/v1/chapters', { title: `Chapter ${++made}`, course_id: records.course, parent_id: 0 }),
    carouselGroup: () => created('/api/v1/carousel_groups', { ucode: `group-${++made}`, name: `Group ${made}` }),
    series: async () => {
      const id = await created('/api/v1/sys/series', { title: `Series ${++made}`, category_id: records.category });
      const added = await admin.post(`/api/v1/sys/series/${id}/courses`, [records.course]);
      if (added.status !== 200) throw new Error(`could not add a course to a series: ${added.status} ${JSON.stringify(added.body)}`);
      return id;
    },
    carousel: () => created('/api/v1/carousels', { title: `Carousel ${++made}`, carousel_group_id: records.carouselGroup, image_link: 'demo/cover-1.jpg' }),
    application: async () => {
      const learner = await make.user(`matrix_learner_${++made}`, academy, ['learner']);
      const answer = await learner.api.post('/uc/v1/applies', { to_tenant_id: records.elsewhere });
      if (answer.status !== 200) throw new Error(`could not apply: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.data.tenant_transfer_application_id as number;
    },
    tenant: () => make.tenant(`matrix_empty_${++made}`),
    learner: async () => (await make.user(`matrix_user_${++made}`, academy, ['learner'])).user_id,
    voucher: () =>
      created('/api/v1/vouchers/new', {
        name: `Voucher ${++made}`,
        code: `matrix-${made}`,
        resource_type: 'course',
        resource_id: records.course,
        object_type: 'tenant',
        object_id: records.academy,
        count: 5,
        expire_at: Date.now() + DAY,
      }),
  };
  records.academy = academy;
  records.learner = await fresh.learner();
  records.teacher = await fresh.teacher();
  records.category = await fresh.category();
  records.topCategory = (await admin.get('/api/v1/categories/tree')).body.data[0].id;
  records.video = await fresh.video();
  records.version = await created(`/api/v1/videos/${records.video}/versions`, { file: 'demo/video-l.mp4', format: 'mp4', quality: 'L' });
  records.course = await fresh.course();
  // Alone in a course of its own, so the order row's "first and last" stays true whatever else is made.
  records.chapter = await created('/api/v1/chapters', { title: 'Only chapter', course_id: await fresh.course(), parent_id: 0 });
  records.carouselGroup = await fresh.carouselGroup();
  records.series = await fresh.series();
  records.carousel = await fresh.carousel();
  records.application = await fresh.application();
  records.voucher = await fresh.voucher();
  records.mail = (await admin.put(`/api/v1/vouchers/${records.voucher}/send_email`)).body.data.mail_id;
  await server.database.db.insert(enrollments).values({ target_id: records.course, learner_id: records.learner });
  records.enrollment = { courseId: records.course, learnerId: records.learner };

  sessionOf = async (caller) => {
    const who = credentials[caller];
    return who && signIn(url, who.name, who.password, { platform: who.platform });
  };
  for (const caller of callers) sessions[caller] = await sessionOf(caller);
}, 120_000);
afterAll(() => server?.stop());

/** Writes that succeeded without an audit row naming their caller: none, checked last. */
const unrecorded: string[] = [];
const lastAuditRow = async () => {
  const [last] = await server.database.db.select({ id: sql<number>`coalesce(max(${auditLogs.id}), 0)::int` }).from(auditLogs);
  return last.id;
};
const auditedSince = async (id: number, userName: string) =>
  (await server.database.db.select({ id: auditLogs.id }).from(auditLogs).where(and(gt(auditLogs.id, id), eq(auditLogs.user, userName))).limit(1)).length > 0;

/** `GET` routes come with a `HEAD` twin that answers alike: the `GET` row covers both. */
function registeredRoutes() {
  const routes = server.app.declaredRoutes;
  const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
  return routes.filter((route) => !(route.method === 'HEAD' && gets.has(route.url))).map((route) => `${route.method} ${route.url}`);
}

test('every registered route has a row in the matrix, and every row a route', () => {
  const registered = registeredRoutes();
  expect(registered.filter((route) => !(route in matrix)).map((route) => `add a row for ${route}`)).toEqual([]);
  expect(Object.keys(matrix).filter((route) => !registered.includes(route)).map((route) => `no route ${route}: remove its row`)).toEqual([]);
});

test('every privilege the resources declare is asked for by a route, and every route asks for declared ones', () => {
  const asked = new Set(server.app.declaredRoutes.flatMap((route) => [route.access ?? []].flat()).filter((access) => access !== 'public' && access !== 'session'));
  expect(privileges.filter((code) => !asked.has(code)).map((code) => `no route asks for ${code}`)).toEqual([]);
  expect([...asked].filter((code) => !(privileges as readonly string[]).includes(code)).map((code) => `${code} is declared by no resource`)).toEqual([]);
});

test.each(Object.entries(matrix))('%s answers each caller as its row says', async (route, row) => {
  const [method, path] = route.split(' ');
  const expected = callers.map((caller, index) => `${caller}: ${[row.expect[index]].flat().join(' or ')}`);
  // One line per caller: what the row expects when the answer agrees, the answer and its message when not.
  const answered: string[] = [];
  for (const [index, caller] of callers.entries()) {
    const address = typeof row.address === 'function' ? await row.address(records, fresh) : (row.address ?? path);
    const body = typeof row.body === 'function' ? (row.body as (records: Records) => unknown)(records) : row.body;
    const token = row.ownSession ? await sessionOf(caller) : sessions[caller];
    const recordedBefore = await lastAuditRow();
    const answer = await call(server.url, method, address, { token, body, query: row.query });
    const agrees = [row.expect[index]].flat().includes(answer.status);
    answered.push(agrees ? expected[index] : `${caller}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    // Every write that succeeds is in the audit trail under its caller's name, in its own transaction (issue 20).
    if (method !== 'GET' && answer.status === 200 && !row.unaudited && !(await auditedSince(recordedBefore, credentials[caller]?.name ?? '')))
      unrecorded.push(`${caller}: ${route} succeeded and left no audit row`);
  }
  expect(answered).toEqual(expected);
});

test('every write that succeeded above is in the audit trail under its caller', () => {
  expect(unrecorded).toEqual([]);
});
