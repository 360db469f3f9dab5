import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Database, Executor } from './client';
import { demoCatalogue, moreDemoTeachers, WELL_KNOWN_COURSE, type DemoSection } from './demoCourses';
import { seedEnrollments } from './demoEnrollments';
import { demoFileKeys, demoVideoVersions } from './demoFiles';
import {
  appMeta,
  carouselGroups,
  carousels,
  categories,
  chapters,
  courses,
  enrollments,
  series,
  seriesCourses,
  teachers,
  tenants,
  tenantTransferApplications,
  users,
  videos,
  voucherRedemptions,
  vouchers,
  videoVersions,
} from './schema';

export interface SeedReport {
  /** True when this start created the first administrator. */
  seeded: boolean;
  adminName: string;
  /** Set only when the password was generated here: it is shown once and stored nowhere in clear. */
  generatedPassword?: string;
}

export const ADMIN_NAME = 'admin';
// Any fixed number: concurrent first starts against one server seed once.
const SEED_LOCK = 727_002;

/** On the first start: the administrator, and the demo platform unless it is turned off. */
export async function seed(db: Database, options: { adminPassword?: string; demo: boolean }): Promise<SeedReport> {
  const report = await seedOnce(db, options);
  // The demo is a bulk load: without statistics the planner guesses until autovacuum's next pass,
  // so the first minute's plans (and any measurement in it) would depend on when that comes.
  if (report.seeded && options.demo) await db.execute(sql`analyze`);
  return report;
}

async function seedOnce(db: Database, options: { adminPassword?: string; demo: boolean }): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, 'seeded_at'));
    if (done) return { seeded: false, adminName: ADMIN_NAME };
    const password = options.adminPassword ?? generatePassword();
    const password_hash = await hashPassword(password);
    await tx.insert(users).values({ user_name: ADMIN_NAME, password_hash, real_name: 'Administrator', roles: ['admin'] });
    if (options.demo) await seedDemo(tx, password_hash);
    await tx.insert(appMeta).values({ key: 'seeded_at', value: new Date().toISOString() });
    return { seeded: true, adminName: ADMIN_NAME, generatedPassword: options.adminPassword ? undefined : password };
  });
}

/** A small platform to look around in; the demo accounts share the administrator's password. */
async function seedDemo(tx: Executor, password_hash: string) {
  const [academy] = await tx
    .insert(tenants)
    .values({ name: 'demo', display_name: 'Demo Academy', description: 'An organisation to try the console with' })
    .returning();
  await tx.insert(users).values([
    {
      user_name: 'demo_tenant_admin',
      password_hash,
      real_name: 'Demo Academy Administrator',
      tenant_id: academy.tenant_id,
      roles: ['tenant_admin'],
      email: 'academy-admin@example.com',
    },
    // A learner for half a year: its enrolments spread over those months.
    { user_name: 'demo_learner', password_hash, real_name: 'Demo Learner', nick_name: 'learner', tenant_id: academy.tenant_id, roles: ['learner'], create_time: Date.now() - 180 * 86_400_000 },
  ]);
  await seedOrganisations(tx, password_hash, academy.tenant_id);
  const groups = await tx
    .insert(carouselGroups)
    .values([
      { ucode: 'home', name: 'Home page', description: 'Banners at the top of the home page' },
      { ucode: 'course', name: 'Course page', description: 'Banners beside the course list' },
    ])
    .returning({ id: carouselGroups.id });
  const categoryIds = await seedCategories(tx);
  const videoIds = await seedVideos(tx);
  const teacherIds = await seedTeachers(tx);
  await seedCourses(tx, { categoryIds, videoIds, teacherIds });
  await seedSeries(tx, { categoryIds, teacherIds });
  await seedCarousels(tx, groups.map((group) => group.id as number));
  await seedTransferApplications(tx, academy.tenant_id);
  // Enrolments first: a voucher's redemptions keep an enrolment the learner already had.
  await seedEnrollments(tx);
  await seedVouchers(tx, academy.tenant_id);
}

