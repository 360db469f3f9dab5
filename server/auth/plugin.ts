import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { PRIVILEGES_HEADER, RENEWED_TOKEN_HEADER } from '../../schema/headers';
import { privilegesOf, type Privilege } from '../../schema/privileges';
import { Forbidden, Unauthorized } from '../errors';
import type { AuthContext, DeclaredRoute } from '../types';
import { resolveSession, type UserRow } from './sessions';

/** Privileges by role combination: roles never change while the server runs, so each is worked out once. */
const privilegeSets = new Map<string, ReadonlySet<Privilege>>();

/** The privileges a user with these roles holds, in the order privilegesOf gives them. */
export function privilegeSet(roles: readonly string[]): ReadonlySet<Privilege> {
  const key = JSON.stringify(roles);
  let privileges = privilegeSets.get(key);
  if (!privileges) {
    privileges = new Set(privilegesOf(roles));
    privilegeSets.set(key, privileges);
  }
  return privileges;
}

export function authContext(user: UserRow, sessionId: number): AuthContext {
  const privileges = privilegeSet(user.roles);
  const tenantLimit = user.roles.includes('admin') ? null : user.tenant_id;
  return { user, sessionId, privileges, tenantLimit };
}

/** The privileges of whoever signed in (see privilegeSet), as the x-privileges header the console stores. */
export const sendPrivileges = (reply: FastifyReply, privileges: ReadonlySet<Privilege>) =>
  reply.header(PRIVILEGES_HEADER, JSON.stringify([...privileges]));

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Every route declares who may call it (`config.access`); this checks it before the body is even
 * read, so a caller without a session learns nothing about the route's input rules.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access: route.config?.access });
    const internal = route.url.startsWith('/api/docs');
    if (!internal && /^\/(api|uc)\//.test(route.url) && !route.config?.access)
      throw new Error(`${route.method} ${route.url} does not declare config.access`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new Unauthorized();
    const session = await resolveSession(app.db, token, { ttlMs: app.appConfig.sessionTtlMs }, app.sessionCache);
    if (!session) throw new Unauthorized();
    if (session.renewedToken) reply.header(RENEWED_TOKEN_HEADER, session.renewedToken);
    const auth = authContext(session.user, session.sessionId);
    request.auth = auth;
    if (access === 'session') return;
    const required = typeof access === 'string' ? [access] : access;
    if (!required.some((privilege) => auth.privileges.has(privilege))) throw new Forbidden();
  });
});
