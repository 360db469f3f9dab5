import type { ConsoleAuthProvider } from '../../src/authProvider';

/** Signed in, and allowed everything but the actions `denied` names. */
export const signedIn = (denied: string[] = []): ConsoleAuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  canAccess: async ({ action }) => !denied.includes(action),
  canAccessNow: ({ action }) => !denied.includes(action),
});
