import { eq, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Database, Executor } from './client';
import { appMeta, carouselGroups, categories, tenants, users } from './schema';

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
  await seedCategories(tx);
}

/** A believable course category tree; "Languages" has no subcategory yet. */
async function seedCategories(tx: Executor) {
  const tree: [string, string[]][] = [
    ['Programming', ['Web development', 'Mobile apps', 'Data science']],
    ['Design', ['UI design', 'Illustration']],
    ['Business', ['Marketing', 'Management']],
    ['Languages', []],
  ];
  for (const [index, [title, children]] of tree.entries()) {
    const [parent] = await tx.insert(categories).values({ title, parent_id: 0, sort_order: index + 1 }).returning();
    if (children.length > 0)
      await tx.insert(categories).values(children.map((child, order) => ({ title: child, parent_id: parent.id as number, sort_order: order + 1 })));
  }
}
