import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failures, idParams, success } from '../../schema/envelope';
import { applyBody, transferApplication, transferApplicationRecord, type ApplicationStatus } from '../../schema/transferApplication';
import { tenantListScope, tenantScope } from '../auth/tenantScope';
import type { Database, Executor } from '../db/client';
import { tenants, tenantTransferApplications as applications, users } from '../db/schema';
import { BadRequest, Conflict, Forbidden, NotFound } from '../errors';
import { caller } from '../types';
import { entityRoutes, entityStore } from './entityRoutes';

type Row = Record<string, unknown>;

// Spelt out: drizzle leaves columns unqualified in a one-table select, which would turn the outer
// application's `user_id` into the user's own.
const learnerName = sql<string>`(select users.user_name from users where users.user_id = tenant_transfer_applications.user_id)`;

// The keyword search reads the learner's name as the application keeps it (its search column, migration
// 0035); its totals, the whole list's and each status's, are counted, and deep pages start from their day.
const store = entityStore(transferApplication, applications, {
  computed: { user_name: learnerName },
  countedBy: [[], ['status']],
  timeBlocks: { column: 'create_time' },
});

/** A tenant administrator sees and decides the applications from or to the own tenant. */
const scope = (request: FastifyRequest) => tenantScope(request, applications.from_tenant_id, applications.to_tenant_id);

const answer = success(transferApplicationRecord) as unknown as z.ZodType<{ success: true; data: Row }>;
const messages = 'resources.user_audit.errors';

/** The learner's current organisation, read under a lock: their applications and a move of them take turns. */
async function lockLearner(tx: Executor, userId: number) {
  const [learner] = await tx.select({ tenant_id: users.tenant_id }).from(users).where(eq(users.user_id, userId)).for('update');
  if (!learner) throw new NotFound();
  return learner;
}

interface Decided {
  user_id: number;
  from_tenant_id: number | null;
  to_tenant_id: number;
  status: ApplicationStatus;
}

/**
 * Decides a pending application once. Approval moves the learner in the same transaction: if the
 * move cannot be made (the target organisation is gone, the learner has already left the one they
 * applied from), the decision is undone with it. The application's row lock makes a concurrent
 * approve and reject take turns: the second finds it decided.
 *
 * The learner is locked before the application, the order every change to a learner takes (a
 * rename rewrites the learner's applications by trigger, a deletion removes them), so the two wait
 * for each other in turn instead of deadlocking.
 */
async function decide(tx: Executor, request: FastifyRequest, id: number, decision: Exclude<ApplicationStatus, 'pending'>) {
  const [applicant] = (await tx
    .select({ user_id: applications.user_id, inScope: scope(request) ?? sql<boolean>`true` })
    .from(applications)
    .where(eq(applications.tenant_transfer_application_id, id))) as { user_id: number; inScope: boolean }[];
  if (!applicant) throw new NotFound();
  if (!applicant.inScope) throw new Forbidden();
  await lockLearner(tx, applicant.user_id);
  const [application] = (await tx
    .select({
      user_id: applications.user_id,
      from_tenant_id: applications.from_tenant_id,
      to_tenant_id: applications.to_tenant_id,
      status: applications.status,
    })
    .from(applications)
    .where(eq(applications.tenant_transfer_application_id, id))
    .for('update')) as Decided[];
  // Gone with its learner while this waited for them.
  if (!application) throw new NotFound();
  if (application.status !== 'pending') throw new Conflict(`${messages}.already_${application.status}`);

  await tx
    .update(applications)
    .set({ status: decision, decided_at: sql`now()`, decided_by: caller(request).user.user_id, updated_at: sql`now()` })
    .where(eq(applications.tenant_transfer_application_id, id));
  if (decision === 'approved') {
    // Shared lock: the organisation cannot be deleted before the learner is in it.
    const [target] = await tx.select({ tenant_id: tenants.tenant_id }).from(tenants).where(eq(tenants.tenant_id, application.to_tenant_id)).for('share');
    if (!target) throw new Conflict(`${messages}.target_gone`);
    const from = application.from_tenant_id;
    // The learner's next call, through a cached session too, is in the new organisation.
    request.server.sessionCache.dropUsers([application.user_id]);
    const moved = await tx
      .update(users)
      .set({ tenant_id: application.to_tenant_id })
      .where(and(eq(users.user_id, application.user_id), from === null ? isNull(users.tenant_id) : eq(users.tenant_id, from)))
      .returning({ user_id: users.user_id });
    if (moved.length === 0) throw new Conflict(`${messages}.learner_moved`);
  }
  return store.read(tx, id);
}

/** Transfer applications (SPEC.md's /user_audit and "Applications (uc)"). */
export const transferApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const tags = [transferApplication.resource];
  const resource = transferApplication.resource;

  await app.register(
    entityRoutes(store, {
      only: ['list', 'read'],
      scope,
      // The list's statement prepared once, the tenant bound per request (rather than built anew for each).
      listScope: (request) => tenantListScope(request, applications.from_tenant_id, applications.to_tenant_id),
      record: transferApplicationRecord,
    }),
  );

  app.post(transferApplication.api, {
    // Any session reaches the handler, which lets learners alone apply.
    config: { access: 'session', resource },
    schema: {
      tags,
      summary: 'Apply, as a signed-in learner, to move to another organisation',
      description: 'One pending application per learner (409 for a second); the organisation must exist and not be the own one (400).',
      body: applyBody,
      response: { 200: answer, ...failures },
    },
    handler: async (request) => {
      const { user } = caller(request);
      if (!user.roles.includes('learner')) throw new Forbidden(`${messages}.learners_only`);
      const { to_tenant_id } = request.body;
      const created = await db.transaction(async (tx) => {
        const learner = await lockLearner(tx, user.user_id);
        const [target] = await tx.select({ tenant_id: tenants.tenant_id }).from(tenants).where(eq(tenants.tenant_id, to_tenant_id));
        if (!target) throw new BadRequest('app.error.invalid_input', {}, { to_tenant_id: { key: 'app.validation.reference_missing' } });
        if (learner.tenant_id === to_tenant_id) throw new BadRequest('app.error.invalid_input', {}, { to_tenant_id: { key: `${messages}.own_tenant` } });
        const [waiting] = await tx
          .select({ id: applications.tenant_transfer_application_id })
          .from(applications)
          .where(and(eq(applications.user_id, user.user_id), eq(applications.status, 'pending')));
        if (waiting) throw new Conflict(`${messages}.pending_exists`);
        const [row] = await tx
          .insert(applications)
          .values({
            user_id: user.user_id,
            from_tenant_id: learner.tenant_id,
            to_tenant_id,
            status: 'pending',
          })
          .returning({ id: applications.tenant_transfer_application_id });
        return store.read(tx, row.id as number);
      });
      return { success: true as const, data: created };
    },
  });

  for (const decision of ['approved', 'rejected'] as const) {
    const verb = decision === 'approved' ? 'approve' : 'reject';
    app.put(`${transferApplication.api}/:id/${verb}`, {
      config: { access: transferApplication.privileges.write, resource },
      schema: {
        tags,
        summary: decision === 'approved' ? 'Approve an application: the learner moves to the target organisation' : 'Reject an application',
        description: 'An application is decided once: a decided one answers 409. Another organisation\'s application answers 403.',
        params: idParams,
        response: { 200: answer, ...failures },
      },
      handler: async (request) => ({
        success: true as const,
        data: await db.transaction((tx) => decide(tx, request, request.params.id, decision)),
      }),
    });
  }
};