/**
 * Vouchers in every state: available for anyone, for the demo academy (a series) and for
 * demo_learner (not redeemed yet: the demo learner can try it), abolished, expired, used up by
 * Riverside College, and one for a Riverside learner with an email address to send. The redeemed
 * ones have their redemptions and the enrolments they made, and `available_number` agrees.
 */
async function seedVouchers(tx: Executor, academyId: number) {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const idOf = async (rows: Promise<{ id: unknown }[]>) => (await rows)[0].id as number;
  const course = (title: string) => idOf(tx.select({ id: courses.id }).from(courses).where(eq(courses.title, title)));
  const seriesNamed = (title: string) => idOf(tx.select({ id: series.id }).from(series).where(eq(series.title, title)));
  const learnersOf = (tenantId: number, count: number, offset = 0) =>
    tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(and(eq(users.tenant_id, tenantId), eq(users.status, 'active'), sql`'learner' = any(${users.roles})`, ne(users.user_name, 'demo_learner')))
      .orderBy(asc(users.user_id))
      .limit(count)
      .offset(offset);
  const [riverside] = await tx.select({ tenant_id: tenants.tenant_id }).from(tenants).where(eq(tenants.name, 'riverside'));
  const [demoLearner] = await tx.select({ user_id: users.user_id }).from(users).where(eq(users.user_name, 'demo_learner'));
  const academyLearners = await learnersOf(academyId, 6, 10);
  const collegeLearners = await learnersOf(riverside.tenant_id, 3);
  const [scholar] = collegeLearners.slice(2);
  const react = await course(WELL_KNOWN_COURSE);
  const [other] = await tx.select({ id: courses.id }).from(courses).where(sql`${courses.id} <> ${react}`).orderBy(courses.id).limit(1);

  const demo = [
    { name: 'React launch offer', code: 'REACT-LAUNCH', description: 'Free access to the most popular course for anyone who has the code', resource_type: 'course', resource_id: react, object_type: '*', count: 100, expires: 60, redeemedBy: academyLearners.slice(0, 3) },
    { name: 'Front-end path for Demo Academy', code: 'ACADEMY-FRONTEND', description: 'The whole front-end series for our own learners', resource_type: 'series', resource_id: await seriesNamed('Front-end engineer path'), object_type: 'tenant', object_id: academyId, count: 20, expires: 90, redeemedBy: academyLearners.slice(3, 5) },
    { name: 'Welcome gift', code: 'WELCOME-DEMO', description: 'A first course for the demo learner', resource_type: 'course', resource_id: other.id as number, object_type: 'user', object_id: demoLearner.user_id, count: 1, expires: 30, redeemedBy: [] },
    { name: 'Summer promotion', code: 'SUMMER-PROMO', description: 'Withdrawn after a week', resource_type: 'course', resource_id: react, object_type: '*', count: 50, expires: 20, abolished: true, redeemedBy: academyLearners.slice(5, 6) },
    { name: 'Spring sale', code: 'SPRING-SALE', description: 'Design fundamentals at no cost, for a month', resource_type: 'series', resource_id: await seriesNamed('Design fundamentals'), object_type: '*', count: 30, expires: -10, redeemedBy: academyLearners.slice(0, 2) },
    { name: 'Riverside data cohort', code: 'RIVERSIDE-DATA', description: 'Two places in the data science bootcamp', resource_type: 'series', resource_id: await seriesNamed('Data science bootcamp'), object_type: 'tenant', object_id: riverside.tenant_id, count: 2, expires: 45, redeemedBy: collegeLearners.slice(0, 2) },
    { name: 'Scholarship', code: 'SCHOLAR-RIVER', description: 'One course, chosen for one learner', resource_type: 'course', resource_id: react, object_type: 'user', object_id: scholar.user_id, count: 1, expires: 14, redeemedBy: [] },
  ] as const;

  for (const [index, one] of demo.entries()) {
    const { expires, redeemedBy, ...fields } = one;
    const [made] = await tx
      .insert(vouchers)
      .values({
        ...fields,
        object_id: 'object_id' in one ? one.object_id : null,
        available: !('abolished' in one),
        available_number: one.count - redeemedBy.length,
        // The end of a day in China (UTC+8), as the console sets an expiry there.
        expire_at: new Date(new Date(now + expires * day).setUTCHours(15, 59, 59, 999)).getTime(),
        created_at: new Date(now - (demo.length - index) * 3 * day),
      })
      .returning({ id: vouchers.id });
    if (redeemedBy.length === 0) continue;
    await tx.insert(voucherRedemptions).values(redeemedBy.map((learner, order) => ({ voucher_id: made.id, user_id: learner.user_id, create_time: now - (order + 1) * day })));
    const courseIds =
      one.resource_type === 'course'
        ? [one.resource_id]
        : (await tx.select({ id: seriesCourses.course_id }).from(seriesCourses).where(eq(seriesCourses.series_id, one.resource_id))).map((row) => row.id);
    await tx
      .insert(enrollments)
      .values(redeemedBy.flatMap((learner) => courseIds.map((target_id) => ({ target_id, learner_id: learner.user_id }))))
      .onConflictDoNothing({ target: [enrollments.target_id, enrollments.learner_id] });
  }
}

