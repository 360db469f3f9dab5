import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, success } from '../../schema/envelope';
import type { Role } from '../../schema/privileges';
import { registrationBody, user, userCreateBody, userStatusParams, type UserStatus } from '../../schema/user';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { tenantListScope, tenantScope } from '../auth/tenantScope';
import { assertNotThrottled, recordAttempt } from '../auth/throttle';
import type { Database, Executor } from '../db/client';
import { tenants, users } from '../db/schema';
import { BadRequest, Conflict, Forbidden, NotFound, valueTaken } from '../errors';
import { caller } from '../types';
import { entityRoutes, entityStore } from './entityRoutes';

type Row = Record<string, unknown>;

export const userStore = entityStore(user, users, {
  countedBy: [[], ['tenant_id'], ['status'], ['tenant_id', 'status']],
  // Deep pages in creation order start from their day (migration 0023).
  timeBlocks: { column: 'create_time' },
});

/** A tenant administrator sees and changes its own tenant's users only; an operator, everyone. */
const scope = (request: FastifyRequest) => tenantScope(request, users.tenant_id);

const isPlatformAdmin = (request: FastifyRequest) => caller(request).user.roles.includes('admin');

/** A name already taken (whatever the case), reported under the field that chose it. */
/** An administrator belongs to no tenant; an organisation's administrator and a learner belong to one. */
function checkTenantForRoles(roles: readonly string[], tenantId: number | null) {
  const platform = roles.includes('admin');
  if (platform && tenantId !== null) throw new BadRequest('app.error.invalid_input', {}, { tenant_id: { key: 'app.validation.admin_no_tenant' } });
  if (!platform && tenantId === null) throw new BadRequest('app.error.invalid_input', {}, { tenant_id: { key: 'ra.validation.required' } });
}

export interface NewAccount extends Row {
  user_name: string;
  tenant_id: number | null;
  roles: Role[];
  password_hash: string;
}

/**
 * Makes an account in the caller's transaction (hash the password before it: hashing is slow). A
 * name taken whatever the case answers 409 under `field` (`admin_user_name` on a tenant's create).
 */
export async function createAccount(tx: Executor, account: NewAccount, field = 'user_name') {
  const { password_hash, roles, ...fields } = account;
  const [taken] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(eq(sql`lower(${users.user_name})`, fields.user_name.toLowerCase()));
  if (taken) throw valueTaken(field, fields.user_name);
  try {
    return await userStore.create(tx, fields, { password_hash, roles });
  } catch (error) {
    // Two creates racing for one name: the unique index decides, and the field is still named.
    const cause = (error as { cause?: { constraint?: string } }).cause;
    if (cause?.constraint === 'users_user_name_unique') throw valueTaken(field, fields.user_name);
    throw error;
  }
}

/** Users (`/uc/v1/system/users`, `/uc/v1/users`), self-registration, activation and deactivation. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const tags = [user.resource];
  const throttle = app.appConfig.signInThrottle;
  const record = user.record as unknown as z.ZodType<Row>;

  await app.register(
    entityRoutes(userStore, {
      only: ['list', 'read', 'update', 'delete'],
      scope,
      listScope: (request) => tenantListScope(request, users.tenant_id),
      beforeUpdate: async (tx, id, body, request) => {
        // Roles, tenant, names: a signed-in user's next call sees them (server/auth/sessionCache.ts).
        app.sessionCache.dropUsers([id]);
        if (body.tenant_id === undefined) return {};
        if (!isPlatformAdmin(request)) throw new Forbidden();
        const [stored] = await tx.select({ roles: users.roles }).from(users).where(eq(users.user_id, id));
        if (stored) checkTenantForRoles(stored.roles, body.tenant_id as number | null);
        return {};
      },
      beforeDelete: async (_tx, id, request) => {
        if (id === caller(request).user.user_id) throw new Conflict('app.error.delete_self');
        app.sessionCache.dropUsers([id]);
      },
    }),
  );

  app.post(user.api, {
    config: { access: user.privileges.write, resource: user.resource },
    schema: {
      tags,
      summary: 'Make an account with a role',
      description:
        'An administrator (`admin`) belongs to no tenant; `tenant_admin` and `learner` need `tenant_id`. ' +
        'Only a platform administrator may make administrators. The password is write-only: never answered.',
      body: userCreateBody,
      response: { 200: success(record), ...failures },
    },
    handler: async (request) => {
      const { password, role, ...fields } = request.body;
      // A single reference: one id or none.
      const tenantId = fields.tenant_id as number | null;
      // Anyone but an operator makes learners of the own tenant, nothing else.
      if (!isPlatformAdmin(request) && (role !== 'learner' || tenantId !== caller(request).tenantLimit)) throw new Forbidden();
      checkTenantForRoles([role], tenantId);
      const password_hash = await hashPassword(password);
      const created = await db.transaction((tx) => createAccount(tx, { ...fields, tenant_id: tenantId, password_hash, roles: [role] }));
      return { success: true as const, data: created };
    },
  });

  app.post(`${user.api}/register`, {
    config: { access: 'public', resource: user.resource },
    schema: {
      tags,
      summary: 'Register as a learner of the organisation a registration link names',
      description:
        'Public. An unknown tenant answers 400 under `tenant_id`; a taken name 409 under `user_name`. ' +
        'Attempts are counted per address like sign-ins: past the limit, 429 with Retry-After.',
      body: registrationBody,
      response: { 200: success(record), ...failures },
    },
    handler: async (request) => {
      const keys = [{ key: `register:${request.ip}`, limit: throttle.perAddress }];
      await assertNotThrottled(db, throttle.windowMs, keys);
      await recordAttempt(db, throttle.windowMs, keys);
      const { password, ...fields } = request.body;
      const [tenant] = await db.select({ id: tenants.tenant_id }).from(tenants).where(eq(tenants.tenant_id, fields.tenant_id));
      if (!tenant) throw new BadRequest('app.error.unknown_tenant', {}, { tenant_id: { key: 'app.error.unknown_tenant' } });
      const password_hash = await hashPassword(password);
      const created = await db.transaction((tx) => createAccount(tx, { ...fields, password_hash, roles: ['learner'] }));
      return { success: true as const, data: created };
    },
  });

  const transitions: { action: string; status: UserStatus; summary: string }[] = [
    { action: 'active', status: 'active', summary: 'Activate a user: it may sign in again' },
    { action: 'deactive', status: 'deactive', summary: 'Deactivate a user: its sessions end at once and it cannot sign in' },
  ];
  for (const { action, status, summary } of transitions) {
    app.put(`/uc/v1/tenant/:tenantId/users/:userId/${action}`, {
      config: { access: 'user:status', resource: user.resource },
      schema: {
        tags,
        summary,
        description:
          'The user must belong to the tenant the address names (404 otherwise); a tenant administrator reaches its own ' +
          "tenant's users only (403). Nobody deactivates the own account (409). Setting the state it has already is a no-op.",
        params: userStatusParams,
        response: { 200: success(record), ...failures },
      },
      handler: async (request) => {
        const { tenantId, userId } = request.params;
        if (status === 'deactive' && userId === caller(request).user.user_id) throw new Conflict('app.error.deactivate_self');
        const updated = await db.transaction(async (tx) => {
          const stored = await userStore.read(tx, userId, scope(request));
          if (stored.tenant_id !== tenantId) throw new NotFound();
          const changed = await userStore.update(tx, userId, { status }, scope(request));
          if (status === 'deactive') await revokeUserSessions(tx, app.sessionCache, userId);
          return changed;
        });
        return { success: true as const, data: updated };
      },
    });
  }
};
