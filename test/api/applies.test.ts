import pg from 'pg';
import { client, signIn, type Answer } from './client';
import { people } from './people';
import { ADMIN_PASSWORD, startServer, type TestServer } from './server';

const applies = '/uc/v1/applies';
const one = (id: number) => `${applies}/${id}`;
const approve = (id: number) => `${applies}/${id}/approve`;
const reject = (id: number) => `${applies}/${id}/reject`;

type Api = ReturnType<typeof client>;
type Person = Awaited<ReturnType<ReturnType<typeof people>['user']>>;

let server: TestServer;
let make: ReturnType<typeof people>;
let admin: Api;
/** Three organisations, an administrator of each but the last, and learners to move between them. */
let north: number, south: number, west: number;
let northAdmin: Person, southAdmin: Person;
let unique = 0;

beforeAll(async () => {
  server = await startServer();
  make = people(server);
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  north = await make.tenant('north', 'North School');
  south = await make.tenant('south', 'South School');
  west = await make.tenant('west', 'West School');
  northAdmin = await make.user('north_admin', north, ['tenant_admin']);
  southAdmin = await make.user('south_admin', south, ['tenant_admin']);
  // A fresh server migrates and seeds its database first: slow on a busy machine.
}, 120_000);
afterAll(() => server?.stop());

/** A learner of a tenant, signed in on the platform. */
const learnerOf = (tenantId: number | null, name = 'learner') => make.user(`${name}_${++unique}`, tenantId, ['learner']);

async function applied(learner: Person, to_tenant_id: number) {
  const answer = await learner.api.post(applies, { to_tenant_id });
  expect(answer.status).toBe(200);
  return answer.body.data.tenant_transfer_application_id as number;
}

const statusOf = async (id: number) => (await admin.get(one(id))).body.data.status;

describe('applying', () => {
  test('a signed-in learner applies to another organisation; the answer names the learner and both organisations', async () => {
    const learner = await learnerOf(north, 'ana');
    const before = Date.now();
    const answer = await learner.api.post(applies, { to_tenant_id: south });
    expect(answer.status).toBe(200);
    const { tenant_transfer_application_id: id, create_time } = answer.body.data;
    expect(answer.body.data).toEqual({
      tenant_transfer_application_id: id,
      user_id: learner.user_id,
      user_name: learner.user_name,
      user: { user_id: learner.user_id, user_name: learner.user_name },
      from_tenant_id: north,
      from_tenant: { tenant_id: north, display_name: 'North School' },
      to_tenant_id: south,
      to_tenant: { tenant_id: south, display_name: 'South School' },
      status: 'pending',
      create_time,
    });
    // Epoch milliseconds, from the database's clock.
    expect(Math.abs(create_time - before)).toBeLessThan(60_000);
    expect((await admin.get(one(id))).body.data).toEqual(answer.body.data);
  });

  test('a learner without an organisation applies to join one', async () => {
    const learner = await learnerOf(null, 'nomad');
    const answer = await learner.api.post(applies, { to_tenant_id: west });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ from_tenant_id: null, from_tenant: null, to_tenant: { tenant_id: west } });
  });

  test('a missing, malformed, unknown or own organisation is a 400 under to_tenant_id, in the caller\'s language', async () => {
    const learner = await learnerOf(north);
    for (const body of [{}, { to_tenant_id: 'south' }, { to_tenant_id: -1 }, { to_tenant_id: 1.5 }, { to_tenant_id: null }]) {
      const answer = await learner.api.post(applies, body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(['to_tenant_id']);
    }
    const unknown = await learner.api.post(applies, { to_tenant_id: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ to_tenant_id: 'The chosen record does not exist' });
    expect(unknown.body.message).toContain('Target organisation');

    const own = await learner.api.post(applies, { to_tenant_id: north }, { headers: { 'accept-language': 'zh-CN' } });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ to_tenant_id: '您已属于该机构' });
    expect(own.body.message).toContain('目标机构');
    expect((await admin.get(applies, { query: { keyword: learner.user_name } })).body.data.total).toBe(0);
  });

  test('a second application while one waits is a 409; after a decision the learner may apply again', async () => {
    const learner = await learnerOf(north);
    const first = await applied(learner, south);
    const second = await learner.api.post(applies, { to_tenant_id: west }, { headers: { 'accept-language': 'ja-JP' } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('審査待ちの申請がすでにあります');
    expect((await northAdmin.api.put(reject(first))).status).toBe(200);
    expect((await learner.api.post(applies, { to_tenant_id: west })).status).toBe(200);
  });

  test('applications sent at once by one learner: exactly one is taken', async () => {
    const learner = await learnerOf(north);
    const answers = await Promise.all([south, west, south, west].map((to_tenant_id) => learner.api.post(applies, { to_tenant_id })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await admin.get(applies, { query: { keyword: learner.user_name } })).body.data.total).toBe(1);
  });

  test('only a signed-in learner applies: no session is a 401, administrators are refused', async () => {
    expect((await client(server.url).post(applies, { to_tenant_id: south })).status).toBe(401);
    for (const caller of [admin, northAdmin.api]) {
      const answer = await caller.post(applies, { to_tenant_id: south });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Only learners can apply to move to another organisation');
    }
  });
});

