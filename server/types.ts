import type { Privilege } from '../schema/privileges';
import type { UserRow } from './auth/sessions';
import type { SessionCache } from './auth/sessionCache';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';

/** Who may call a route: anyone, any signed-in user, holders of one privilege, or of any of a list. */
export type Access = 'public' | 'session' | Privilege | readonly Privilege[];

export interface AuthContext {
  user: UserRow;
  sessionId: number;
  privileges: ReadonlySet<Privilege>;
  /** A tenant administrator sees only this tenant's records; null for platform operators. */
  tenantLimit: number | null;
}

/** A route as it was registered, with who may call it; the access matrix test calls each one as every role. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    appConfig: AppConfig;
    /** The mail outbox and its delivery loop (server/mail/mailer.ts). */
    mailer: Mailer;
    /**
     * Resolved sessions (auth/sessionCache.ts). Whatever changes a user or session in this process
     * calls its drop* before answering; the database's triggers tell the other processes.
     */
    sessionCache: SessionCache;
    /** Every route registered after the access check, in order (HEAD twins of GET routes included). */
    declaredRoutes: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The console resource a route serves: its field labels name the fields in messages. */
    resource?: string;
  }
}

/** The signed-in caller of a route that required a session. */
export function caller(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route reached without a session: its access is not declared');
  return request.auth;
}
