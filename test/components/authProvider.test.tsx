/**
 * The authProvider and http client against the real server (a process of its own): what they
 * store, renew and clear is what a browser would keep.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '../api/client';
import { startServerProcess, type ServerProcess } from '../serverProcess';

const PASSWORD = 'component-pass-1';
let server: ServerProcess;
let url: string;
let dataDir: string;
let authProvider: import('../../src/authProvider').ConsoleAuthProvider;
let http: typeof import('../../src/http');
let NoPermissionError: typeof import('../../src/authProvider').NoPermissionError;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cc-auth-'));
  // 3.6 s sessions, so a renewal happens within the test.
  server = startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, SESSION_TTL_HOURS: '0.001', LOG_LEVEL: 'warn' });
  url = await server.ready;
  // The console reads its API base when its modules load (Vite defines it at build time).
  (globalThis as Record<string, unknown>).__API_BASE__ = url;
  http = await import('../../src/http');
  const module = await import('../../src/authProvider');
  NoPermissionError = module.NoPermissionError;
  authProvider = module.createAuthProvider(
    (resource, action) => (resource === 'carousel_group' ? `carousel:${action === 'list' ? 'read' : 'write'}` : undefined),
    // As the user resource declares it: nobody deletes their own record.
    (_resource, action, record, selfId) => !(action === 'delete' && String(record.user_id) === selfId),
  );
  // A server process of its own, on its own embedded PostgreSQL: initialising, migrating and seeding take a while on a busy machine.
}, 90_000);
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0].trim()}=; max-age=0; path=/`));
});

/** A session from the platform's sign-in, as a phone holds it after confirming a QR code. */
const platformToken = (loginName: string) => signIn(url, loginName, PASSWORD, { platform: true });

test('a password sign-in stores the token (and its cookie), who signed in and the privileges', async () => {
  await authProvider.login({ login_name: 'admin', password: PASSWORD });
  expect(localStorage.getItem('auth')).toMatch(/^[\w-]{40,}$/);
  expect(document.cookie).toContain(`token=${localStorage.getItem('auth')}`);
  expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ user_name: 'admin', roles: ['admin'] });
  expect(JSON.parse(localStorage.getItem('privileges')!)).toContain('carousel:write');
  expect(await authProvider.getIdentity!()).toMatchObject({ fullName: 'admin' });
  expect(await authProvider.canAccess!({ resource: 'carousel_group', action: 'list' })).toBe(true);
  expect(await authProvider.canAccess!({ resource: 'course', action: 'list' })).toBe(false);
});

test("a record's own rule narrows what the privileges allow, and never widens it", async () => {
  await authProvider.login({ login_name: 'admin', password: PASSWORD });
  const self = JSON.parse(localStorage.getItem('userInfo')!).user_id as number;
  const canDelete = (record: Record<string, unknown>, resource = 'carousel_group') => authProvider.canAccess!({ resource, action: 'delete', record });
  expect(await canDelete({ id: self, user_id: self })).toBe(false);
  expect(await canDelete({ id: self + 1, user_id: self + 1 })).toBe(true);
  expect(await canDelete({ id: self + 1, user_id: self + 1 }, 'course')).toBe(false);
});

test('canAccessNow answers at once what canAccess answers, and nothing once signed out', async () => {
  await authProvider.login({ login_name: 'admin', password: PASSWORD });
  const self = JSON.parse(localStorage.getItem('userInfo')!).user_id as number;
  const asked = [
    { resource: 'carousel_group', action: 'list' },
    { resource: 'carousel_group', action: 'edit' },
    { resource: 'course', action: 'list' },
    { resource: 'carousel_group', action: 'delete', record: { id: self, user_id: self } },
    { resource: 'carousel_group', action: 'delete', record: { id: self + 1, user_id: self + 1 } },
  ];
  const now = asked.map((query) => authProvider.canAccessNow(query));
  expect(now).toEqual([true, true, false, false, true]);
  expect(await Promise.all(asked.map((query) => authProvider.canAccess!(query)))).toEqual(now);
  await authProvider.logout({});
  expect(asked.map((query) => authProvider.canAccessNow(query))).toEqual([false, false, false, false, false]);
});

test('a wrong password rejects with the server message and stores nothing', async () => {
  await expect(authProvider.login({ login_name: 'admin', password: 'nope' })).rejects.toMatchObject({ status: 400, message: 'Username or password is wrong' });
  expect(localStorage.getItem('auth')).toBeNull();
});

test('a session taken from a QR code is checked against the profile: a console user is kept', async () => {
  await authProvider.login({ token: await platformToken('demo_tenant_admin') });
  expect(JSON.parse(localStorage.getItem('userInfo')!).roles).toEqual(['tenant_admin']);
  expect(JSON.parse(localStorage.getItem('privileges')!)).toContain('audit:decide');
});

test('a session whose profile has no console role is refused, and nothing is kept', async () => {
  await expect(authProvider.login({ token: await platformToken('demo_learner') })).rejects.toBeInstanceOf(NoPermissionError);
  expect([localStorage.getItem('auth'), localStorage.getItem('userInfo'), localStorage.getItem('privileges')]).toEqual([null, null, null]);
});

test('a renewed token from x-auth-token replaces the stored token and its cookie', async () => {
  await authProvider.login({ login_name: 'admin', password: PASSWORD });
  const first = localStorage.getItem('auth');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await http.request('/api/v1/user/profile');
  const renewed = localStorage.getItem('auth');
  expect(renewed).not.toBe(first);
  expect(document.cookie).toContain(`token=${renewed}`);
  const { data } = await http.request<{ user_name: string }>('/api/v1/user/profile');
  expect(data.user_name).toBe('admin');
});

test('logout revokes the session on the server and clears storage and cookies, keeping preferences', async () => {
  await authProvider.login({ login_name: 'admin', password: PASSWORD });
  const token = localStorage.getItem('auth');
  localStorage.setItem('pageSize', '20');
  await authProvider.logout({});
  expect([localStorage.getItem('auth'), localStorage.getItem('userInfo'), localStorage.getItem('privileges')]).toEqual([null, null, null]);
  expect(document.cookie).toBe('');
  expect(localStorage.getItem('pageSize')).toBe('20');
  const revoked = await fetch(`${url}/api/v1/user/profile`, { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status).toBe(401);
  await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
});

test('a 401 anywhere asks react-admin to sign out with the session-expired message; a 403 does not', async () => {
  await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login', message: 'app.auth.session_expired' });
  await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
});
