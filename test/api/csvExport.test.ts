/**
 * Issue 20: every list answers CSV when asked with `Accept: text/csv`: all pages of the same
 * filters, search and sort, streamed, in the caller's language, safe to open in a spreadsheet.
 */
import { sql } from 'drizzle-orm';
import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

let server: TestServer;
let admin: ReturnType<typeof client>;
let adminToken: string;
let tenantAdmin: ReturnType<typeof client>;

const CSV = { accept: 'text/csv' };
const BOM = '\uFEFF';
const teachers = '/api/v1/teachers/pager';

beforeAll(async () => {
  server = await startServer();
  adminToken = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  admin = client(server.url, adminToken);
  tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
});
afterAll(() => server.stop());

/** RFC 4180 read back: records of cells, quotes undone (the files end every record with CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') cells.push(cell), (cell = '');
    else if (char === '\r' && text[i + 1] === '\n') cells.push(cell), records.push(cells), (cells = []), (cell = ''), i++;
    else cell += char;
  }
  return records;
}

const rowsOf = (body: string) => parseCsv(body.startsWith(BOM) ? body.slice(BOM.length) : body);

/** The exact bytes of an answer: `fetch`'s text() would drop the byte order mark this checks. */
async function bytesOf(path: string, token: string, headers: Record<string, string> = CSV) {
  const response = await fetch(new URL(path, server.url), { headers: { ...headers, authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

test('every list address of the OpenAPI document declares and answers text/csv, with a BOM and a header row', async () => {
  const document = (await client(server.url).get('/api/docs/json')).body as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, { properties?: Record<string, unknown> }> } }> }> }>>;
  };
  const lists = Object.entries(document.paths).filter(([, operations]) => {
    const data = operations.get?.responses['200']?.content?.['application/json']?.schema.properties?.data?.properties;
    return data !== undefined && 'items' in data && 'total' in data;
  });
  // SPEC.md's list addresses at least; the audit log's and any later one's too.
  expect(lists.length).toBeGreaterThanOrEqual(13);
  for (const [path, operations] of lists) {
    expect([path, Object.keys(operations.get.responses['200'].content!)]).toEqual([path, expect.arrayContaining(['application/json', 'text/csv'])]);
    const { response, bytes, text } = await bytesOf(path.replace('{id}', '1'), adminToken);
    expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 200, 'text/csv; charset=utf-8']);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="\w+\.csv"; filename\*=UTF-8''/);
    expect([path, ...bytes.slice(0, 3)]).toEqual([path, 0xef, 0xbb, 0xbf]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(rowsOf(text)[0].length).toBeGreaterThan(1);
  }
  // Without asking for CSV, the same address answers the JSON page as before.
  expect((await admin.get(teachers)).body.data).toMatchObject({ total: expect.any(Number) });
});

test('the search, filters and sort of the list; every page, whatever page and page_size say', async () => {
  for (let n = 0; n < 23; n++) await admin.post('/api/v1/teachers', { name: `Exporter ${String(n).padStart(2, '0')}`, title: n % 2 ? 'Odd' : 'Even' });
  const query = { keyword: 'exporter', sort_by: 'name', order: 'desc', page: 2, page_size: 5 };
  const csv = rowsOf((await admin.get(teachers, { headers: CSV, query })).body);
  expect(csv[0]).toEqual(['ID', 'Name', 'Title', 'Photo']);
  expect(csv.slice(1).map((row) => row[1])).toEqual(Array.from({ length: 23 }, (_, n) => `Exporter ${String(22 - n).padStart(2, '0')}`));
  // The same rows as the JSON pages, in the same order.
  const json = (await admin.get(teachers, { query: { ...query, page: 1, page_size: 50 } })).body.data.items as { id: number }[];
  expect(csv.slice(1).map((row) => Number(row[0]))).toEqual(json.map((teacher) => teacher.id));

  // A filter: the enrolment details of one course, the disabled ones.
  const course = (await admin.get('/api/v1/enrollments/pager', { query: { page_size: 1 } })).body.data.items[0].target_id;
  const disabled = await admin.get('/api/v1/enrollments/pager', { query: { target_id: course, available: 'false', page_size: 100 } });
  const exported = rowsOf((await admin.get('/api/v1/enrollments/pager', { headers: CSV, query: { target_id: course, available: 'false' } })).body);
  expect(exported.length - 1).toBe(disabled.body.data.total);
  expect(new Set(exported.slice(1).map((row) => row[3]))).toEqual(new Set(disabled.body.data.total > 0 ? ['No'] : []));
});

