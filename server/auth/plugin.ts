import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { PRIVILEGES_HEADER, RENEWED_TOKEN_HEADER, SESSION_RENEWAL_HEADER } from '../../schema/headers';
import { privilegesOf, type Privilege } from '../../schema/privileges';
import { Forbidden, Unauthorized } from '../errors';
import type { Access, AuthContext, DeclaredRoute } from '../types';
import type { CachedSession } from './sessionCache';
import { cachedSession, hashToken, resolveSession, type UserRow } from './sessions';

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

/** A cached session's context, worked out once: the cache hands back the same entry until the session or its user changes. */
const cachedContexts = new WeakMap<CachedSession, AuthContext>();
function cachedContext(session: CachedSession): AuthContext {
  let auth = cachedContexts.get(session);
  if (!auth) cachedContexts.set(session, (auth = authContext(session.user, session.sessionId)));
  return auth;
}

/** The caller on the request; a Forbidden when the route asks for a privilege the caller lacks. */
function admit(request: FastifyRequest, access: Exclude<Access, 'public'>, auth: AuthContext): Forbidden | undefined {
  request.auth = auth;
  if (access === 'session') return undefined;
  const required = typeof access === 'string' ? [access] : access;
  return required.some((privilege) => auth.privileges.has(privilege)) ? undefined : new Forbidden();
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

  const renewing = { ttlMs: app.appConfig.sessionTtlMs };
  const keeping = { ...renewing, renews: false };
  /** The check of one route's rule: a caller with a live session (`session`) and, when named, one of its privileges. */
  const admitCaller =
    (access: Exclude<Access, 'public'>): onRequestHookHandler =>
    (request, reply, done) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return done(new Unauthorized());
      const tokenHash = hashToken(token);
      const policy = request.headers[SESSION_RENEWAL_HEADER] === 'off' ? keeping : renewing;
      // Most calls: a cached session, not due for renewal, answered synchronously (an async hook and
      // its look-up's promises cost a list call about 10 µs, bench/HISTORY.md, "The handler's hooks made synchronous").
      const cached = cachedSession(tokenHash, policy, app.sessionCache);
      if (cached) return done(admit(request, access, cachedContext(cached)));
      resolveSession(app.db, tokenHash, policy, app.sessionCache).then((session) => {
        if (!session) return done(new Unauthorized());
        if (session.renewedToken) reply.header(RENEWED_TOKEN_HEADER, session.renewedToken);
        done(admit(request, access, authContext(session.user, session.sessionId)));
      }, done);
    };

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access });
    const internal = route.url.startsWith('/api/docs');
    if (!internal && /^\/(api|uc)\//.test(route.url) && !access) throw new Error(`${route.method} ${route.url} does not declare config.access`);
    // The route's own hook, its rule read here once rather than from the route's options on every call.
    if (access && access !== 'public') route.onRequest = [...[route.onRequest ?? []].flat(), admitCaller(access)];
  });
});
