import { eq, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Database, Executor } from './client';
import { demoCatalogue, moreDemoTeachers, type DemoSection } from './demoCourses';
import { demoFileKeys, demoVideoVersions } from './demoFiles';
import { appMeta, carouselGroups, categories, chapters, courses, teachers, tenants, users, videos, videoVersions } from './schema';

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
    { user_name: 'demo_learner', password_hash, real_name: 'Demo Learner', nick_name: 'learner', tenant_id: academy.tenant_id, roles: ['learner'] },
  ]);
  await tx.insert(carouselGroups).values([
    { ucode: 'home', name: 'Home page', description: 'Banners at the top of the home page' },
    { ucode: 'course', name: 'Course page', description: 'Banners beside the course list' },
  ]);
  const categoryIds = await seedCategories(tx);
  const videoIds = await seedVideos(tx);
  const teacherIds = await seedTeachers(tx);
  await seedCourses(tx, { categoryIds, videoIds, teacherIds });
}

/** Ids by title or name, as the demo catalogue names its records. */
type IdsBy = Map<string, number>;

/** Courses in each of the ten demo subcategories: with the well-known one, 281 in all. */
const COURSES_PER_SUBCATEGORY = 28;

/**
 * The demo catalogue: a few hundred courses with covers, teachers, chapters and sections, in one
 * statement from one JSON parameter (PGlite takes that several times faster than thousands of bound
 * values), so the first start stays quick. Course titles are unique in the catalogue: chapters find
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
