import { sql } from 'drizzle-orm';
import { attemptCounters, qrTickets, sessions } from '../../server/db/schema';
import { sweep } from '../../server/housekeeping';
import { browser } from './browser';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
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

test("the sweep folds the audit trail's striped counts of time into one row a block once the block is over an hour gone, and keeps the numbers", async () => {
  const rows = async () =>
    (
      (await server.app.db.execute(
        sql`select span, block::text, stripe, row_count::int from time_blocks where table_name = 'audit_logs' order by span, block, stripe`,
      )) as unknown as { rows: { span: number; block: string; stripe: number; row_count: number }[] }
    ).rows;
  const sums = (kept: Awaited<ReturnType<typeof rows>>) => {
    const summed = new Map<string, number>();
    for (const { span, block, row_count } of kept) summed.set(`${span} ${block}`, (summed.get(`${span} ${block}`) ?? 0) + row_count);
    return Object.fromEntries(summed);
  };
  // Two days ago, spread over three stripes as three connections would leave it; and now, on two.
  await server.app.db.execute(sql`
    insert into time_blocks (table_name, span, block, stripe, row_count)
    select 'audit_logs', span, floor(extract(epoch from at) / span)::bigint, stripe, 2
    from unnest(array[900, 86400]) as span, unnest(array[now() - interval '2 days', now()]) as at, unnest(array[0, 3, 11]::smallint[]) as stripe
    where stripe <> 0 or at < now() - interval '1 day'
    on conflict (table_name, span, block, stripe) do update set row_count = time_blocks.row_count + excluded.row_count`);
  const before = await rows();
  await sweep(server.app);
  const after = await rows();
  expect(sums(after)).toEqual(sums(before));
  const nowBlocks = new Set(
    ((await server.app.db.execute(sql`select 900 || ' ' || floor(extract(epoch from now()) / 900)::bigint as quarter, 86400 || ' ' || floor(extract(epoch from now()) / 86400)::bigint as day`)) as unknown as { rows: { quarter: string; day: string }[] }).rows.flatMap(({ quarter, day }) => [quarter, day]),
  );
  // Blocks gone by: one row each, in stripe 0. The current quarter hour and day keep their stripes.
  for (const { span, block, stripe } of after) if (!nowBlocks.has(`${span} ${block}`)) expect(stripe).toBe(0);
  expect(after.filter(({ span, block }) => nowBlocks.has(`${span} ${block}`)).map(({ stripe }) => stripe)).toEqual(expect.arrayContaining([3, 11]));
  expect(after.filter(({ span, block }) => !nowBlocks.has(`${span} ${block}`)).length).toBeLessThan(before.filter(({ span, block }) => !nowBlocks.has(`${span} ${block}`)).length);
});
