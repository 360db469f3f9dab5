import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../server/db/client';
import { attemptCounters, qrTickets, sessions } from '../../server/db/schema';
import { HOUR } from '../../server/config';
import { sweep } from '../../server/housekeeping';
import { browser } from './browser';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  // The audit trail keeps 30 days here (AUDIT_RETENTION_DAYS); by default it keeps every row.
  server = await startServer({ auditRetentionMs: 30 * 24 * HOUR });
});
afterAll(() => server.stop());

const count = async (table: typeof sessions | typeof qrTickets | typeof attemptCounters) =>
  (await server.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

test('the sweep drops sessions dead for a week, stale counters and day-old QR tickets, and keeps what still works', async () => {
  const live = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  const stale = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  await server.app.db.execute(sql`update sessions set expires_at = now() - interval '8 days' where id = (select max(id) from sessions)`);
  await client(server.url).post('/api/v1/sys/auth', { login_name: 'admin', password: 'wrong' });
  await browser(server.url).qrCode();
  await browser(server.url).qrCode();
  await server.app.db.execute(sql`update attempt_counters set window_started_at = now() - interval '1 hour'`);
  await server.app.db.execute(sql`update qr_tickets set expires_at = now() - interval '2 days' where id = (select min(id) from qr_tickets)`);

  const before = { sessions: await count(sessions), tickets: await count(qrTickets) };
  await sweep(server.app);
  expect(await count(sessions)).toBe(before.sessions - 1);
  expect(await count(qrTickets)).toBe(before.tickets - 1);
  expect(await count(attemptCounters)).toBe(0);
  expect((await client(server.url, live).get('/api/v1/user/profile')).status).toBe(200);
  expect((await client(server.url, stale).get('/api/v1/user/profile')).status).toBe(401);
});

test('the sweep prunes the audit rows older than the retention, and only those', async () => {
  const auditRows = async (where: SQL) => rowsOf<{ n: number }>(await server.app.db.execute(sql`select count(*)::int as n from audit_logs where ${where}`))[0].n;
  await server.app.db.execute(sql`
    insert into audit_logs (entity, action, title, search_folded, at)
    values ('teacher', 'update', 'Past it', chr(10) || 'past it', now() - interval '31 days'),
           ('teacher', 'update', 'Within it', chr(10) || 'within it', now() - interval '29 days')`);
  await signIn(server.url, 'admin', ADMIN_PASSWORD);
  const recent = await auditRows(sql`at > now() - interval '30 days'`);
  await sweep(server.app);
  expect(await auditRows(sql`title = 'Past it'`)).toBe(0);
  expect(await auditRows(sql`title = 'Within it'`)).toBe(1);
  expect(await auditRows(sql`at > now() - interval '30 days'`)).toBeGreaterThanOrEqual(recent);
});
