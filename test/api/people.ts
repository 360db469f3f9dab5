import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/passwords';
import { tenants, users } from '../../server/db/schema';
import type { Role } from '../../schema/privileges';
import { client, signIn } from './client';
import { DEMO_PASSWORD, type TestServer } from './server';

/**
 * Organisations and people a test needs, written straight to its database: the tenant and user
 * calls belong to another part of the API, and these tests are about what such people may do.
 * Everyone signs in with the demo password.
 */
export function people(server: TestServer) {
  const { db } = server.database;
  let passwordHash: Promise<string> | undefined;

  return {
    async tenant(name: string, display_name = `${name} organisation`) {
      const [row] = await db.insert(tenants).values({ name, display_name }).returning({ tenant_id: tenants.tenant_id });
      return row.tenant_id;
    },

    async removeTenant(tenantId: number) {
      await db.delete(tenants).where(eq(tenants.tenant_id, tenantId));
    },

    /** A user of a tenant with these roles, signed in: through the platform sign-in for a learner, the console's otherwise. */
    async user(user_name: string, tenant_id: number | null, roles: Role[]) {
      passwordHash ??= hashPassword(DEMO_PASSWORD);
      const [row] = await db
        .insert(users)
        .values({ user_name, tenant_id, roles, password_hash: await passwordHash })
        .returning({ user_id: users.user_id });
      const token = await signIn(server.url, user_name, DEMO_PASSWORD, { platform: roles.includes('learner') });
      return { user_id: row.user_id, user_name, tenant_id, api: client(server.url, token) };
    },

    async tenantOf(userId: number) {
      const [row] = await db.select({ tenant_id: users.tenant_id }).from(users).where(eq(users.user_id, userId));
      return row.tenant_id;
    },

    async moveUser(userId: number, tenantId: number) {
      await db.update(users).set({ tenant_id: tenantId }).where(eq(users.user_id, userId));
    },
  };
}