/**
 * Learners of the demo academy and Riverside College asking to move between the two: three waiting
 * for a decision, one approved (that learner is in the college now) and one rejected. They are
 * learners the demo already has, so no organisation's head count changes; demo_learner has none,
 * so it can apply.
 */
async function seedTransferApplications(tx: Executor, academyId: number) {
  const [riverside] = await tx.select({ tenant_id: tenants.tenant_id }).from(tenants).where(eq(tenants.name, 'riverside'));
  const college = riverside.tenant_id;
  const learnersOf = async (tenantId: number, count: number) =>
    tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(and(eq(users.tenant_id, tenantId), eq(users.status, 'active'), sql`'learner' = any(${users.roles})`, ne(users.user_name, 'demo_learner')))
      .orderBy(asc(users.user_id))
      .limit(count);
  const [stayed, refused] = await learnersOf(academyId, 2);
  const [first, second, moved] = await learnersOf(college, 3);
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const application = (learner: { user_id: number }, from_tenant_id: number, to_tenant_id: number, daysAgo: number, status = 'pending') => ({
    user_id: learner.user_id,
    from_tenant_id,
    to_tenant_id,
    status,
    create_time: now - daysAgo * day,
    decided_at: status === 'pending' ? null : new Date(now - (daysAgo - 1) * day),
  });
  await tx.insert(tenantTransferApplications).values([
    application(stayed, academyId, college, 1),
    application(first, college, academyId, 2),
    application(second, college, academyId, 3),
    // Came from the academy, and was let go.
    application(moved, academyId, college, 9, 'approved'),
    application(refused, academyId, college, 6, 'rejected'),
  ]);
}

const givenNames = ['Amelia', 'Bo', 'Chen', 'Diego', 'Emma', 'Farah', 'Hiro', 'Ines', 'Jonas', 'Kaito', 'Lena', 'Mei', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq', 'Yuki'];
const familyNames = ['Wang', 'Suzuki', 'Garcia', 'Okafor', 'Novak', 'Li', 'Tanaka', 'Silva', 'Murphy', 'Khan'];

/** Learners named from the lists above (`amelia.wang`), each five days older than the one before: their enrolments spread over the year. */
function learners(count: number, offset: number, tenantId: number, password_hash: string) {
  const startedAt = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const n = index + offset;
    const given = givenNames[n % givenNames.length];
    const family = familyNames[Math.floor(n / givenNames.length) % familyNames.length];
    return {
      user_name: `${given}.${family}`.toLowerCase(),
      password_hash,
      real_name: `${given} ${family}`,
      nick_name: given.toLowerCase(),
      email: `${given}.${family}@example.com`.toLowerCase(),
      mobile: `1380000${String(1000 + n)}`,
      tenant_id: tenantId,
      roles: ['learner'],
      // Every ninth has been deactivated, so the list shows both states.
      status: n % 9 === 4 ? ('deactive' as const) : ('active' as const),
      create_time: startedAt - (n + 1) * 5 * 86_400_000,
    };
  });
}

