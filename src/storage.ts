import type { UserInfo } from '../schema/auth';
import { TOKEN_COOKIE, type LIST_VIEWS } from '../schema/screenChoices';

/** The keys SPEC.md names for what the console keeps in the browser. */
export const storageKeys = {
  auth: 'auth',
  userInfo: 'userInfo',
  privileges: 'privileges',
  locale: 'locale',
  pageSize: 'pageSize',
  tabType: 'tabType',
  /** react-admin's own key for the light or dark theme (its ToggleThemeButton). */
  theme: 'theme',
} as const;

// The choices themselves are in schema/screenChoices.ts, which the server reads too. Not re-exported
// here: the QR page imports this module, and a module both it and the console import is bundled
// apart from the console's shell, which then ran before the choices were defined.
export type ListView = (typeof LIST_VIEWS)[number];

/** react-admin's own store key for whether the side menu is open. */
export const SIDEBAR_OPEN_KEY = 'sidebar.open';

const COOKIE_DAYS = 90;

/** A cookie of the console's, as SPEC.md keeps them: the whole site, about 90 days, this site's requests only. */
export function writeCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${COOKIE_DAYS * 86_400}; samesite=strict`;
}

/** The last value read under each key, parsed: access is asked for every button of every card on each draw. */
const parsed = new Map<string, { raw: string; value: unknown }>();

function readJson<T>(key: string): T | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  const kept = parsed.get(key);
  if (kept?.raw === raw) return kept.value as T;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  parsed.set(key, { raw, value });
  return value as T | undefined;
}

export const getToken = (): string | undefined => localStorage.getItem(storageKeys.auth) ?? undefined;

/** The token lives in storage and in a cookie (for media the browser fetches by itself). */
export function setToken(token: string) {
  localStorage.setItem(storageKeys.auth, token);
  writeCookie(TOKEN_COOKIE, token);
}

export const getUserInfo = () => readJson<UserInfo>(storageKeys.userInfo);

/** How a user is named on screen: user_name, else nick_name, else real_name ('' when none: 'manager'). */
export const displayName = (user: Partial<UserInfo> | undefined) => user?.user_name || user?.nick_name || user?.real_name || '';
export const getPrivileges = (): string[] => {
  const stored = readJson<unknown>(storageKeys.privileges);
  return Array.isArray(stored) ? stored.filter((code): code is string => typeof code === 'string') : [];
};

export function storeSession(token: string, userInfo: UserInfo, privileges: string[]) {
  setToken(token);
  localStorage.setItem(storageKeys.userInfo, JSON.stringify(userInfo));
  localStorage.setItem(storageKeys.privileges, JSON.stringify(privileges));
}

/** Signing out forgets the session, who it was and what they could do, and every cookie. */
export function clearSession() {
  localStorage.removeItem(storageKeys.auth);
  localStorage.removeItem(storageKeys.userInfo);
  localStorage.removeItem(storageKeys.privileges);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

/** Privileges arrive as a JSON array in a header; anything else counts as none. */
export function parsePrivilegesHeader(header: string | null): string[] {
  if (!header) return [];
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}
