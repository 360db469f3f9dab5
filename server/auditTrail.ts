import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from './db/client';
import { auditLogs } from './db/schema';

/**
 * Who is acting, as the database's audit trigger reads it from the transaction-local setting
 * `app.actor` (migration 0017): nobody (null) for an anonymous call, a registration say.
 */
export interface Actor {
  user_id: number | null;
  user_name: string;
  ip: string;
}

/** The actor of the request being served: every transaction begun within it carries it (see `actorSetting`). */
const currentActor = new AsyncLocalStorage<Actor>();

/**
 * The statement that hands the request's actor to a transaction, sent with its `begin` in the same
 * round trip (server/db/client.ts): so every write of every route, handler or cascade is recorded
 * with who made it, in its own transaction. Undefined outside a request (the seed, housekeeping).
 */
export function actorSetting(escapeLiteral: (text: string) => string): string | undefined {
  const actor = currentActor.getStore();
  return actor && `select set_config('app.actor', ${escapeLiteral(JSON.stringify(actor))}, true)`;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  user_id: request.auth?.user.user_id ?? null,
  user_name: request.auth?.user.user_name ?? '',
  ip: request.ip,
});

/**
 * Every handler runs with its caller as the actor. preHandler comes after the session is resolved
 * and the body parsed; the handler is called from within this hook's `done`, so it and everything it
 * awaits see the store.
 */
export const auditTrailPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    currentActor.run(actorOf(request), done);
  });
});

/**
 * A trail row's search text, who acted and the record's title lower-cased by the database, for the
 * writers outside the audit trigger, which builds the same text (migration 0042).
 */
export const auditSearchText = (userName: SQLWrapper | string, title: SQLWrapper | string) =>
  sql`lower(${userName}::text || chr(10) || ${title}::text)`;

type SignEvent = 'sign_in' | 'sign_in_failed' | 'sign_out';

/**
 * A sign-in, a refused sign-in or a sign-out, in the transaction of what it does (the session
 * opened or closed, the failure counted): `user_name` is the account's name, or the name typed for
 * a refusal of an unknown one. The organisation is the account's, so its administrator reads it.
 */
export async function recordSignEvent(
  db: Executor,
  request: FastifyRequest,
  action: SignEvent,
  who: { user_id: number | null; user_name: string; tenant_id: number | null },
) {
  await db.insert(auditLogs).values({
    user_id: who.user_id,
    user: who.user_name,
    ip: request.ip,
    tenant_id: who.tenant_id,
    entity: 'session',
    record_id: who.user_id,
    title: who.user_name,
    action,
    search_folded: auditSearchText(who.user_name, who.user_name),
  });
}
