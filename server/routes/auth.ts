import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordChangeBody, signInAnswer, signInBody, userInfo, type UserInfo } from '../../schema/auth';
import { failures, success } from '../../schema/envelope';
import { hasConsoleRole, type Role } from '../../schema/privileges';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../auth/passwords';
import { recordSignEvent } from '../auditTrail';
import { privilegeSet, sendPrivileges } from '../auth/plugin';
import { clientOf, createSession, revokeOtherSessions, revokeSession, type UserRow } from '../auth/sessions';
import { assertNotThrottled, clearAttempts, recordAttempt, signInKeys } from '../auth/throttle';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { ApiError, BadRequest, Forbidden } from '../errors';
import { caller } from '../types';

export function toUserInfo(user: UserRow): UserInfo {
  return {
    user_id: user.user_id,
    user_name: user.user_name,
    real_name: user.real_name,
    nick_name: user.nick_name,
    email: user.email,
    mobile: user.mobile,
    tenant_id: user.tenant_id,
    roles: user.roles as Role[],
  };
}

type SignInBody = z.infer<typeof signInBody>;

/** A new session for a user, remembering the browser and address it was opened from. */
export function openSession(app: FastifyInstance, request: FastifyRequest, userId: number, db: Executor = app.db) {
  return createSession(db, userId, { ttlMs: app.appConfig.sessionTtlMs }, clientOf(request));
}

/** Why a user whose password matched may not sign in here (deactivated; a learner at the console), if so. */
function signInRefusal(user: UserRow, audience: 'console' | 'platform'): ApiError | undefined {
  if (user.status !== 'active') return new Forbidden('app.error.account_disabled');
  if (audience === 'console' && !hasConsoleRole(user.roles)) return new Forbidden('app.error.no_permission');
  return undefined;
}

/** The console's sign-in, sign-out, the caller's profile and password change. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const throttle = app.appConfig.signInThrottle;

  /** Checks a name and password (slowly failing on repeats) and opens a session. */
  async function signIn(request: FastifyRequest<{ Body: SignInBody }>, reply: FastifyReply, audience: 'console' | 'platform') {
    const { login_name, password } = request.body;
    const keys = signInKeys(throttle, request.ip, login_name);
    await assertNotThrottled(db, throttle.windowMs, keys);
    const [user] = await db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.user_name})`, login_name.toLowerCase()), and(eq(users.email, login_name), sql`${users.email} <> ''`)))
      .limit(1);
    const passwordMatches = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDecoy(password);
    const refused = !user || !passwordMatches ? new ApiError(400, 'app.error.sign_in_failed') : signInRefusal(user, audience);
    if (refused) {
      // The account's own name when there is one, else the name as typed.
      const who = user ? { user_id: user.user_id, user_name: user.user_name, tenant_id: user.tenant_id } : { user_id: null, user_name: login_name, tenant_id: null };
      await db.transaction(async (tx) => {
        if (!user || !passwordMatches) await recordAttempt(tx, throttle.windowMs, keys);
        await recordSignEvent(tx, request, 'sign_in_failed', who);
      });
      throw refused;
    }
    await clearAttempts(db, keys.slice(1));
    const token = await db.transaction(async (tx) => {
      await recordSignEvent(tx, request, 'sign_in', user);
      return openSession(app, request, user.user_id, tx);
    });
    sendPrivileges(reply, privilegeSet(user.roles));
    return { success: true as const, data: { token, user_info: toUserInfo(user) } };
  }

  /** The two sign-ins differ only in where they are, how they are documented and who may pass. */
  const signIns: { url: string; audience: 'console' | 'platform'; summary: string; description?: string }[] = [
    {
      url: '/api/v1/sys/auth',
      audience: 'console',
      summary: 'Sign in to the console with a login name (user name or email) and password',
      description:
        'Answers the session token and who signed in; the privileges come in the x-privileges header. ' +
        'A wrong name or password answers 400; a learner 403; repeated failures answer 429 with Retry-After.',
    },
    {
      url: '/api/v1/auth',
      audience: 'platform',
      summary: 'Sign in to the platform (the mini-program, the QR confirm page): any active user, learners too',
    },
  ];
  for (const { url, audience, summary, description } of signIns) {
    app.post(url, {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary,
        ...(description !== undefined && { description }),
        body: signInBody,
        response: { 200: success(signInAnswer), ...failures },
      },
      handler: (request, reply) => signIn(request, reply, audience),
    });
  }

  app.delete('/api/v1/sys/auth', {
    config: { access: 'session' },
    schema: {
      tags: ['auth'],
      summary: 'Sign out: the calling session stops working at once',
      response: { 200: success(z.null()), 401: failures[401] },
    },
    handler: async (request) => {
      const { user, sessionId } = caller(request);
      await db.transaction(async (tx) => {
        await revokeSession(tx, app.sessionCache, sessionId);
        await recordSignEvent(tx, request, 'sign_out', user);
      });
      return { success: true as const, data: null };
    },
  });

  app.get('/api/v1/user/profile', {
    config: { access: 'session' },
    schema: {
      tags: ['auth'],
      summary: 'Who is signed in, with roles; privileges in the x-privileges header',
      response: { 200: success(userInfo), 401: failures[401] },
    },
    handler: async (request, reply) => {
      const { user, privileges } = caller(request);
      sendPrivileges(reply, privileges);
      return { success: true as const, data: toUserInfo(user) };
    },
  });

  app.put('/uc/v1/users/actions/update_password', {
    config: { access: 'session' },
    schema: {
      tags: ['auth'],
      summary: "Change the caller's password; the caller's other sessions are signed out",
      body: passwordChangeBody,
      response: { 200: success(z.null()), ...failures },
    },
    handler: async (request) => {
      const { user, sessionId } = caller(request);
      const { raw_password, new_password } = request.body;
      // A stolen session must not be a way to guess the password at full speed.
      const keys = [{ key: `password:${user.user_id}`, limit: throttle.perName }];
      await assertNotThrottled(db, throttle.windowMs, keys);
      if (!(await verifyPassword(raw_password, user.password_hash))) {
        await recordAttempt(db, throttle.windowMs, keys);
        throw new BadRequest('app.error.password_wrong', {}, { raw_password: { key: 'app.error.password_wrong' } });
      }
      await clearAttempts(db, keys);
      const password_hash = await hashPassword(new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash }).where(eq(users.user_id, user.user_id));
        await revokeOtherSessions(tx, app.sessionCache, user.user_id, sessionId);
      });
      return { success: true as const, data: null };
    },
  });
};
