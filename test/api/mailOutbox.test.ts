import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailAttempts, mailOutbox, users } from '../../server/db/schema';
import { sweep } from '../../server/housekeeping';
import { retryDelayMs } from '../../server/mail/mailer';
import { freePort } from '../freePort';
import { client, signIn } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

const outbox = '/api/v1/mail_outbox';
const pager = `${outbox}/pager`;
const DAY = 24 * 60 * 60 * 1000;

type Api = ReturnType<typeof client>;
interface Attempt {
  attempted_at: number;
  outcome: 'sent' | 'refused' | 'unreachable';
  smtp_code: number | null;
  response: string;
}
interface OutboxMail {
  id: number;
  to: string[];
  subject: string;
  status: string;
  attempt_count: number;
  voucher_id: number | null;
  voucher: { id: number; name: string } | null;
  attempts: Attempt[];
  [field: string]: unknown;
}

/** Checks `check` every 20 ms until it holds (the delivery loop works on its own timers). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A message as its reader sees it: soft line breaks joined, `=XX` bytes decoded (nodemailer sends text as quoted-printable). */
const quotedPrintable = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

interface Received {
  to: string[];
  data: string;
}

/**
 * A real SMTP server in process. `refusals` are the answers of the next deliveries, one each (a
 * 5xx or 4xx refusal of the recipient); then it takes mail, except to `@refused.example` while
 * `refuseDomain` holds.
 */
