import { useCallback } from 'react';
import { useLogin } from 'react-admin';
import { useLocation } from 'react-router-dom';

/**
 * Where a sign-in goes on: the console address that sent the user to /login, or `/` when that
 * address is not the console's own. An address such as /\evil.com/course reaches the console as
 * the path //evil.com/course, which react-router refuses to navigate to ("External navigation is
 * not allowed"): the session would be stored and the user left on the sign-in page with that error.
 */
export function returnPath(state: unknown): string {
  const { nextPathname, nextSearch } = (state ?? {}) as { nextPathname?: unknown; nextSearch?: unknown };
  if (typeof nextPathname !== 'string' || !nextPathname.startsWith('/') || nextPathname.startsWith('//') || nextPathname.includes('\\')) return '/';
  return nextPathname + (typeof nextSearch === 'string' && nextSearch.startsWith('?') ? nextSearch : '');
}

/** react-admin's `useLogin`, going on to `returnPath` of the address that led here. */
export function useSignIn() {
  const login = useLogin();
  const { state } = useLocation();
  // Stable, as `useLogin`'s is: the QR polling effect depends on it.
  return useCallback((params: Record<string, unknown>) => login(params, returnPath(state)), [login, state]);
}
