import type { Privilege } from '../schema/privileges';
import type { UserRow } from './auth/sessions';
import type { AppConfig } from './config';
import type { Database } from './db/client';

/** Who may call a route: anyone, any signed-in user, holders of one privilege, or of any of a list. */
export type Access = 'public' | 'session' | Privilege | readonly Privilege[];

export interface AuthContext {
  user: UserRow;
  sessionId: number;
  privileges: ReadonlySet<Privilege>;
  /** A tenant administrator sees only this tenant's records; null for platform operators. */
  tenantLimit: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    appConfig: AppConfig;
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