function mailServer() {
  const received: Received[] = [];
  const state = { refusals: [] as number[], refuseDomain: true };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = state.refusals.shift() ?? (state.refuseDomain && address.address.endsWith('@refused.example') ? 550 : undefined);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), data: quotedPrintable(data) });
        callback();
      });
    },
  });
  return {
    smtp,
    received,
    state,
    listen: (port: number) => new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A course to give: the servers here start without the demo, which takes seconds to seed. */
async function courseOf(admin: Api): Promise<{ id: number; title: string }> {
  const found = (await admin.get('/api/v1/courses/pager')).body.data.items[0];
  if (found) return found;
  const category = (await admin.post('/api/v1/categories', { title: 'Mail' })).body.data.id;
  return (await admin.post('/api/v1/courses', { title: 'Letters from first principles', category_id: category })).body.data;
}

/** A voucher of a course for one user with an address, made through the API. */
async function voucherFor(server: TestServer, admin: Api, email: string, name = `Voucher for ${email}`) {
  const learner = await people(server).user(`learner_${email.replace(/\W/g, '_')}`, null, ['learner']);
  await server.database.db.update(users).set({ email }).where(eq(users.user_id, learner.user_id));
  const course = await courseOf(admin);
  const code = `MAIL-${Math.random().toString(36).slice(2, 10)}`.toUpperCase();
  const created = await admin.post('/api/v1/vouchers/new', { name, code, resource_type: 'course', resource_id: course.id, object_type: 'user', object_id: learner.user_id, count: 5, expire_at: Date.now() + 30 * DAY });
  expect(created.status).toBe(200);
  return { voucher: created.body.data as { id: number; name: string; code: string }, course };
}

test('the wait between attempts doubles from the base and stops at the cap', () => {
  const policy = { pollMs: 1000, retryBaseMs: 60_000, retryMaxMs: 600_000, maxAttempts: 10, retentionMs: DAY };
  expect([1, 2, 3, 4, 5, 6].map((failures) => retryDelayMs(policy, failures))).toEqual([60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
});

describe('delivery: a real SMTP server that is down, then refuses, then answers', () => {
  const mail = mailServer();
  let port: number;
  let server: TestServer;
  let second: TestServer | undefined;
  let admin: Api;
  const delivery = { pollMs: 30, retryBaseMs: 20, retryMaxMs: 80, maxAttempts: 6, retentionMs: DAY };
  const readMail = async (id: number) => (await admin.get(`${outbox}/${id}`)).body.data as OutboxMail;

  beforeAll(async () => {
    port = await freePort();
    server = await startServer({ seedDemo: false, smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Vouchers <vouchers@school.example>', mailDelivery: delivery });
    admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await server?.stop();
    await mail.close();
  });

  test('the voucher is queued while the server is down, tried again as it refuses (5xx, 4xx), and sent once it answers; every attempt is recorded', async () => {
    const { voucher, course } = await voucherFor(server, admin, 'reader@school.example');
    const answer = await admin.put(`/api/v1/vouchers/${voucher.id}/send_email`, {}, { headers: { 'accept-language': 'en-US' } });
    // Success means queued: the server is down, and the caller is not told to try again.
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ to: ['reader@school.example'], status: 'queued' });
    const id = answer.body.data.mail_id as number;

    // Down: nothing listens. The loop tries, records "no answer", and backs off.
    const down = await until(() => readMail(id), (found) => found.attempts.length >= 1);
    expect(down).toMatchObject({ voucher_id: voucher.id, voucher: { id: voucher.id, name: voucher.name } });
    expect(['queued', 'sending']).toContain(down.status);
    expect(down.attempts[0]).toMatchObject({ outcome: 'unreachable', smtp_code: null });
    expect(down.attempts[0].response).toMatch(/ECONNREFUSED/);

    // Up, but refusing: first for good (550), then for now (451); then it takes the mail.
    mail.state.refusals.push(550, 451);
    await mail.listen(port);
    const sent = await until(() => readMail(id), (found) => found.status === 'sent', 20_000);
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0].to).toEqual(['reader@school.example']);
    expect(mail.received[0].data).toContain(`Subject: Your voucher: ${voucher.name}`);
    expect(mail.received[0].data).toContain('From: Vouchers <vouchers@school.example>');
    expect(mail.received[0].data).toContain(`Code: ${voucher.code}`);
    expect(mail.received[0].data).toContain(`the course "${course.title}"`);

    // Newest first: the answer that took it, the two refusals with their codes and texts, and the time(s) nobody answered.
    const outcomes = sent.attempts.map((attempt) => [attempt.outcome, attempt.smtp_code]);
    expect(outcomes.slice(0, 3)).toEqual([['sent', 250], ['refused', 451], ['refused', 550]]);
    expect(outcomes.slice(3).every(([outcome]) => outcome === 'unreachable')).toBe(true);
    expect(sent.attempts[1].response).toMatch(/^451 .*try again later/);
    expect(sent.attempts[2].response).toMatch(/^550 .*mailbox unavailable/);
    expect(sent.attempt_count).toBe(sent.attempts.length);
    expect(sent.sent_at).toEqual(expect.any(Number));
    const times = sent.attempts.map((attempt) => attempt.attempted_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  }, 60_000);

  test('a mail refused every time is marked failed after the last attempt; "send again" starts over and delivers it', async () => {
    await mail.listen(port).catch(() => undefined);
    const { voucher } = await voucherFor(server, admin, 'someone@refused.example');
    const id = (await admin.put(`/api/v1/vouchers/${voucher.id}/send_email`)).body.data.mail_id as number;
    const failed = await until(() => readMail(id), (found) => found.status === 'failed');
    expect(failed.attempt_count).toBe(delivery.maxAttempts);
    expect(failed.attempts).toHaveLength(delivery.maxAttempts);
    expect(failed.attempts.every((attempt) => attempt.outcome === 'refused' && attempt.smtp_code === 550)).toBe(true);
    // It stays failed: the loop gives up on it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readMail(id)).attempts).toHaveLength(delivery.maxAttempts);

    mail.state.refuseDomain = false;
    const resent = await admin.post(`${outbox}/${id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ id, attempt_count: 0 });
    const sent = await until(() => readMail(id), (found) => found.status === 'sent');
    // The earlier attempts stay on record beneath the one that took it.
    expect(sent.attempts.map((attempt) => attempt.outcome)).toEqual(['sent', ...Array(delivery.maxAttempts).fill('refused')]);
    expect(sent.attempt_count).toBe(1);
    expect(mail.received.filter((one) => one.to.includes('someone@refused.example'))).toHaveLength(1);
  }, 60_000);

  test('two instances on one database deliver each mail exactly once', async () => {
    second = await startServer({ seedDemo: false, smtpUrl: `smtp://127.0.0.1:${port}`, mailDelivery: delivery }, server.databaseUrl);
    const before = mail.received.length;
    const subjects = Array.from({ length: 24 }, (_, index) => `Instance mail ${index}`);
    await server.database.db.transaction(async (tx) => {
      for (const subject of subjects) await server.app.mailer.queue(tx, { to: ['many@school.example'], subject, text: subject });
    });
    server.app.mailer.wake();
    second.app.mailer.wake();
    await until(
      async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(sql`${mailOutbox.status} <> 'sent'`))[0].n,
      (left) => left === 0,
    );
    const got = mail.received.slice(before).map((one) => /Subject: (.*)/.exec(one.data)![1].trim());
    expect(got.sort()).toEqual([...subjects].sort());
  }, 120_000);
});

describe('the outbox screen\'s calls', () => {
  let server: TestServer;
  let admin: Api;
  let mailIds: number[];

  beforeAll(async () => {
    server = await startServer({ seedDemo: false });
    admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
    const first = await voucherFor(server, admin, 'ann@school.example', 'Spring voucher');
    const second = await voucherFor(server, admin, 'bob@school.example', 'Autumn voucher');
    mailIds = [];
    for (const { voucher } of [first, second]) mailIds.push((await admin.put(`/api/v1/vouchers/${voucher.id}/send_email`, {}, { headers: { 'accept-language': 'en-US' } })).body.data.mail_id);
  }, 120_000);
  afterAll(() => server?.stop());

  test('without SMTP_URL the mail stays queued, and the delivery call says why', async () => {
    const state = await admin.get(`${outbox}/delivery`);
    expect(state.body).toEqual({ success: true, data: { delivering: false, max_attempts: 10, retention_days: 30 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = (await admin.get(pager)).body.data;
    expect(listed.total).toBe(2);
    expect(listed.items.map((one: OutboxMail) => [one.id, one.status, one.attempt_count, one.attempts])).toEqual([
      [mailIds[1], 'queued', 0, []],
      [mailIds[0], 'queued', 0, []],
    ]);
  });

  test('the pager filters by status and finds a mail by recipient or subject', async () => {
    await server.database.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, mailIds[0]));
    const ids = async (query: Record<string, string | string[]>) => ((await admin.get(pager, { query })).body.data.items as OutboxMail[]).map((one) => one.id);
    expect(await ids({ status: 'failed' })).toEqual([mailIds[0]]);
    expect(await ids({ status: ['failed', 'queued'] })).toEqual([mailIds[1], mailIds[0]]);
    expect(await ids({ status: 'sent' })).toEqual([]);
    expect(await ids({ keyword: 'BOB@school' })).toEqual([mailIds[1]]);
    expect(await ids({ keyword: 'Spring voucher' })).toEqual([mailIds[0]]);
    expect(await ids({ keyword: '%' })).toEqual([]);
    const one = (await admin.get(`${outbox}/${mailIds[0]}`)).body.data as OutboxMail;
    expect(one).toMatchObject({ to: ['ann@school.example'], subject: 'Your voucher: Spring voucher', status: 'failed', voucher: { name: 'Spring voucher' } });
    expect(one.text).toContain('Code: ');
    // "Send again" queues it for now, with a fresh count.
    const resent = await admin.post(`${outbox}/${mailIds[0]}/resend`);
    expect(resent.body.data).toMatchObject({ id: mailIds[0], status: 'queued', attempt_count: 0 });
  });

  test('bad input is a 400 naming the field, in the caller\'s language; an unknown mail a 404; one being sent a 409', async () => {
    const status = await admin.get(pager, { query: { status: 'lost' }, headers: { 'accept-language': 'ja-JP' } });
    expect(status.status).toBe(400);
    expect(Object.keys(status.body.errors)).toEqual(['status.0']);
    expect(status.body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    const size = await admin.get(pager, { query: { page_size: '1000' }, headers: { 'accept-language': 'zh-CN' } });
    expect([size.status, Object.keys(size.body.errors)]).toEqual([400, ['page_size']]);
    expect((await admin.get(pager, { query: { sort_by: 'text' } })).status).toBe(400);
    const word = await admin.get(pager, { query: { keyword: 'x'.repeat(101) } });
    expect([word.status, Object.keys(word.body.errors)]).toEqual([400, ['keyword']]);
    const id = await admin.post(`${outbox}/abc/resend`);
    expect([id.status, Object.keys(id.body.errors)]).toEqual([400, ['id']]);
    expect((await admin.post(`${outbox}/99999999/resend`)).status).toBe(404);
    expect((await admin.get(`${outbox}/99999999`)).status).toBe(404);

    // A mail claimed by a sender a moment ago is that sender's until its lease runs out.
    await server.database.db.update(mailOutbox).set({ status: 'sending', next_attempt_at: sql`now() + interval '1 minute'` }).where(eq(mailOutbox.id, mailIds[1]));
    const busy = await admin.post(`${outbox}/${mailIds[1]}/resend`, undefined, { headers: { 'accept-language': 'en-US' } });
    expect([busy.status, busy.body.message]).toEqual([409, 'This mail is being sent right now: try again in a moment']);
    // Past its lease the sender is taken to have died: the mail can be sent again.
    await server.database.db.update(mailOutbox).set({ next_attempt_at: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, mailIds[1]));
    expect((await admin.post(`${outbox}/${mailIds[1]}/resend`)).status).toBe(200);
  });

  test('the outbox is the platform operator\'s: tenant administrators (even of the voucher\'s tenant), learners and nobody signed in are refused', async () => {
    const make = people(server);
    const tenant = await make.tenant('mail_school', 'Mail School');
    const tenantAdmin = await make.user('mail_school_admin', tenant, ['tenant_admin']);
    await server.database.db.update(users).set({ email: 'head@mail.example' }).where(eq(users.user_id, tenantAdmin.user_id));
    const course = await courseOf(admin);
    const forTenant = (await admin.post('/api/v1/vouchers/new', { name: 'Tenant voucher', code: 'MAIL-TENANT', resource_type: 'course', resource_id: course.id, object_type: 'tenant', object_id: tenant, count: 5, expire_at: Date.now() + DAY })).body.data;
    const mailId = (await admin.put(`/api/v1/vouchers/${forTenant.id}/send_email`)).body.data.mail_id;
    const learner = await make.user('mail_learner', tenant, ['learner']);
    for (const caller of [tenantAdmin.api, learner.api, client(server.url)]) {
      const answers = await Promise.all([
        caller.get(pager),
        caller.get(`${outbox}/${mailId}`),
        caller.get(`${outbox}/delivery`),
        caller.post(`${outbox}/${mailId}/resend`),
      ]);
      const expected = caller === learner.api || caller === tenantAdmin.api ? 403 : 401;
      expect(answers.map((answer) => answer.status)).toEqual([expected, expected, expected, expected]);
    }
    const profile = await tenantAdmin.api.get('/api/v1/user/profile');
    expect(JSON.parse(profile.headers.get('x-privileges') ?? '[]')).not.toContain('mail:read');
  });

  test('housekeeping prunes sent and failed mail past the retention, with its attempts; queued mail is kept however old', async () => {
    const { db } = server.database;
    // One after the other: a transaction is one connection, which pg 9 will not let run statements side by side.
    const [sent, failed, queued, recent] = await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const status of ['sent', 'failed', 'queued', 'sent']) ids.push(await server.app.mailer.queue(tx, { to: ['old@school.example'], subject: `Old ${status}`, text: status }));
      return ids;
    });
    await db.execute(sql`insert into mail_attempts (mail_id, outcome, smtp_code, response) values (${sent}, 'sent', 250, '250 ok'), (${failed}, 'refused', 550, '550 no')`);
    await db.execute(sql`update mail_outbox set status = case id when ${sent} then 'sent' when ${failed} then 'failed' when ${recent} then 'sent' else status end,
      last_attempt_at = case when id = ${recent} then now() - interval '29 days' else now() - interval '31 days' end, created_at = now() - interval '60 days'
      where id in (${sent}, ${failed}, ${queued}, ${recent})`);
    await sweep(server.app);
    const left = (await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([queued, recent]));
    expect(left).not.toContain(sent);
    expect(left).not.toContain(failed);
    expect(await db.select().from(mailAttempts).where(inArray(mailAttempts.mail_id, [sent, failed]))).toEqual([]);
  });
});
