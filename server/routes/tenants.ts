import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, idParams, success } from '../../schema/envelope';
import { publicTenant, tenant, tenantCreateBody } from '../../schema/tenant';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { tenants, users } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { entityRoutes, entityStore } from './entityRoutes';
import { createAccount } from './users';

type Row = Record<string, unknown>;

const store = entityStore(tenant, tenants);

/** Organisations (`/uc/v1/tenants`): operators only, by privilege; the registration page's public view. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const tags = [tenant.resource];

  await app.register(
    entityRoutes(store, {
      only: ['list', 'read', 'update', 'delete'],
      beforeDelete: async (tx, id) => {
        const [{ members }] = await tx.select({ members: sql<number>`count(*)::int` }).from(users).where(eq(users.tenant_id, id));
        if (members === 0) return;
        const [found] = await tx.select({ display_name: tenants.display_name }).from(tenants).where(eq(tenants.tenant_id, id));
        throw new Conflict('app.error.tenant_has_users', { name: found.display_name, smart_count: members });
      },
    }),
  );

  app.post(tenant.api, {
    config: { access: tenant.privileges.write, resource: tenant.resource },
    schema: {
      tags,
      summary: 'Create a tenant and its administrator, together or not at all',
      description:
        'Makes the tenant and a `tenant_admin` account named `admin_user_name` in one transaction: a taken code answers 409 ' +
        'under `name`, a taken administrator name 409 under `admin_user_name`, and neither leaves anything behind. ' +
        '`admin_password` is write-only: stored as a hash, never answered.',
      body: tenantCreateBody,
      response: { 200: success(tenant.record as unknown as z.ZodType<Row>), ...failures },
    },
    handler: async (request) => {
      const { admin_user_name, admin_password, ...fields } = request.body;
      const password_hash = await hashPassword(admin_password);
      const created = await db.transaction(async (tx) => {
        const made = await store.create(tx, fields);
        await createAccount(tx, { user_name: admin_user_name, tenant_id: made.tenant_id as number, roles: ['tenant_admin'], password_hash }, 'admin_user_name');
        return made;
      });
      return { success: true as const, data: created };
    },
  });

  app.get(`${tenant.api}/:id/public`, {
    config: { access: 'public', resource: tenant.resource },
    schema: {
      tags,
      summary: "A tenant's name, for the public registration page",
      description: 'Public: answers only `tenant_id` and `display_name`; 404 for an unknown tenant.',
      params: idParams,
      response: { 200: success(publicTenant), ...failures },
    },
    handler: async (request) => {
      const [found] = await db
        .select({ tenant_id: tenants.tenant_id, display_name: tenants.display_name })
        .from(tenants)
        .where(eq(tenants.tenant_id, request.params.id));
      if (!found) throw new NotFound();
      return { success: true as const, data: found };
    },
  });
};