test('the same privileges as the list: no session 401, no privilege 403, in the envelope', async () => {
  const anonymous = await client(server.url).get(teachers, { headers: CSV });
  expect([anonymous.status, anonymous.body.success]).toEqual([401, false]);
  const forbidden = await tenantAdmin.get(teachers, { headers: { ...CSV, 'accept-language': 'ja-JP' } });
  expect([forbidden.status, forbidden.body.success]).toEqual([403, false]);
  expect(forbidden.headers.get('content-type')).toMatch(/json/);
});

test("a tenant administrator's export stops at its tenant, as its list does", async () => {
  const users = rowsOf((await tenantAdmin.get('/uc/v1/system/users', { headers: CSV })).body);
  const listed = (await tenantAdmin.get('/uc/v1/system/users', { query: { page_size: 1 } })).body.data.total;
  expect(users.length - 1).toBe(listed);
  const tenantColumn = users[0].indexOf('Tenant');
  expect(new Set(users.slice(1).map((row) => row[tenantColumn]))).toEqual(new Set(['Demo Academy']));
  const everyone = rowsOf((await admin.get('/uc/v1/system/users', { headers: CSV })).body);
  expect(everyone.length).toBeGreaterThan(users.length);
});

test('cells a spreadsheet would run as formulas are neutralised; quotes, commas and line breaks quoted (RFC 4180)', async () => {
  const dangerous = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-3', '@SUM(A1)', '\tTabbed', 'Line\nbreak, "quoted"'];
  for (const name of dangerous) expect((await admin.post('/api/v1/teachers', { name: `${name}`, title: 'Injection' })).status).toBe(200);
  const body: string = (await admin.get(teachers, { headers: CSV, query: { sort_by: 'id', order: 'asc' } })).body;
  expect(body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",Injection,`);
  const names = rowsOf(body).filter((row) => row[2] === 'Injection').map((row) => row[1]);
  // Tab and carriage return are trimmed by the form's rules; what is stored is guarded.
  expect(names).toEqual(["'=HYPERLINK(\"http://evil.example\",\"click\")", "'+1+2", "'-3", "'@SUM(A1)", 'Tabbed', 'Line\nbreak, "quoted"']);
  // Numbers the server writes (ids, counts) are never touched.
  expect(rowsOf(body).slice(1).every((row) => /^\d+$/.test(row[0]))).toBe(true);
});

test('the header row, choices and yes/no in the caller\'s language; times in the time zone asked for', async () => {
  const headers = async (language: string) => rowsOf((await admin.get('/uc/v1/applies', { headers: { ...CSV, 'accept-language': language } })).body);
  expect((await headers('zh-CN'))[0]).toEqual(['编号', '用户名', '原机构', '目标机构', '状态', '申请时间']);
  expect((await headers('en-US'))[0]).toEqual(['ID', 'Username', 'From organisation', 'Target organisation', 'Status', 'Apply time']);
  const japanese = await headers('ja-JP');
  expect(japanese[0][0]).toBe('ID');
  expect(japanese.slice(1).map((row) => row[4])).toContain('審査待ち');

  const vouchers = await admin.get('/api/v1/vouchers', { headers: CSV, query: { keyword: 'SCHOLAR-RIVER' } });
  const [, scholarship] = rowsOf(vouchers.body);
  const expiry = (await admin.get('/api/v1/vouchers', { query: { keyword: 'SCHOLAR-RIVER' } })).body.data.items[0].expire_at as number;
  const utc = new Date(expiry).toISOString().replace('T', ' ').slice(0, 19);
  expect(scholarship).toContain(utc);
  const shanghai = rowsOf((await admin.get('/api/v1/vouchers', { headers: CSV, query: { keyword: 'SCHOLAR-RIVER', time_zone: 'Asia/Shanghai' } })).body)[1];
  expect(shanghai).toContain(new Date(expiry + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19));
  expect(scholarship).toContain('Course');

  const badZone = await admin.get('/api/v1/vouchers', { headers: { ...CSV, 'accept-language': 'zh-CN' }, query: { time_zone: 'Mars/Olympus' } });
  expect(badZone.status).toBe(400);
  expect(Object.keys(badZone.body.errors)).toEqual(['time_zone']);
  expect(badZone.body.errors.time_zone).toMatch(/时区/);
});

/** 20,000 rows in CI; `EXPORT_ROWS=200000` for the figure (README). */
const EXPORT_ROWS = Number(process.env.EXPORT_ROWS ?? 20_000);

test(`a long export is streamed from a cursor: ${EXPORT_ROWS} rows, read as the client takes them, the server's memory flat`, async () => {
  await server.database.db.execute(sql`insert into teachers (name, title) select 'Bulk teacher ' || n, 'Bulk' from generate_series(1, ${EXPORT_ROWS}::int) as n`);
  const started = Date.now();
  const rssBefore = process.memoryUsage().rss;
  const response = await fetch(new URL(`${teachers}?keyword=bulk%20teacher`, server.url), { headers: { ...CSV, authorization: `Bearer ${adminToken}` } });
  expect(response.headers.get('transfer-encoding')).toBe('chunked');
  expect(response.headers.get('content-length')).toBeNull();
  const reader = response.body!.getReader();
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  let rssPeak = rssBefore;
  const take = (value: Uint8Array) => {
    chunks++;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
    if (chunks % 20 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  };
  take((await reader.read()).value!);
  // The client holds back: the server has sent the first rows and waits with its cursor open, the rest unread.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const waiting = (await server.database.db.execute(sql`select state from pg_stat_activity where query like 'fetch % from export_rows'`)) as unknown as { rows: unknown[] };
  // Only a file larger than the sockets' buffers leaves the server waiting (the long run's; CI's 20,000 rows fit in them).
  if (EXPORT_ROWS >= 100_000) expect(waiting.rows).toEqual([{ state: 'idle in transaction' }]);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    take(value);
  }
  const growth = (rssPeak - rssBefore) / 2 ** 20;
  console.log(`CSV export of ${EXPORT_ROWS} rows: ${(bytes / 2 ** 20).toFixed(1)} MiB in ${chunks} chunks, ${Date.now() - started} ms; RSS of the process (server and client) grew ${growth.toFixed(1)} MiB`);
  expect(lines).toBe(EXPORT_ROWS + 1);
  // Flat: a batch of 1000 rows at a time, whatever the number of rows (all of them at once would be hundreds of MiB as objects).
  expect(growth).toBeLessThan(64);
  // Done: the cursor is closed and its connection back in the pool.
  const after = (await server.database.db.execute(sql`select count(*)::int as open from pg_stat_activity where query like 'fetch % from export_rows' and state <> 'idle'`)) as unknown as { rows: unknown[] };
  expect(after.rows).toEqual([{ open: 0 }]);
}, 120_000);

test('exports stream a few at a time: one more is a 429 in the caller\'s language, lists still answer, and a download given up frees its place', async () => {
  const limited = await startServer({ exportsAtOnce: 1 });
  const giveUp = new AbortController();
  try {
    const token = await signIn(limited.url, 'admin', ADMIN_PASSWORD);
    // Far larger than the sockets' buffers (about 70 MiB): unread, the first export stays open, holding its cursor and connection.
    await limited.database.db.execute(sql`insert into teachers (name, title) select 'Held teacher ' || n, repeat('A long title ', 40) from generate_series(1, 140000) as n`);
    const held = await fetch(new URL(teachers, limited.url), { headers: { ...CSV, authorization: `Bearer ${token}` }, signal: giveUp.signal });
    expect(held.status).toBe(200);
    const openCursors = async () =>
      ((await limited.database.db.execute(sql`select count(*)::int as open from pg_stat_activity where query like 'fetch % from export_rows' and state <> 'idle'`)) as unknown as { rows: { open: number }[] }).rows[0].open;
    expect(await openCursors()).toBe(1);

    for (const [language, message] of [
      ['en-US', 'Other exports are being downloaded right now: please try again in a few seconds'],
      ['zh-CN', '其他导出正在下载中，请几秒钟后再试'],
      ['ja-JP', 'ほかのエクスポートをダウンロード中です。数秒後にもう一度お試しください'],
    ]) {
      const refused = await fetch(new URL('/api/v1/courses/pager', limited.url), { headers: { ...CSV, 'accept-language': language, authorization: `Bearer ${token}` } });
      expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([429, '5', { success: false, error_code: 429, message }]);
    }
    // The lists themselves are not held up.
    const page = await client(limited.url, token).get(teachers, { query: { page: 1, page_size: 5 } });
    expect([page.status, page.body.data.total]).toEqual([200, await count(limited, 'select count(*) from teachers')]);

    // The client goes away mid-file: its cursor is closed, and the next export streams.
    giveUp.abort();
    for (let tries = 0; tries < 50 && (await openCursors()) > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await openCursors()).toBe(0);
    const next = await fetch(new URL('/api/v1/courses/pager', limited.url), { headers: { ...CSV, authorization: `Bearer ${token}` } });
    expect(next.status).toBe(200);
    expect(rowsOf(await next.text()).length).toBe((await count(limited, 'select count(*) from courses')) + 1);
  } finally {
    giveUp.abort();
    await limited.stop();
  }
}, 120_000);

async function count(target: TestServer, query: string): Promise<number> {
  const { rows } = (await target.database.db.execute(sql.raw(query))) as unknown as { rows: { count: string }[] };
  return Number(rows[0].count);
}