describe('the list', () => {
  let ids: { northToSouth: number; southToWest: number; westToNorth: number; westToSouth: number };
  let names: string[];

  beforeAll(async () => {
    const learners = await Promise.all([learnerOf(north, 'zoe'), learnerOf(south, 'zoe'), learnerOf(west, 'zoe'), learnerOf(west, 'zoe')]);
    names = learners.map((learner) => learner.user_name);
    ids = {
      northToSouth: await applied(learners[0], south),
      southToWest: await applied(learners[1], west),
      westToNorth: await applied(learners[2], north),
      westToSouth: await applied(learners[3], south),
    };
    await admin.put(reject(ids.westToSouth));
  });

  const listed = async (api: Api, query: Record<string, string | number | (string | number)[]> = {}) => {
    const answer = await api.get(applies, { query: { keyword: 'zoe', page_size: 50, ...query } });
    expect(answer.status).toBe(200);
    return { ids: answer.body.data.items.map((item: { tenant_transfer_application_id: number }) => item.tenant_transfer_application_id), total: answer.body.data.total };
  };

  test('the platform administrator sees every application, newest first, with the learner and both organisations', async () => {
    const answer = await admin.get(applies, { query: { keyword: 'zoe' } });
    expect(answer.body.data.total).toBe(4);
    const items = answer.body.data.items;
    expect(items.map((item: { tenant_transfer_application_id: number }) => item.tenant_transfer_application_id)).toEqual([
      ids.westToSouth,
      ids.westToNorth,
      ids.southToWest,
      ids.northToSouth,
    ]);
    expect(items.map((item: { create_time: number }) => item.create_time)).toEqual(
      [...items.map((item: { create_time: number }) => item.create_time)].sort((a, b) => b - a),
    );
    expect(items[3]).toMatchObject({ user_name: names[0], from_tenant: { display_name: 'North School' }, to_tenant: { display_name: 'South School' } });
  });

  test('a tenant administrator sees only the applications from or to the own organisation, in the page and in the total', async () => {
    expect(await listed(northAdmin.api)).toEqual({ ids: [ids.westToNorth, ids.northToSouth], total: 2 });
    expect(await listed(southAdmin.api)).toEqual({ ids: [ids.westToSouth, ids.southToWest, ids.northToSouth], total: 3 });
    // A page past the scope's end still counts only the scope.
    const answer = await northAdmin.api.get(applies, { query: { keyword: 'zoe', page: 2, page_size: 1 } });
    expect(answer.body.data).toMatchObject({ total: 2, items: [{ tenant_transfer_application_id: ids.northToSouth }] });
    expect((await northAdmin.api.get(applies, { query: { keyword: 'zoe', page: 5 } })).body.data).toEqual({ items: [], total: 2 });
    // Without a search, the demo academy's applications are not the north's either.
    const all = (await northAdmin.api.get(applies, { query: { page_size: 100 } })).body.data;
    expect(all.items.every((item: { from_tenant_id: number; to_tenant_id: number }) => item.from_tenant_id === north || item.to_tenant_id === north)).toBe(true);
    expect(all.total).toBe(all.items.length);
  });

  test('the status filter repeats; the keyword looks in the learner\'s name', async () => {
    expect(await listed(admin, { status: 'rejected' })).toEqual({ ids: [ids.westToSouth], total: 1 });
    expect((await listed(admin, { status: ['pending', 'rejected'] })).total).toBe(4);
    expect((await listed(southAdmin.api, { status: 'pending' })).ids).toEqual([ids.southToWest, ids.northToSouth]);
    expect(await listed(admin, { keyword: names[2] })).toEqual({ ids: [ids.westToNorth], total: 1 });
    // `%` and `_` are looked for as typed.
    expect((await listed(admin, { keyword: 'zoe%' })).total).toBe(0);
    const bad = await admin.get(applies, { query: { status: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['status.0']);
  });

  test('sorting by apply time either way', async () => {
    expect((await listed(admin, { sort_by: 'create_time', order: 'asc' })).ids).toEqual([ids.northToSouth, ids.southToWest, ids.westToNorth, ids.westToSouth]);
    expect((await admin.get(applies, { query: { sort_by: 'user_name' } })).status).toBe(400);
  });

  test('reading one: another organisation\'s application is a 403, an unknown one a 404', async () => {
    expect((await northAdmin.api.get(one(ids.northToSouth))).status).toBe(200);
    expect((await northAdmin.api.get(one(ids.southToWest))).status).toBe(403);
    expect((await admin.get(one(999_999))).status).toBe(404);
  });

  test('learners and anonymous callers see no applications', async () => {
    const learner = await learnerOf(north);
    expect((await learner.api.get(applies)).status).toBe(403);
    expect((await client(server.url).get(applies)).status).toBe(401);
  });
});

describe('deciding', () => {
  test('approval moves the learner to the target organisation and records the decision', async () => {
    const learner = await learnerOf(north);
    const id = await applied(learner, south);
    const answer = await southAdmin.api.put(approve(id));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ tenant_transfer_application_id: id, status: 'approved', to_tenant: { tenant_id: south } });
    expect(await make.tenantOf(learner.user_id)).toBe(south);
    // The learner's own profile says so.
    expect((await learner.api.get('/api/v1/user/profile')).body.data.tenant_id).toBe(south);
  });

  test('rejection leaves the learner where they are', async () => {
    const learner = await learnerOf(north);
    const id = await applied(learner, south);
    const answer = await northAdmin.api.put(reject(id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('rejected');
    expect(await make.tenantOf(learner.user_id)).toBe(north);
  });

  test('an application is decided once: the second decision is a 409 that says what happened', async () => {
    const learner = await learnerOf(north);
    const approved = await applied(learner, south);
    expect((await admin.put(approve(approved))).status).toBe(200);
    for (const again of [approve(approved), reject(approved)]) {
      const answer = await admin.put(again, undefined, { headers: { 'accept-language': 'zh-CN' } });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('该申请已通过审核');
    }
    const rejected = await applied(learner, west);
    expect((await admin.put(reject(rejected))).status).toBe(200);
    const answer = await admin.put(approve(rejected));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('This application has already been rejected');
    expect(await make.tenantOf(learner.user_id)).toBe(south);
  });

  test('an approve and a reject at once: exactly one wins, and the learner is where the winner says', async () => {
    for (let round = 0; round < 4; round++) {
      const learner = await learnerOf(north);
      const id = await applied(learner, south);
      const [approval, rejection] = await Promise.all([admin.put(approve(id)), northAdmin.api.put(reject(id))]);
      expect([approval.status, rejection.status].sort()).toEqual([200, 409]);
      const status = await statusOf(id);
      expect(status).toBe(approval.status === 200 ? 'approved' : 'rejected');
      expect(await make.tenantOf(learner.user_id)).toBe(status === 'approved' ? south : north);
    }
  });

  test('two approvals at once move the learner once', async () => {
    const learner = await learnerOf(north);
    const id = await applied(learner, south);
    const answers = await Promise.all([admin.put(approve(id)), southAdmin.api.put(approve(id)), northAdmin.api.put(approve(id))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await make.tenantOf(learner.user_id)).toBe(south);
  });

  test('approval is all or nothing: with the target organisation deleted meanwhile nothing changes', async () => {
    const gone = await make.tenant(`gone_${++unique}`);
    const learner = await learnerOf(north);
    const id = await applied(learner, gone);
    await make.removeTenant(gone);
    const answer = await admin.put(approve(id));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The target organisation no longer exists: the application cannot be approved');
    expect(await statusOf(id)).toBe('pending');
    expect(await make.tenantOf(learner.user_id)).toBe(north);
    // It can still be rejected, and it stays listed with the organisation's name gone.
    const rejected = await admin.put(reject(id));
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ to_tenant_id: gone, to_tenant: null, status: 'rejected' });
  });

  test('approval is all or nothing: a learner moved elsewhere meanwhile stays there and the application stays pending', async () => {
    const learner = await learnerOf(north);
    const id = await applied(learner, south);
    await make.moveUser(learner.user_id, west);
    const answer = await southAdmin.api.put(approve(id));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The learner is no longer in the organisation they applied from: the application cannot be approved');
    expect(await statusOf(id)).toBe('pending');
    expect(await make.tenantOf(learner.user_id)).toBe(west);
  });

  test('a tenant administrator decides only applications from or to the own organisation', async () => {
    const learner = await learnerOf(west);
    const id = await applied(learner, south);
    for (const decide of [approve(id), reject(id)]) expect((await northAdmin.api.put(decide)).status).toBe(403);
    expect(await statusOf(id)).toBe('pending');
    expect((await southAdmin.api.put(approve(id))).status).toBe(200);
  });

  test('learners and anonymous callers cannot decide; an unknown application is a 404', async () => {
    const learner = await learnerOf(north);
    const id = await applied(learner, south);
    expect((await learner.api.put(approve(id))).status).toBe(403);
    expect((await client(server.url).put(reject(id))).status).toBe(401);
    expect((await admin.put(approve(999_999))).status).toBe(404);
    expect((await admin.put(`${applies}/abc/approve`)).status).toBe(400);
    expect(await statusOf(id)).toBe('pending');
  });

  /**
   * Another connection's transaction begins with `first`; the approval is sent once it holds that
   * lock and waits for it; `then` finishes the other transaction. Answers the approval's answer.
   */
  async function alongside(first: (other: pg.Client) => Promise<unknown>, approving: () => Promise<Answer>, then: (other: pg.Client) => Promise<unknown>) {
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      // The other change checks for deadlocks long after the server's connection does (1 s): were there one, the server's would be ended.
      await other.query(`set deadlock_timeout = '20s'`);
      await other.query('begin');
      await first(other);
      const answer = approving();
      const waiting = async () => Number((await other.query(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rows[0].n);
      for (let tries = 0; (await waiting()) === 0; tries++) {
        if (tries === 200) throw new Error('the approval never waited for the other change');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const [approved] = await Promise.all([answer, then(other)]);
      return approved;
    } finally {
      await other.end();
    }
  }

  test('an approval and a rename of the learner take turns: both go through, neither is ended as a deadlock', async () => {
    const learner = await learnerOf(north, 'renamed');
    const id = await applied(learner, south);
    const newName = `${learner.user_name}-2`;
    const answer = await alongside(
      // A rename locks the learner first, then its trigger rewrites the learner's applications.
      (other) => other.query('select from users where user_id = $1 for update', [learner.user_id]),
      () => admin.put(approve(id)),
      async (other) => {
        await other.query('update users set user_name = $1 where user_id = $2', [newName, learner.user_id]);
        await other.query('commit');
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('approved');
    expect(await make.tenantOf(learner.user_id)).toBe(south);
    const found = await admin.get(applies, { query: { keyword: newName, status: ['approved'] } });
    expect(found.body.data.items.map((item: { tenant_transfer_application_id: number }) => item.tenant_transfer_application_id)).toEqual([id]);
  });

  test("an approval caught in a deadlock with another change answers 503 in the caller's language, keeps nothing, and goes through when sent again", async () => {
    const learner = await learnerOf(north, 'locked');
    const id = await applied(learner, south);
    const answer = await alongside(
      // The other change holds the target organisation; the approval locks the learner and the application, then waits for it...
      (other) => other.query('select from tenants where tenant_id = $1 for update', [south]),
      () => admin.put(approve(id), undefined, { headers: { 'accept-language': 'ja-JP' } }),
      // ...and the other change now waits for the application.
      async (other) => {
        await other.query('select from tenant_transfer_applications where tenant_transfer_application_id = $1 for update', [id]);
        await other.query('rollback');
      },
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ success: false, error_code: 503, message: '同じデータへの別の変更と同時に行われたため、保存されませんでした。もう一度お試しください' });
    expect(answer.headers.get('retry-after')).not.toBeNull();
    expect(await statusOf(id)).toBe('pending');
    expect(await make.tenantOf(learner.user_id)).toBe(north);
    expect((await admin.put(approve(id))).status).toBe(200);
    expect(await make.tenantOf(learner.user_id)).toBe(south);
  });
});

describe('the demo', () => {
  test('the demo academy has applications waiting, one approved and one rejected, and its administrator sees them', async () => {
    const academyAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', ADMIN_PASSWORD));
    const answer = await academyAdmin.get(applies, { query: { page_size: 50, status: ['pending', 'approved', 'rejected'] } });
    expect(answer.status).toBe(200);
    const statuses = answer.body.data.items.map((item: { status: string }) => item.status);
    expect(statuses.filter((status: string) => status === 'pending').length).toBeGreaterThanOrEqual(3);
    expect(statuses).toEqual(expect.arrayContaining(['approved', 'rejected']));
    expect(answer.body.data.items[0]).toMatchObject({ from_tenant: { display_name: 'Demo Academy' }, to_tenant: { display_name: 'Riverside College' }, status: 'pending' });
  });
});

describe('a tenant administrator at length', () => {
  test("the pages near the start and past it, either way, are the applications from or to the organisation an offset finds, in order", async () => {
    // 300 decided applications of one learner: from the north, to it, and between the others; some made at the same moment.
    const learner = await learnerOf(west, 'many');
    const database = new pg.Client({ connectionString: server.databaseUrl });
    await database.connect();
    const ids = async (order: 'asc' | 'desc', offset: number, limit: number) =>
      (
        await database.query<{ id: number }>(
          `select tenant_transfer_application_id as id from tenant_transfer_applications where from_tenant_id = $1 or to_tenant_id = $1
           order by create_time ${order}, tenant_transfer_application_id ${order} limit $2 offset $3`,
          [north, limit, offset],
        )
      ).rows.map((row) => row.id);
    try {
      await database.query(
        `insert into tenant_transfer_applications (user_id, from_tenant_id, to_tenant_id, status, create_time)
         select $1, (array[$2, $3, $4]::int[])[1 + n % 3], (array[$3, $2, $3]::int[])[1 + n % 3], 'rejected', now() - make_interval(mins => n / 2)
         from generate_series(1, 300) as n`,
        [learner.user_id, north, west, south],
      );
      for (const order of ['desc', 'asc'] as const) {
        for (const [page, size] of [[1, 20], [2, 20], [10, 20], [11, 20], [14, 20], [1, 100], [2, 100], [3, 100], [29, 7]]) {
          const answer = await northAdmin.api.get(applies, { query: { sort_by: 'create_time', order, page, page_size: size } });
          expect(answer.status).toBe(200);
          const listed = answer.body.data.items.map((item: { tenant_transfer_application_id: number }) => item.tenant_transfer_application_id);
          expect([order, page, size, listed]).toEqual([order, page, size, await ids(order, (page - 1) * size, size)]);
        }
      }
    } finally {
      await database.end();
    }
  });
});
