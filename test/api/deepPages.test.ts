/**
 * A deep page of a whole list in id order starts from the block of ids holding its first row
 * (id_blocks, migration 0022): it must be the very page an offset gives, in both orders, through
 * inserts, holes, an emptied block, a bulk delete and a truncate, and the blocks must equal a
 * recount of the rows.
 */
import { sql } from 'drizzle-orm';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
let admin: ReturnType<typeof client>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const run = (statement: ReturnType<typeof sql>) => server.database.db.execute(statement);

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

const PAGE_SIZE = 20;

/** The ids and total the API answers for a page, next to what an offset over the rows gives. */
async function expectPage(path: string, table: string, page: number, order: 'asc' | 'desc') {
  const answer = await admin.get(path, { query: { page, page_size: PAGE_SIZE, sort_by: 'id', order } });
  expect(answer.status).toBe(200);
  const expected = rowsOf<{ id: number }>(
    await run(sql`select id::int from ${sql.identifier(table)} order by id ${sql.raw(order)} limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`),
  ).map((row) => row.id);
  const [{ total }] = rowsOf<{ total: number }>(await run(sql`select count(*)::int as total from ${sql.identifier(table)}`));
  expect([path, page, order, answer.body.data.items.map((item: { id: number }) => item.id), answer.body.data.total]).toEqual([path, page, order, expected, total]);
}

async function expectPagesAgree(path: string, table: string) {
  const [{ total }] = rowsOf<{ total: number }>(await run(sql`select count(*)::int as total from ${sql.identifier(table)}`));
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The page before the first deep one, deep ones (the first, one inside a block, the last), and past the end.
  const pages = [...new Set([51, 52, 53, 60, 77, 100, 131, last - 1, last, last + 3])].filter((page) => page >= 1);
  for (const order of ['desc', 'asc'] as const) for (const page of pages) await expectPage(path, table, page, order);
  const kept = rowsOf(await run(sql`select block::int, row_count::int from id_blocks where table_name = ${table} and row_count <> 0 order by block`));
  const recounted = rowsOf(await run(sql`select (id / 1024)::int as block, count(*)::int as row_count from ${sql.identifier(table)} group by 1 order by 1`));
  expect(kept).toEqual(recounted);
}

test('teachers: deep pages after inserts, holes and an emptied block equal an offset\'s', async () => {
  await run(sql`insert into teachers (name, title) select 'Deep teacher ' || n, 'Lecturer' from generate_series(1, 3500) as n`);
  await expectPagesAgree('/api/v1/teachers/pager', 'teachers');
  // Holes everywhere, and a whole block of ids emptied.
  await run(sql`delete from teachers where name like 'Deep teacher %' and id % 7 = 0`);
  const [{ first }] = rowsOf<{ first: number }>(await run(sql`select min(id)::int as first from teachers where name like 'Deep teacher %'`));
  const emptied = Math.floor(first / 1024) + 1;
  await run(sql`delete from teachers where id >= ${emptied * 1024} and id < ${(emptied + 1) * 1024}`);
  // One through the API, as an operator deletes.
  const [{ id }] = rowsOf<{ id: number }>(await run(sql`select max(id)::int as id from teachers where name like 'Deep teacher %'`));
  expect((await admin.delete(`/api/v1/teachers/${id}`)).status).toBe(200);
  await expectPagesAgree('/api/v1/teachers/pager', 'teachers');

  // The deep page reads the blocks: skewed, the newest block's count moves it by as much.
  const page = async () => (await admin.get('/api/v1/teachers/pager', { query: { page: 80, page_size: PAGE_SIZE } })).body.data.items.map((item: { id: number }) => item.id);
  const before = await page();
  try {
    await run(sql`update id_blocks set row_count = row_count + 3 where table_name = 'teachers' and block = (select max(block) from id_blocks where table_name = 'teachers')`);
    const skewed = await page();
    expect(skewed).not.toEqual(before);
    // Three more rows counted before it: the page starts three rows earlier.
    expect(skewed.slice(3)).toEqual(before.slice(0, PAGE_SIZE - 3));
  } finally {
    await run(sql`select recount_id_blocks()`);
  }
  expect(await page()).toEqual(before);
}, 120_000);

test('mail: deep pages equal an offset\'s, and a truncate empties the blocks with the table', async () => {
  await run(sql`insert into mail_outbox ("to", subject, text, status) select array['deep' || n || '@example.com'], 'Deep mail ' || n, 'x', 'sent' from generate_series(1, 2600) as n`);
  await run(sql`delete from mail_outbox where id % 5 = 0`);
  await expectPagesAgree('/api/v1/mail_outbox/pager', 'mail_outbox');
  await run(sql`truncate mail_outbox cascade`);
  expect(rowsOf(await run(sql`select 1 from id_blocks where table_name = 'mail_outbox'`))).toEqual([]);
  await run(sql`insert into mail_outbox ("to", subject, text, status) select array['again' || n || '@example.com'], 'Again ' || n, 'x', 'failed' from generate_series(1, 1300) as n`);
  await expectPagesAgree('/api/v1/mail_outbox/pager', 'mail_outbox');
}, 120_000);

test('a filtered or searched deep page is not a block\'s: it still equals an offset\'s', async () => {
  const answer = await admin.get('/api/v1/teachers/pager', { query: { page: 60, page_size: PAGE_SIZE, sort_by: 'id', order: 'desc', keyword: 'Deep teacher' } });
  expect(answer.status).toBe(200);
  const expected = rowsOf<{ id: number }>(
    await run(sql`select id from teachers where name ilike '%Deep teacher%' order by id desc limit ${PAGE_SIZE} offset ${59 * PAGE_SIZE}`),
  ).map((row) => row.id);
  expect(answer.body.data.items.map((item: { id: number }) => item.id)).toEqual(expected);
});