/**
 * Enough users to page through (the demo academy's learners) and a second organisation with its
 * own administrator and a dozen learners, to see a tenant administrator's view stop at its tenant.
 * One password hash for all: hashing is deliberately slow.
 */
async function seedOrganisations(tx: Executor, password_hash: string, academyId: number) {
  const [college] = await tx
    .insert(tenants)
    .values({ name: 'riverside', display_name: 'Riverside College', description: 'A second organisation, with learners of its own' })
    .returning();
  await tx.insert(users).values([
    {
      user_name: 'riverside_admin',
      password_hash,
      real_name: 'Riverside College Administrator',
      tenant_id: college.tenant_id,
      roles: ['tenant_admin'],
      email: 'riverside-admin@example.com',
    },
    ...learners(12, 0, college.tenant_id, password_hash),
    ...learners(70, 12, academyId, password_hash),
  ]);
}

/** Ids by title or name, as the demo catalogue names its records. */
type IdsBy = Map<string, number>;

/** Courses in each of the ten demo subcategories: with the well-known one, 281 in all. */
const COURSES_PER_SUBCATEGORY = 28;

/**
 * The demo catalogue: a few hundred courses with covers, teachers, chapters and sections, in one
 * statement from one JSON parameter (one round trip instead of thousands of bound values), so the
 * first start stays quick. Course titles are unique in the catalogue: chapters find
 * their course's new id by it, sections their chapter's by course and place.
 */
async function seedCourses(tx: Executor, { categoryIds, videoIds, teacherIds }: { categoryIds: IdsBy; videoIds: number[]; teacherIds: IdsBy }) {
  // Sections play the two demo videos that have versions; the other two stay free to try deleting.
  const playable = videoIds.slice(0, 2);
  const catalogue = demoCatalogue({ perSubject: COURSES_PER_SUBCATEGORY, videos: playable.length, covers: demoFileKeys.courseCovers.length });
  const idOf = (ids: IdsBy, name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`demo catalogue: no demo record "${name}"`);
    return id;
  };
  const resourceOf = (resource: DemoSection['resource']) =>
    resource === 'pdf'
      ? { res_type: 'pdf', pdf: demoFileKeys.handoutPdf, video_id: null }
      : { res_type: 'video', pdf: '', video_id: resource === null ? null : playable[resource.video] };
  const rows = catalogue.map(({ category, teachers: names, cover, chapters: outline, ...course }) => ({
    ...course,
    category_id: idOf(categoryIds, category),
    teacher_ids: names.map((name) => idOf(teacherIds, name)),
    cover: demoFileKeys.courseCovers[cover],
    chapters: outline.map((chapter, index) => ({
      title: chapter.title,
      sort_order: index + 1,
      sections: chapter.sections.map((section, order) => ({
        title: section.title,
        preview_enabled: section.preview_enabled,
        sort_order: order + 1,
        ...resourceOf(section.resource),
      })),
    })),
  }));
  await tx.execute(sql`
    with catalogue as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as c(
        title text, category_id int, teacher_ids json, cover text, subtitle text, price numeric, original_price numeric,
        brief text, suit_crowds text, introduction text, chapters json)
    ), made_courses as (
      insert into ${courses} (title, category_id, teacher_ids, cover, subtitle, price, original_price, brief, suit_crowds, introduction, res_type)
      select title, category_id, array(select json_array_elements_text(teacher_ids)::int), cover, subtitle, price, original_price,
             brief, suit_crowds, introduction, 'video'
      from catalogue
      returning id, title
    ), outline as (
      select made_courses.id as course_id, chapter.*
      from made_courses
      join catalogue using (title)
      cross join json_to_recordset(catalogue.chapters) as chapter(title text, sort_order int, sections json)
    ), made_chapters as (
      insert into ${chapters} (course_id, parent_id, title, sort_order, res_type)
      select course_id, 0, title, sort_order, 'video' from outline
      returning id, course_id, sort_order
    )
    insert into ${chapters} (course_id, parent_id, title, preview_enabled, sort_order, res_type, pdf, video_id)
    select made_chapters.course_id, made_chapters.id, section.title, section.preview_enabled, section.sort_order, section.res_type, section.pdf, section.video_id
    from made_chapters
    join outline using (course_id, sort_order)
    cross join json_to_recordset(outline.sections) as section(title text, preview_enabled boolean, sort_order int, res_type text, pdf text, video_id int)`);
}

