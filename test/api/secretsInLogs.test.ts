/**
 * Issue 19: no password, hash, token or upload credential in a log line or an answer. The server
 * runs as `npm start` runs it (its own process, pino on standard output, LOG_LEVEL trace: the most
 * it ever says) through a session of sign-in, failed sign-in, password change, upload token, QR
 * sign-in, user and tenant creation, registration and lists; then every line it printed and every
 * answer it gave is searched for each secret and for anything shaped like one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../scratchDatabase';
import { startServerProcess, type ServerProcess } from '../serverProcess';
import { browser } from './browser';
import { call, type Answer, type CallOptions } from './client';

const ADMIN_PASSWORD = 'log-admin-pass-1';
let running: ServerProcess;
let base: string;
let dataDir: string;
let database: Awaited<ReturnType<typeof createScratchDatabase>>;

beforeAll(async () => {
  database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'cc_logs');
  dataDir = mkdtempSync(path.join(tmpdir(), 'cc-logs-'));
  running = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'trace' });
  base = await running.ready;
}, 120_000);
afterAll(async () => {
  await running?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every answer of the session, and the secrets it handed out (with the answer that handed each out). */
const answers: { label: string; text: string }[] = [];
const secrets = new Map<string, string>([[ADMIN_PASSWORD, 'the admin password']]);
const issuedBy = new Map<string, string>();

async function send(label: string, method: string, apiPath: string, options: CallOptions = {}): Promise<Answer> {
  const answer = await call(base, method, apiPath, options);
  answers.push({ label, text: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body) });
  return answer;
}
function secret(value: string | undefined | null, what: string, issuer?: string) {
  expect(value).toEqual(expect.any(String));
  secrets.set(value!, what);
  if (issuer) issuedBy.set(value!, issuer);
}

