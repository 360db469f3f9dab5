import type { AuthProvider } from 'react-admin';
import type { UserInfo } from '../schema/auth';
import { PRIVILEGES_HEADER } from '../schema/headers';
import { hasConsoleRole } from '../schema/privileges';
import { request } from './http';
import { hasPrivilege } from './privileges';
import { clearSession, displayName, getPrivileges, getToken, getUserInfo, parsePrivilegesHeader, setToken, storeSession } from './storage';


/** What canAccess is asked: an action on a resource, and on one of its records when one is named. */
export interface AccessQuery {
  resource: string;
  action: string;
  record?: Record<string, unknown>;
}

/**
 * react-admin's authProvider, with canAccess answered at once as well (`canAccessNow`, which
 * useCanAccessNow reads during a render): the answer comes from the privileges stored at sign-in,
 * so there is nothing to wait for.
 */
export interface ConsoleAuthProvider extends AuthProvider {
  canAccessNow(query: AccessQuery): boolean;
}

export class NoPermissionError extends Error {
  constructor() {
    super('app.auth.no_permission');
  }
}

/**
 * `privilegeFor` says which privilege a resource's action needs; nothing known means no access.
 * `recordAccess` says whether an allowed action applies to one record for the signed-in user.
 */
export function createAuthProvider(
  privilegeFor: (resource: string, action: string) => string | undefined,
  recordAccess: (resource: string, action: string, record: Record<string, unknown>, selfId: string) => boolean = () => true,
): ConsoleAuthProvider {
  /** The profile decides: no console role means no permission, and nothing is kept. */
  async function adoptSession(token: string) {
    setToken(token);
    try {
      const { data: profile, headers } = await request<UserInfo>('/api/v1/user/profile');
      if (!hasConsoleRole(profile.roles)) throw new NoPermissionError();
      storeSession(token, profile, parsePrivilegesHeader(headers.get(PRIVILEGES_HEADER)));
      return profile;
    } catch (error) {
      clearSession();
      throw error;
    }
  }

  function canAccessNow({ resource, action, record }: AccessQuery) {
    const required = privilegeFor(resource, action);
    if (required === undefined || !hasPrivilege(required)) return false;
    const self = getUserInfo();
    return !record || !self || recordAccess(resource, action, record, String(self.user_id));
  }

  return {
    /** With a name and password; or with `token`, a session already opened elsewhere (the QR code). */
    async login(params: { login_name: string; password: string } | { token: string }) {
      if ('token' in params) {
        await adoptSession(params.token);
        return;
      }
      const { login_name, password } = params;
      const { data, headers } = await request<{ token: string; user_info: UserInfo }>('/api/v1/sys/auth', {
        method: 'POST',
        body: { login_name, password },
      });
      storeSession(data.token, data.user_info, parsePrivilegesHeader(headers.get(PRIVILEGES_HEADER)));
    },

    async logout() {
      // Revoke the session on the server first; sign out locally whatever it answers.
      if (getToken()) await request('/api/v1/sys/auth', { method: 'DELETE' }).catch(() => undefined);
      clearSession();
      return '/login';
    },

    async checkAuth() {
      if (!getToken()) throw { redirectTo: '/login', message: false };
    },

    async checkError(error: { status?: number }) {
      // react-admin then calls logout(), which clears what is stored.
      if (error?.status === 401) throw { redirectTo: '/login', message: 'app.auth.session_expired' };
    },

    async getIdentity() {
      const user = getUserInfo();
      if (!user) throw new Error('not signed in');
      return { id: user.user_id, fullName: displayName(user) };
    },

    async getPermissions() {
      return getPrivileges();
    },

    async canAccess({ resource, action, record }) {
      return canAccessNow({ resource, action, record });
    },

    canAccessNow,
  };
}