/**
 * Eight series of three to eight demo courses each, the first ones of one subcategory, five of them
 * published, created over the past weeks. 'Front-end engineer path' starts with the well-known course.
 */
async function seedSeries(tx: Executor, { categoryIds, teacherIds }: { categoryIds: IdsBy; teacherIds: IdsBy }) {
  const demo: { title: string; category: string; courses: number; published: boolean; price: number; original_price: number; teachers: string[]; features: string[] }[] = [
    { title: 'Front-end engineer path', category: 'Web development', courses: 6, published: true, price: 499, original_price: 799, teachers: ['Lin Qiao'], features: ['Six courses, one project', 'Code review by a mentor'] },
    { title: 'Mobile apps from zero', category: 'Mobile apps', courses: 5, published: true, price: 399, original_price: 599, teachers: [], features: ['iOS and Android', 'Publish your own app'] },
    { title: 'Data science bootcamp', category: 'Data science', courses: 8, published: true, price: 699, original_price: 999, teachers: ['Maria Alvarez'], features: ['Python, Pandas, scikit-learn', 'Real retail data'] },
    { title: 'Design fundamentals', category: 'UI design', courses: 4, published: true, price: 299, original_price: 0, teachers: ['佐藤 健'], features: ['Layout, colour, type', 'Weekly critiques'] },
    { title: 'Illustration studio', category: 'Illustration', courses: 3, published: false, price: 199, original_price: 249, teachers: [], features: ['Sketch to finished piece'] },
    { title: 'Marketing essentials', category: 'Marketing', courses: 5, published: false, price: 259, original_price: 359, teachers: [], features: ['Campaigns that can be measured'] },
    { title: 'Business English complete', category: 'English', courses: 7, published: true, price: 359, original_price: 459, teachers: [], features: ['Meetings, mail and calls', 'Listening practice every day'] },
    { title: 'Japanese for beginners', category: 'Japanese', courses: 4, published: false, price: 0, original_price: 0, teachers: [], features: ['Kana in two weeks', 'Free'] },
  ];
  for (const [index, one] of demo.entries()) {
    const categoryId = categoryIds.get(one.category)!;
    const [made] = await tx
      .insert(series)
      .values({
        title: one.title,
        category_id: categoryId,
        cover: demoFileKeys.courseCovers[index % demoFileKeys.courseCovers.length],
        teacher_ids: one.teachers.map((name) => teacherIds.get(name)!),
        subtitle: `${one.courses} courses in ${one.category}`,
        price: one.price,
        original_price: one.original_price,
        brief: `A guided path through ${one.category.toLowerCase()}, one course after another.`,
        suit_crowds: 'Beginners and those returning to the subject',
        introduction: `<p><strong>${one.title}</strong> brings ${one.courses} courses together in the order they are best taken.</p>`,
        features: one.features.join('\n'),
        available: one.published,
        created_at: sql`now() - ${(demo.length - index) * 4} * interval '1 day'`,
      })
      .returning({ id: series.id });
    // The subcategory's first courses, in the order they were made; the well-known course leads its series.
    await tx.execute(sql`
      insert into ${seriesCourses} (series_id, course_id, sort_order)
      select ${made.id}, id, row_number() over (order by lead desc, id)
      from (
        select id, title = ${WELL_KNOWN_COURSE} as lead from ${courses}
        where category_id = ${categoryId} order by lead desc, id limit ${one.courses}
      ) picked`);
  }
}