test('a whole session leaves no secret in the log or in any answer but the one that hands it over', async () => {
  const signIn = await send('sign-in', 'POST', '/api/v1/sys/auth', { body: { login_name: 'admin', password: ADMIN_PASSWORD } });
  const admin = signIn.body.data.token as string;
  secret(admin, "the admin's session token", 'sign-in');
  const as = (token: string, extra: CallOptions = {}) => ({ token, ...extra });

  const wrong = 'wrong-pass-XYZ-42';
  secret(wrong, 'a mistyped password');
  expect((await send('failed sign-in', 'POST', '/api/v1/sys/auth', { body: { login_name: 'admin', password: wrong } })).status).toBe(400);
  expect((await send('failed platform sign-in', 'POST', '/api/v1/auth', { body: { login_name: 'nobody', password: wrong } })).status).toBe(400);

  const tenantPassword = 'tenant-admin-pass-7';
  secret(tenantPassword, "a tenant administrator's password");
  const tenant = await send('tenant create', 'POST', '/uc/v1/tenants', as(admin, { body: { name: 'logs', display_name: 'Logs', admin_user_name: 'logs_admin', admin_password: tenantPassword } }));
  expect(tenant.status).toBe(200);
  const tenantId = tenant.body.data.tenant_id as number;

  const learnerPassword = 'learner-pass-8';
  secret(learnerPassword, "a learner's password");
  expect((await send('user create', 'POST', '/uc/v1/users', as(admin, { body: { user_name: 'log_learner', password: learnerPassword, tenant_id: tenantId } }))).status).toBe(200);
  const registeredPassword = 'registered-pass-9';
  secret(registeredPassword, "a registered learner's password");
  expect((await send('registration', 'POST', '/uc/v1/users/register', { body: { tenant_id: tenantId, user_name: 'log_registered', password: registeredPassword } })).status).toBe(200);
  expect((await send('user list', 'GET', '/uc/v1/system/users', as(admin))).status).toBe(200);
  expect((await send('user list page 2', 'GET', '/uc/v1/system/users', as(admin, { query: { page: 1, page_size: 50, keyword: 'log' } }))).status).toBe(200);
  expect((await send('tenant list', 'GET', '/uc/v1/tenants', as(admin))).status).toBe(200);
  expect((await send('profile', 'GET', '/api/v1/user/profile', as(admin))).status).toBe(200);

  const tenantAdmin = (await send('tenant admin sign-in', 'POST', '/api/v1/sys/auth', { body: { login_name: 'logs_admin', password: tenantPassword } })).body.data.token;
  secret(tenantAdmin, "the tenant administrator's session token", 'tenant admin sign-in');
  const learner = (await send('platform sign-in', 'POST', '/api/v1/auth', { body: { login_name: 'log_learner', password: learnerPassword } })).body.data.token;
  secret(learner, "the learner's session token", 'platform sign-in');

  const uptoken = await send('uptoken', 'GET', '/api/v1/uptoken/image', as(admin));
  expect(uptoken.status).toBe(200);
  secret(uptoken.body.data.uptoken, 'an upload token', 'uptoken');

  // The QR sign-in: a console asks for a code, the admin's phone confirms it, the console collects.
  const console = browser(base, 'log-console/1.0');
  const { ticket, response: qrResponse } = await console.qrCode();
  expect(qrResponse.status).toBe(200);
  secret(ticket, 'a QR ticket');
  secret(console.jar.get('qr_binding') ?? [...console.jar.values()][0], 'a QR binding cookie');
  const phone = (await send('phone sign-in', 'POST', '/api/v1/auth', { body: { login_name: 'admin', password: ADMIN_PASSWORD } })).body.data.token;
  secret(phone, "the phone's session token", 'phone sign-in');
  expect((await send('QR scan', 'GET', '/api/v1/auth/qrcode/ticket', as(phone, { query: { ticket: ticket! } }))).status).toBe(200);
  expect((await send('QR confirm', 'POST', '/api/v1/auth/qrcode/confirm', as(phone, { body: { ticket } }))).status).toBe(200);
  const collected = await console.check();
  answers.push({ label: 'QR collect', text: JSON.stringify(collected.body) });
  secret(collected.body.data.token, 'the QR session token', 'QR collect');

  const newPassword = 'changed-pass-10';
  secret(newPassword, "the tenant administrator's new password");
  const change = { raw_password: tenantPassword, new_password: newPassword, confirm_password: newPassword };
  expect((await send('password change', 'PUT', '/uc/v1/users/actions/update_password', as(tenantAdmin, { body: change }))).status).toBe(200);
  const wrongChange = { raw_password: wrong, new_password: 'another-pass-11', confirm_password: 'another-pass-11' };
  secret('another-pass-11', 'a refused new password');
  expect((await send('refused password change', 'PUT', '/uc/v1/users/actions/update_password', as(tenantAdmin, { body: wrongChange }))).status).toBe(400);
  expect((await send('sign-out', 'DELETE', '/api/v1/sys/auth', as(learner))).status).toBe(200);
  expect((await send('signed-out call', 'GET', '/api/v1/user/profile', as(learner))).status).toBe(401);

  // Give pino a moment to flush the last lines.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lines = running.output().split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(20);
  // The phone's scan was logged, its ticket not (found: the address was logged whole).
  expect(lines.some((line) => line.includes('/api/v1/auth/qrcode/ticket?ticket=***'))).toBe(true);

  const leaks: string[] = [];
  // A scrypt hash as stored (scrypt$N$r$p$salt$key), a SHA-256 token hash, or a field that holds either.
  const hashLike = /scrypt\$\d+\$|\b[0-9a-f]{64}\b|"\w*_hash"\s*:/i;
  for (const line of lines) {
    for (const [value, what] of secrets) if (line.includes(value)) leaks.push(`log line holds ${what}: ${line.slice(0, 300)}`);
    if (hashLike.test(line)) leaks.push(`log line holds something hash-like: ${line.slice(0, 300)}`);
  }
  for (const { label, text } of answers) {
    for (const [value, what] of secrets) if (text.includes(value) && issuedBy.get(value) !== label) leaks.push(`the ${label} answer holds ${what}`);
    if (hashLike.test(text)) leaks.push(`the ${label} answer holds something hash-like: ${text.slice(0, 300)}`);
  }
  expect(leaks).toEqual([]);
}, 120_000);