/** Banners in both demo groups: the home page's lead to courses or a page, the course page's to courses. */
async function seedCarousels(tx: Executor, [home, coursePage]: number[]) {
  const [wellKnown] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.title, WELL_KNOWN_COURSE));
  const [other] = await tx.select({ id: courses.id }).from(courses).where(sql`${courses.id} <> ${wellKnown.id}`).orderBy(courses.id).limit(1);
  const [cover1, cover2, cover3, cover4, cover5] = demoFileKeys.courseCovers;
  const banners = [
    { title: 'Learn React from first principles', description: 'The most popular course this month', carousel_group_id: home, target_id: wellKnown.id, image_link: cover1, image_background_color: '#1E3A5F' },
    { title: 'Autumn sale', description: 'Every series at a better price until the end of the month', carousel_group_id: home, image_link: cover2, image_background_color: '#F5A623', customized_link: 'https://example.com/autumn-sale' },
    { title: 'New courses every week', description: '', carousel_group_id: home, target_id: other.id, image_link: cover3, image_background_color: '#FFF' },
    { title: 'Start with a free preview', description: 'Many lessons can be watched before enrolling', carousel_group_id: coursePage, target_id: wellKnown.id, image_link: cover4, image_background_color: '#2D6A4F' },
    { title: 'Ask our teachers', description: 'Office hours every Friday', carousel_group_id: coursePage, image_link: cover5, customized_link: 'https://example.com/office-hours' },
  ];
  await tx.insert(carousels).values(banners.map((banner) => ({ target_type: 'course', ...banner })));
}

async function seedTeachers(tx: Executor): Promise<IdsBy> {
  const made = await tx.insert(teachers).values([
    {
      name: 'Lin Qiao',
      title: 'Senior front-end engineer',
      photo: demoFileKeys.teacherPhoto,
      introduction:
        '<p>Lin has built web applications for ten years, most recently design systems used by forty teams.</p><p>She teaches <strong>React</strong> and <strong>TypeScript</strong> from first principles.</p>',
    },
    {
      name: '佐藤 健',
      title: 'UX designer',
      photo: '',
      introduction: '<p>Ken designs mobile banking apps and runs workshops on user research.</p>',
    },
    {
      name: 'Maria Alvarez',
      title: 'Data scientist',
      photo: '',
      introduction: '<p>Maria works on forecasting at a retail chain and teaches statistics with Python.</p><ul><li>Pandas</li><li>scikit-learn</li></ul>',
    },
    ...moreDemoTeachers.map((teacher) => ({ ...teacher, photo: '' })),
  ]).returning({ id: teachers.id, name: teachers.name });
  return new Map(made.map((row) => [row.name as string, row.id as number]));
}

/**
 * Videos to try the version screens and playback with: one in every format, one in mp4 only, two
 * with none yet. Answers their ids, the playable ones first.
 */
async function seedVideos(tx: Executor): Promise<number[]> {
  const made = await tx
    .insert(videos)
    .values([
      { title: 'Welcome to the platform' },
      { title: 'Linear algebra: vectors and matrices' },
      { title: 'Business English: listening practice' },
      { title: 'Laboratory safety basics' },
    ])
    .returning({ id: videos.id });
  const [intro, algebra] = made;
  await tx.insert(videoVersions).values([
    ...demoVideoVersions.map((version) => ({ video_id: intro.id, ...version })),
    // The same demo file, so a second video plays too.
    { video_id: algebra.id, ...demoVideoVersions[0] },
  ]);
  return made.map((row) => row.id as number);
}

/** A believable course category tree, two levels. Answers the ids by title. */
async function seedCategories(tx: Executor): Promise<IdsBy> {
  const tree: [string, string[]][] = [
    ['Programming', ['Web development', 'Mobile apps', 'Data science']],
    ['Design', ['UI design', 'Illustration']],
    ['Business', ['Marketing', 'Management']],
    ['Languages', ['English', 'Japanese', 'Chinese']],
  ];
  const ids: IdsBy = new Map();
  for (const [index, [title, children]] of tree.entries()) {
    const [parent] = await tx.insert(categories).values({ title, parent_id: 0, sort_order: index + 1 }).returning();
    ids.set(title, parent.id as number);
    const made = await tx
      .insert(categories)
      .values(children.map((child, order) => ({ title: child, parent_id: parent.id as number, sort_order: order + 1 })))
      .returning({ id: categories.id, title: categories.title });
    for (const row of made) ids.set(row.title as string, row.id as number);
  }
  return ids;
}
