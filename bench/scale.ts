import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listQuerySchema } from '../schema/entity';
import { poolSizeFrom } from '../server/config';
import { embeddedDatabaseUrl } from '../server/db/embeddedPostgres';
import { startServerProcess } from '../test/serverProcess';
import { startBareServer } from './bare';
import { embeddedPostgresProcesses, externalPostgresProcesses, parentOf, proportionalMemoryMb, residentMemory } from './processes';
import { get, type Sampled } from './latency';
import { closeLatencySamplers, load as generateLoad, sampleLatencies, type LoadResult } from './load';
import { median, percentile, roundRatios } from './stats';
import { WORDS } from './words';

/**
 * The scale part (`BENCH_ONLY=scale`, issue 18): every list of the product against the database
 * `npm run seed:scale` filled (1,000,000 courses, 5,000,000 enrolments...), through the real server
 * process started as `npm start` starts it. Per shape of each list (first page, page 10,000 or the
 * last, keyword, each filter, a tenant administrator's view) the answer's total must equal a
 * count(*) made in SQL beforehand, then its latency is sampled at 1 and at 8 clients: the p95 of
 * each round, the median over rounds, against budgets.json's `scale`. Then the course pager under
 * 50 connections against bench/bare.ts's course route, and the peak memory of the server and of
 * the database's processes over the whole part.
 *
 * The bench only reads the database: its own connections are read-only, and the server it starts
 * writes nothing but the sessions of its two sign-ins and the totals of the words it is asked for
 * (keyword_counts; the database is seeded already, so the server's start seeds nothing). One
 * connection lets go of the kept totals of the words it times as first searches.
 */

export type Recorder = (database: string, figure: string, measured: number, budget?: number, lowerIsBetter?: boolean) => void;

interface ScaleBudgets {
  listP95Ms: number;
  keywordP95Ms: number;
  enrollmentStatisticFirstPageP95Ms: number;
  chapterTreeP95Ms: number;
  coursePagerUnderLoadVsBareRatio: number;
  coursePagerUnderLoadP99Ms: number;
  serverPeakRssMb: number;
  keywordEstimateVsMatchesRatio: number;
}

const DATABASE = 'scale';
/** The word whose expected matches are checked in each searched table that holds it at least this often. */
const ESTIMATED_PATTERN = '%lighthouse%';
const ESTIMATED_AT_LEAST = 500;
/**
 * Rounds of every measurement (BENCH_ROUNDS, 3 here). A latency round lasts a third of BENCH_SECONDS
 * (3), a round of the load three times it: at a million rows a slow list answers in seconds under 50
 * connections, and a round shorter than its answers measures nothing.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LOAD_SECONDS = 3 * SECONDS;
const LATENCY_SECONDS = SECONDS / 3;
/** At least this many answers per shape, level and round (so a p95 means something even for a slow shape)... */
const MIN_SAMPLES = 5;
/** ...unless the round has already lasted this long (a shape of seconds per answer, before its fix: the part stays near 10 minutes). */
const ROUND_CAP_MS = 6_000;
const LEVELS = [1, 8] as const;
const LOAD_CONNECTIONS = 50;
/** The page the issue names, or the last one when a list has fewer pages. */
const DEEP_PAGE = 10_000;
/** The API's default page size (what a list answers without `page_size`). */
const PAGE_SIZE = Number(listQuerySchema(['id']).parse({}).page_size);
const PASSWORD = process.env.SCALE_PASSWORD || 'scale-pass-1';
const OPERATOR = 'scale.operator';
/** A word of every generated title (bench/words.ts): about 1 in 32 courses, 1 in 64 teachers, learners, tenants... */
const WORD = WORDS[0];

type Who = 'operator' | 'tenant admin';
type BudgetName = 'listP95Ms' | 'keywordP95Ms' | 'enrollmentStatisticFirstPageP95Ms' | 'chapterTreeP95Ms';

/** One question to a list, with the answer it must give. */
interface Shape {
  list: string;
  shape: string;
  /** The route as the OpenAPI document names it (`/api/v1/series/{id}/courses`): what the coverage check matches. */
  route: string;
  /** The address asked, query string included. */
  url: string;
  who: Who;
  budget: BudgetName;
  /** A page's exact total (count(*) in SQL), or a tree's number of nodes. */
  expected: number;
  /** How many rows the page must carry; undefined for a tree or the dashboard. */
  items?: number;
  /** The dashboard: `expected` is its enrolment total. */
  dashboard?: true;
  /** The query parameters it exercises, for the coverage check. */
  params: string[];
}

// --- where the scale data is -----------------------------------------------------------------------

interface Located {
  url: string;
  describe: string;
  /** The server's environment: the database, and a DATA_DIR of its own for its files unless it runs the embedded cluster. */
  serverEnv: Record<string, string>;
  /** Set when the server starts the embedded cluster itself: its address is known once the server is up. */
  embeddedDir?: string;
  /** The embedded cluster's folder when the database is one (its processes are found by it). */
  clusterDir?: string;
  scratchDir?: string;
}

/** When seed:scale filled the database at `url`, or why it cannot be told. */
async function seededAt(url: string): Promise<{ at?: string; why?: string }> {
  const client = new pg.Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
  try {
    await client.connect();
    const { rows } = await client.query<{ value: string }>(`select value from app_meta where key = 'scale_seeded_at'`);
    return rows[0] ? { at: rows[0].value } : { why: 'no scale_seeded_at in app_meta' };
  } catch (error) {
    return { why: (error as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL's database if set, else the embedded one in DATA_DIR (./data): reached beside its
 * running server, or started by the server under test. Answers why not when there is no scale data.
 */
async function locate(): Promise<Located | { absent: string }> {
  const scratchDir = () => mkdtempSync(path.join(tmpdir(), 'cc-bench-scale-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) {
    const { why } = await seededAt(databaseUrl);
    if (why) return { absent: `DATABASE_URL's database has none (${why})` };
    const dir = scratchDir();
    return { url: databaseUrl, describe: 'DATABASE_URL', serverEnv: { DATABASE_URL: databaseUrl, DATA_DIR: dir }, scratchDir: dir };
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  if (!existsSync(path.join(dataDir, 'postgres'))) return { absent: `no DATABASE_URL, and no embedded PostgreSQL in ${dataDir}` };
  const running = embeddedDatabaseUrl(dataDir);
  if (running) {
    const { why } = await seededAt(running);
    if (why) return { absent: `the embedded database in ${dataDir} has none (${why})` };
    const dir = scratchDir();
    return { url: running, describe: `the embedded PostgreSQL in ${dataDir}, running`, serverEnv: { DATABASE_URL: running, DATA_DIR: dir }, clusterDir: dataDir, scratchDir: dir };
  }
  return { url: '', describe: `the embedded PostgreSQL in ${dataDir}`, serverEnv: { DATABASE_URL: '', DATA_DIR: dataDir }, embeddedDir: dataDir, clusterDir: dataDir };
}

// --- requests ---------------------------------------------------------------------------------------

async function signIn(base: string, loginName: string, password: string): Promise<string> {
  const answer = await fetch(`${base}/api/v1/sys/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_name: loginName, password }),
  });
  if (!answer.ok) throw new Error(`signing in as ${loginName}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

const grouped = (value: number) => value.toLocaleString('en-US');

// --- the shapes and their exact totals ------------------------------------------------------------------

/** A read-only connection for the counts and the choice of filter values. */
type Sql = (text: string, params?: unknown[]) => Promise<number>;

/** The page 10,000 of a list, or its last page when it has fewer. */
const deepPage = (total: number) => Math.min(DEEP_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
const rowsOnPage = (total: number, page: number) => Math.max(0, Math.min(PAGE_SIZE, total - (page - 1) * PAGE_SIZE));

interface ListSpec {
  list: string;
  route: string;
  /** The address when the route has a parameter in its path. */
  path?: string;
  /** count(*) of the whole list as the operator sees it. */
  count: string;
  countParams?: unknown[];
  /** The search: its parameter, word and count (`$1` is `%word%`). */
  search?: { param: string; word: string; count: string };
  /** Each filter or view: its query string, the count, who asks. */
  filters?: { shape: string; query: Record<string, string | number>; count: string; params?: unknown[]; who?: Who; budget?: BudgetName }[];
  /** The first page's budget when it is not the list budget (the enrolment statistic's). */
  firstPageBudget?: BudgetName;
}

async function shapesOf(spec: ListSpec, count: Sql): Promise<Shape[]> {
  const address = spec.path ?? spec.route;
  const url = (query: Record<string, string | number>) => `${address}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const shape = (name: string, query: Record<string, string | number>, total: number, who: Who, budget: BudgetName): Shape => {
    const page = Number(query.page ?? 1);
    return {
      list: spec.list,
      shape: name,
      route: spec.route,
      url: url({ ...query, page, page_size: PAGE_SIZE }),
      who,
      budget,
      expected: total,
      items: rowsOnPage(total, page),
      params: Object.keys(query).filter((key) => key !== 'page'),
    };
  };
  const total = await count(spec.count, spec.countParams);
  const deep = deepPage(total);
  const shapes = [shape('first page', {}, total, 'operator', spec.firstPageBudget ?? 'listP95Ms')];
  // A list of one page has no other page to ask for.
  if (deep > 1) shapes.push(shape(deep === DEEP_PAGE ? `page ${grouped(deep)}` : `page ${grouped(deep)} (the last)`, { page: deep }, total, 'operator', 'listP95Ms'));
  if (spec.search) {
    const { param, word, count: text } = spec.search;
    shapes.push(shape(`${param} "${word}"`, { [param]: word }, await count(text, [`%${word}%`]), 'operator', 'keywordP95Ms'));
  }
  for (const filter of spec.filters ?? [])
    shapes.push(shape(filter.shape, filter.query, await count(filter.count, filter.params), filter.who ?? 'operator', filter.budget ?? 'listP95Ms'));
  return shapes;
}

/** Every list of the product with its shapes, each total counted in SQL now. */
async function buildShapes(sql: Sql, one: <T>(text: string, params?: unknown[]) => Promise<T | undefined>, tenantId: number): Promise<Shape[]> {
  // The filters' values, chosen among the generated rows.
  const top = (await one<number>(
    `select id as value from categories c where parent_id = 0 and exists (select 1 from categories s where s.parent_id = c.id)
       and exists (select 1 from courses where category_id = c.id) order by id limit 1`,
  ))!;
  const sub = (await one<number>(`select id as value from categories where parent_id = $1 order by id limit 1`, [top]))!;
  // The 300-section course is seed:scale's most popular one.
  const outlined = (await one<number>(`select course_id as value from chapters where parent_id = 0 group by course_id order by count(*) desc, course_id limit 1`))!;
  const learner = (await one<number>(`select learner_id as value from enrollments where target_id = $1 order by id limit 1`, [outlined]))!;
  const firstSeries = (await one<number>(`select min(series_id) as value from series_courses`)) ?? 0;
  const group = (await one<number>(`select min(id) as value from carousel_groups`)) ?? 1;
  // The last 30 days of enrolments, to the second.
  const end = Math.floor(Date.now() / 1000) * 1000;
  const start = end - 30 * 86_400_000;
  const inCategory = `category_id = any(array(select id from categories where id = $1 or parent_id = $1))`;
  const ofLearnersOf = `join users u on u.user_id = e.learner_id where u.tenant_id = $1`;
  // An organisation administrator's part of the trail (a two-thousandth of it at full scale).
  const auditUser = (await one<string>(`select user_name as value from users where user_name like 'scale.admin.%' order by user_id limit 1`)) ?? 'admin';

  const lists: ListSpec[] = [
    {
      list: 'courses pager',
      route: '/api/v1/courses/pager',
      count: 'select count(*) from courses',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from courses where title ilike $1' },
      filters: [
        { shape: 'a top-level category', query: { categoryId: top }, count: `select count(*) from courses where ${inCategory}`, params: [top] },
        { shape: 'a subcategory', query: { categoryId: sub }, count: `select count(*) from courses where ${inCategory}`, params: [sub] },
        { shape: 'sorted by title', query: { sort_by: 'title', order: 'asc' }, count: 'select count(*) from courses' },
      ],
    },
    {
      list: 'teachers',
      route: '/api/v1/teachers/pager',
      count: 'select count(*) from teachers',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from teachers where name ilike $1' },
    },
    {
      list: 'videos',
      route: '/api/v1/videos/pager',
      count: 'select count(*) from videos',
      // seed:scale's videos are "Scale video N".
      search: { param: 'keyword', word: 'video', count: 'select count(*) from videos where title ilike $1' },
    },
    {
      list: 'series',
      route: '/api/v1/sys/series',
      count: 'select count(*) from series',
      search: { param: 'word', word: WORD, count: 'select count(*) from series where title ilike $1' },
      filters: [
        { shape: 'a top-level category', query: { categoryId: top }, count: `select count(*) from series where ${inCategory}`, params: [top] },
        { shape: 'a subcategory', query: { categoryId: sub }, count: `select count(*) from series where ${inCategory}`, params: [sub] },
        { shape: 'published', query: { available: 'true' }, count: 'select count(*) from series where available' },
      ],
    },
    {
      list: "a series' courses",
      route: '/api/v1/series/{id}/courses',
      path: `/api/v1/series/${firstSeries}/courses`,
      count: 'select count(*) from series_courses where series_id = $1',
      countParams: [firstSeries],
    },
    {
      list: 'carousel groups',
      route: '/api/v1/carousel_groups',
      count: 'select count(*) from carousel_groups',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from carousel_groups where ucode ilike $1 or name ilike $1 or description ilike $1' },
    },
    {
      list: 'carousels',
      route: '/api/v1/carousels/pager',
      count: 'select count(*) from carousels',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from carousels where title ilike $1 or description ilike $1' },
      filters: [{ shape: 'one group', query: { carousel_group_id: group }, count: 'select count(*) from carousels where carousel_group_id = $1', params: [group] }],
    },
    {
      list: 'tenants',
      route: '/uc/v1/tenants',
      count: 'select count(*) from tenants',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from tenants where display_name ilike $1 or name ilike $1' },
    },
    {
      list: 'users',
      route: '/uc/v1/system/users',
      count: 'select count(*) from users',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from users where user_name ilike $1 or real_name ilike $1 or nick_name ilike $1' },
      filters: [
        { shape: 'one organisation', query: { tenant_id: tenantId }, count: 'select count(*) from users where tenant_id = $1', params: [tenantId] },
        { shape: 'deactivated', query: { status: 'deactive' }, count: `select count(*) from users where status = 'deactive'` },
        { shape: "a tenant administrator's", query: {}, count: 'select count(*) from users where tenant_id = $1', params: [tenantId], who: 'tenant admin' },
      ],
    },
    {
      list: 'transfer applications',
      route: '/uc/v1/applies',
      count: 'select count(*) from tenant_transfer_applications',
      search: {
        param: 'keyword',
        word: 'learner',
        count: 'select count(*) from tenant_transfer_applications a join users u on u.user_id = a.user_id where u.user_name ilike $1',
      },
      filters: [
        { shape: 'pending', query: { status: 'pending' }, count: `select count(*) from tenant_transfer_applications where status = 'pending'` },
        {
          shape: "a tenant administrator's",
          query: {},
          count: 'select count(*) from tenant_transfer_applications where from_tenant_id = $1 or to_tenant_id = $1',
          params: [tenantId],
          who: 'tenant admin',
        },
      ],
    },
    {
      list: 'vouchers',
      route: '/api/v1/vouchers',
      count: 'select count(*) from vouchers',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from vouchers where name ilike $1 or code ilike $1' },
      filters: [
        { shape: 'for courses', query: { resource_type: 'course' }, count: `select count(*) from vouchers where resource_type = 'course'` },
        { shape: 'for tenants', query: { object_type: 'tenant' }, count: `select count(*) from vouchers where object_type = 'tenant'` },
        { shape: 'available', query: { available: 'true' }, count: 'select count(*) from vouchers where available' },
      ],
    },
    {
      list: 'mail outbox',
      route: '/api/v1/mail_outbox/pager',
      count: 'select count(*) from mail_outbox',
      search: { param: 'keyword', word: WORD, count: `select count(*) from mail_outbox where array_to_string("to", ' ') || ' ' || subject ilike $1` },
      filters: [{ shape: 'failed', query: { status: 'failed' }, count: `select count(*) from mail_outbox where status = 'failed'` }],
    },
    {
      list: 'audit trail',
      route: '/api/v1/audit_logs/pager',
      count: 'select count(*) from audit_logs',
      search: { param: 'keyword', word: WORD, count: 'select count(*) from audit_logs where user_name || chr(10) || title ilike $1' },
      filters: [
        { shape: 'one user', query: { user: auditUser }, count: 'select count(*) from audit_logs where user_name = $1', params: [auditUser] },
        { shape: 'deletions', query: { action: 'delete' }, count: `select count(*) from audit_logs where action = 'delete'` },
        { shape: 'courses', query: { entity: 'course' }, count: `select count(*) from audit_logs where entity = 'course'` },
        {
          shape: 'the last 30 days',
          query: { from: start, to: end },
          count: 'select count(*) from audit_logs where at >= to_timestamp($1 / 1000.0) and at < to_timestamp($2 / 1000.0)',
          params: [start, end],
        },
        { shape: "a tenant administrator's", query: {}, count: 'select count(*) from audit_logs where tenant_id = $1', params: [tenantId], who: 'tenant admin' },
      ],
    },
    {
      list: 'enrolments pager',
      route: '/api/v1/enrollments/pager',
      count: 'select count(*) from enrollments',
      filters: [
        { shape: 'one course (the most popular)', query: { target_id: outlined }, count: 'select count(*) from enrollments where target_id = $1', params: [outlined] },
        { shape: 'one learner', query: { learner_id: learner }, count: 'select count(*) from enrollments where learner_id = $1', params: [learner] },
        { shape: 'disabled only', query: { available: 'false' }, count: 'select count(*) from enrollments where not available' },
        {
          shape: 'the last 30 days',
          query: { start_time: start, end_time: end },
          count: 'select count(*) from enrollments where create_at >= to_timestamp($1 / 1000.0) and create_at < to_timestamp($2 / 1000.0)',
          params: [start, end],
        },
        { shape: "a tenant administrator's", query: {}, count: `select count(*) from enrollments e ${ofLearnersOf}`, params: [tenantId], who: 'tenant admin' },
      ],
    },
    {
      list: 'enrolment statistic',
      route: '/api/v1/enrollments/statistic',
      // Courses with at least one enabled enrolment, counted from the enrolments themselves (not the kept counts).
      count: 'select count(distinct target_id) from enrollments where available',
      firstPageBudget: 'enrollmentStatisticFirstPageP95Ms',
      search: {
        param: 'keyword',
        word: WORD,
        count: 'select count(distinct e.target_id) from enrollments e join courses c on c.id = e.target_id where e.available and c.title ilike $1',
      },
      filters: [
        {
          shape: "a tenant administrator's first page",
          query: {},
          count: `select count(distinct e.target_id) from enrollments e ${ofLearnersOf} and e.available`,
          params: [tenantId],
          who: 'tenant admin',
          budget: 'enrollmentStatisticFirstPageP95Ms',
        },
      ],
    },
  ];
  const shapes: Shape[] = [];
  for (const spec of lists) shapes.push(...(await shapesOf(spec, sql)));
  // The dashboard, the operator's first screen: its figures over the whole platform, and a day's edges in another zone.
  const enrollments = await sql('select count(*) from enrollments');
  const dashboard = (shape: string, query: string, params: string[]): Shape => ({
    list: 'dashboard',
    shape,
    route: '/api/v1/dashboard',
    url: `/api/v1/dashboard${query}`,
    who: 'operator',
    budget: 'listP95Ms',
    expected: enrollments,
    dashboard: true,
    params,
  });
  shapes.push(dashboard('the platform', '', []), dashboard('the platform, days in Tokyo', '?time_zone=Asia%2FTokyo', ['time_zone']));
  // The trees: every node must be there.
  const tree = (list: string, route: string, url: string, nodes: number, budget: BudgetName): Shape => ({ list, shape: 'whole tree', route, url, who: 'operator', budget, expected: nodes, params: [] });
  shapes.push(tree('category tree', '/api/v1/categories/tree', '/api/v1/categories/tree', await sql('select count(*) from categories'), 'listP95Ms'));
  const sections = await sql('select count(*) from chapters where course_id = $1 and parent_id <> 0', [outlined]);
  shapes.push(
    tree(
      `chapter tree (${sections} sections)`,
      '/api/v1/courses/{id}/chapters/tree',
      `/api/v1/courses/${outlined}/chapters/tree`,
      await sql('select count(*) from chapters where course_id = $1', [outlined]),
      'chapterTreeP95Ms',
    ),
  );
  return shapes;
}

/** Nodes of a tree answer (each with its `children`). */
const nodesOf = (nodes: { children?: unknown[] }[]): number => nodes.reduce((sum, node) => sum + 1 + nodesOf((node.children ?? []) as { children?: unknown[] }[]), 0);

/** What is wrong with a shape's answer, or undefined: success, and the exact total (or every node of a tree). */
function checkAnswer(shape: Shape, status: number, body: Buffer): string | undefined {
  if (status !== 200) return `answered ${status}: ${body.toString().slice(0, 200)}`;
  const answer = JSON.parse(body.toString()) as { success: boolean; data: { items?: unknown[]; total?: number } | { children?: unknown[] }[] };
  if (!answer.success) return `answered success: false`;
  if (shape.dashboard) {
    const total = (answer.data as unknown as { enrollments: { total: number } }).enrollments.total;
    return total === shape.expected ? undefined : `enrolments total ${total}, count(*) says ${shape.expected}`;
  }
  if (shape.items === undefined) {
    const nodes = nodesOf(answer.data as { children?: unknown[] }[]);
    return nodes === shape.expected ? undefined : `${nodes} nodes, the database holds ${shape.expected}`;
  }
  const { items, total } = answer.data as { items: unknown[]; total: number };
  if (total !== shape.expected) return `total ${total}, count(*) says ${shape.expected}`;
  if (items.length !== shape.items) return `${items.length} rows on the page, ${shape.items} expected`;
  return undefined;
}

// --- coverage: every list of the OpenAPI document is measured -----------------------------------------

/** Parameters of a list that are not filters: paging, sorting, and chosen ids (react-admin's getMany). */
const NOT_FILTERS = new Set(['page', 'page_size', 'sort_by', 'order', 'id']);

/** Every GET of the OpenAPI document answering a page (`items` and `total`), with its query parameters. */
async function listRoutes(base: string, token: string) {
  const answer = await fetch(`${base}/api/docs/json`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`GET /api/docs/json: ${answer.status}`);
  const document = (await answer.json()) as { paths: Record<string, { get?: { parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> } }> };
  return Object.entries(document.paths).flatMap(([route, operations]) => {
    // A page answers `data: { items, total }` ("items" alone is also JSON Schema's word for any array).
    const data = (operations.get?.responses?.['200'] as { content?: Record<string, { schema?: { properties?: { data?: { properties?: object } } } }> } | undefined)?.content;
    const fields = Object.keys(Object.values(data ?? {})[0]?.schema?.properties?.data?.properties ?? {});
    if (!operations.get || !fields.includes('items') || !fields.includes('total')) return [];
    const params = (operations.get.parameters ?? []).filter((param) => param.in === 'query').map((param) => param.name);
    return [{ route, params: params.filter((name) => !NOT_FILTERS.has(name)) }];
  });
}

// --- latency ------------------------------------------------------------------------------------------

/**
 * A latency round of `clients` at a time on `url` for LATENCY_SECONDS and at least MIN_SAMPLES
 * answers (at most ROUND_CAP_MS), timed by the load generator's process (bench/latency.ts): each
 * answer's time in ms.
 */
const sample = (url: string, token: string, clients: number): Promise<Sampled> =>
  sampleLatencies({ url, token, clients, seconds: LATENCY_SECONDS, minSamples: MIN_SAMPLES, capMs: ROUND_CAP_MS });

// --- load: the course pager against the bare route ---------------------------------------------------------

/** The operator's load, from the bench's load generator. */
const load = (url: string, token: string | undefined) => generateLoad(url, token, LOAD_CONNECTIONS, LOAD_SECONDS);

// --- memory ------------------------------------------------------------------------------------------------

/** Samples the database's processes every second: the peak of the sum of their Pss (shared pages counted once). */
function memorySampler(pids: () => number[]) {
  let peakMb = 0;
  let processes = 0;
  const take = () => {
    const found = pids();
    const mb = proportionalMemoryMb(found);
    if (mb > peakMb) {
      peakMb = mb;
      processes = found.length;
    }
  };
  take();
  const timer = setInterval(take, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { peakMb, processes };
    },
  };
}

// --- the part ----------------------------------------------------------------------------------------------

/**
 * The scale part. `required` (BENCH_ONLY=scale): without scale data it fails, saying how to make it;
 * otherwise (the whole bench) it says so and is skipped.
 */
export async function measureScale(record: Recorder, required: boolean): Promise<void> {
  const budgets = (JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { scale: ScaleBudgets }).scale;
  const located = await locate();
  if ('absent' in located) {
    const message = `it needs the data \`npm run seed:scale\` fills: ${located.absent}. Run \`npm run seed:scale\` first (with the same DATABASE_URL or DATA_DIR), then \`BENCH_ONLY=scale npm run bench\``;
    if (required) throw new Error(`BENCH_ONLY=scale: ${message}`);
    console.warn(`The scale part is skipped: ${message}.`);
    return;
  }
  const partStarted = performance.now();
  console.log(`scale: ${located.describe}, ${ROUNDS} rounds`);
  const server = startServerProcess({ ...located.serverEnv, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  let pool: pg.Pool | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  let sampler: ReturnType<typeof memorySampler> | undefined;
  try {
    const base = await server.ready;
    const url = located.url || embeddedDatabaseUrl(located.embeddedDir!);
    if (!url) throw new Error(`the server started on ${located.embeddedDir}, but its database's address cannot be read`);
    if (located.embeddedDir) {
      const { why } = await seededAt(url);
      if (why) {
        const message = `it needs the data \`npm run seed:scale\` fills: the embedded database in ${located.embeddedDir} has none (${why}). Run \`npm run seed:scale\` first`;
        if (required) throw new Error(`BENCH_ONLY=scale: ${message}`);
        console.warn(`The scale part is skipped: ${message}.`);
        return;
      }
    }
    // The bench's own connections only read: the counts, the filters' values, and the bare route.
    pool = new pg.Pool({ connectionString: url, max: poolSizeFrom(process.env), options: '-c default_transaction_read_only=on' });
    pool.on('error', (error) => console.warn(`scale: an idle connection of the bench's own was dropped: ${error.message}`));
    const db = pool;
    const count: Sql = async (text, params = []) => Number((await db.query<{ count: string }>(text, params)).rows[0].count);
    const one = async <T>(text: string, params: unknown[] = []) => (await db.query<{ value: T }>(text, params)).rows[0]?.value ?? undefined;

    // The database's processes: the embedded cluster's by its folder; a server's, those serving this database.
    const [{ pid: backend }] = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    const postmaster = parentOf(backend);
    const databaseName = new URL(url).pathname.slice(1);
    const postgresPids = () => (located.clusterDir ? embeddedPostgresProcesses(located.clusterDir) : postmaster ? externalPostgresProcesses(postmaster, databaseName) : []);
    sampler = memorySampler(postgresPids);

    // A platform administrator with a known password: seed:scale's operator, else `admin` with ADMIN_PASSWORD.
    const operatorThere = await one<number>(`select 1 as value from users where user_name = $1 and 'admin' = any(roles)`, [OPERATOR]);
    if (!operatorThere && !process.env.ADMIN_PASSWORD)
      throw new Error(
        `no platform administrator with a known password: this database was filled before seed:scale made ${OPERATOR}. ` +
          'Run `npm run seed:scale` again (on a filled database it adds only that account), or set ADMIN_PASSWORD to admin\'s password',
      );
    const tokens: Record<Who, string> = {
      operator: operatorThere ? await signIn(base, OPERATOR, PASSWORD) : await signIn(base, 'admin', process.env.ADMIN_PASSWORD!),
      'tenant admin': '',
    };
    const tenantAdmin = await db.query<{ user_name: string; tenant_id: number }>(
      `select user_name, tenant_id from users where user_name like 'scale.admin.%' and 'tenant_admin' = any(roles) order by user_id limit 1`,
    );
    if (!tenantAdmin.rows[0]) throw new Error('no scale.admin.N account: was this database filled by npm run seed:scale?');
    const { user_name: tenantAdminName, tenant_id: tenantId } = tenantAdmin.rows[0];
    tokens['tenant admin'] = await signIn(base, tenantAdminName, PASSWORD);

    const countsStarted = performance.now();
    const shapes = await buildShapes(count, one, tenantId);
    record(DATABASE, `counting every shape's total in SQL, ${shapes.length} shapes (s)`, (performance.now() - countsStarted) / 1000);

    // Every list address and filter of the OpenAPI document must be among the shapes.
    const missing: string[] = [];
    const listed = await listRoutes(base, tokens.operator);
    // A change in how the document is read must not make the check pass on nothing.
    record(DATABASE, 'list addresses found in /api/docs/json', listed.length, 15, false);
    for (const { route, params } of listed) {
      const ofRoute = shapes.filter((shape) => shape.route === route);
      if (ofRoute.length === 0) missing.push(`GET ${route}`);
      for (const param of params) if (!ofRoute.some((shape) => shape.params.includes(param))) missing.push(`GET ${route}?${param}`);
    }
    for (const what of missing) record(DATABASE, `not measured: ${what} (1 = measured)`, 0, 1, false);
    record(DATABASE, 'every list address and filter of /api/docs/json measured (1 = yes)', missing.length === 0 ? 1 : 0, 1, false);

    // A keyword's page walks the list's order or sorts every match, by the matches the planner
    // expects from the searched copy's histogram (migration 0040): an estimate far under the count
    // sorted 31,060 courses for one page. Each searched table where the word is common, by name.
    const searchedTables = await db.query<{ table_name: string }>(
      `select c.relname as table_name from pg_attribute a join pg_class c on c.oid = a.attrelid
       where a.attname = 'search_folded' and not a.attisdropped and c.relkind = 'r' order by 1`,
    );
    let estimated = 0;
    for (const { table_name: table } of searchedTables.rows) {
      const matches = await count(`select count(*) from "${table}" where search_folded like $1`, [ESTIMATED_PATTERN]);
      if (matches < ESTIMATED_AT_LEAST) continue;
      estimated++;
      const [{ 'QUERY PLAN': plan }] = (await db.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
        `explain (format json) select 1 from "${table}" where search_folded like '${ESTIMATED_PATTERN}'`,
      )).rows;
      record(
        DATABASE,
        `${table}: matches of "${ESTIMATED_PATTERN}" the planner expects, ÷ its ${grouped(matches)} matches`,
        plan[0].Plan['Plan Rows'] / matches,
        budgets.keywordEstimateVsMatchesRatio,
        false,
      );
    }
    // seed:scale's titles, names and subjects hold the word in seven searched tables: a change of seed must not make the check pass on none.
    record(DATABASE, `searched tables whose expected matches of "${ESTIMATED_PATTERN}" were checked`, estimated, 7, false);

    // Each answer once, checked: success, and the total counted in SQL.
    const checkAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let exact = 0;
    for (const shape of shapes) {
      const { status, body } = await get(checkAgent, `${base}${shape.url}`, tokens[shape.who]);
      const wrong = checkAnswer(shape, status, body);
      if (wrong) record(DATABASE, `WRONG ANSWER: ${shape.list}, ${shape.shape} (GET ${shape.url}): ${wrong} (1 = right)`, 0, 1, false);
      else exact++;
    }
    record(DATABASE, `answers right, totals equal to count(*) (of ${shapes.length} shapes)`, exact, shapes.length, false);

    // Latency: every shape at 1 and at 8 clients in each round, the shapes' order reversed every other round.
    const perRound = new Map(shapes.flatMap((shape) => LEVELS.map((clients) => [`${shapes.indexOf(shape)} ${clients}`, [] as Sampled[]])));
    const latencyStarted = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? shapes : [...shapes].reverse();
      for (const shape of order)
        for (const clients of LEVELS)
          perRound.get(`${shapes.indexOf(shape)} ${clients}`)!.push(await sample(`${base}${shape.url}`, tokens[shape.who], clients));
    }
    record(DATABASE, `latency rounds: ${shapes.length} shapes x ${LEVELS.join(' and ')} clients x ${ROUNDS} rounds (s)`, (performance.now() - latencyStarted) / 1000);
    for (const shape of shapes)
      for (const clients of LEVELS) {
        const rounds = perRound.get(`${shapes.indexOf(shape)} ${clients}`)!;
        const p95s = rounds.map((sampled) => percentile(sampled.latencies, 95) ?? Infinity);
        const samples = rounds.reduce((sum, sampled) => sum + sampled.latencies.length, 0);
        const failures = rounds.reduce((sum, sampled) => sum + sampled.failures, 0);
        const who = shape.who === 'tenant admin' ? ' [tenant admin]' : '';
        const of = shape.dashboard ? `enrolments ${grouped(shape.expected)}` : shape.items === undefined ? `${grouped(shape.expected)} nodes` : `total ${grouped(shape.expected)}`;
        record(
          DATABASE,
          `${shape.list}, ${shape.shape}${who} (${of}), ${clients} client${clients > 1 ? 's' : ''}: p95 (ms), median of ${ROUNDS} (${p95s.map((value) => value.toFixed(0)).join(' ')}; ${samples} answers)`,
          median(p95s),
          budgets[shape.budget],
        );
        if (failures > 0) record(DATABASE, `${shape.list}, ${shape.shape}${who}, ${clients} clients: answers other than 200`, failures, 0);
      }

    // The word of the latency rounds had its total kept since its first search. A word searched for
    // the first time counts its matches, as every search did before migration 0029: three words
    // the seeded titles hold as often, their kept totals let go first, each timed at its first page
    // and again once its total is kept.
    const forget = new pg.Client({ connectionString: url });
    await forget.connect();
    try {
      const fresh = WORDS.slice(1, 4);
      for (const { list, route, table } of [
        { list: 'courses pager', route: '/api/v1/courses/pager', table: 'courses' },
        { list: 'audit trail', route: '/api/v1/audit_logs/pager', table: 'audit_logs' },
        { list: 'enrolment statistic', route: '/api/v1/enrollments/statistic', table: 'enrollment_counts' },
      ]) {
        const first: number[] = [];
        const kept: number[] = [];
        const countedAfter: number[] = [];
        for (const word of fresh) {
          await forget.query('delete from keyword_counts where table_name = $1 and pattern = $2', [table, `%${word}%`]);
          const address = `${base}${route}?keyword=${word}&page=1&page_size=${PAGE_SIZE}`;
          const sent = performance.now();
          if ((await get(checkAgent, address, tokens.operator)).status !== 200) throw new Error(`GET ${address} failed`);
          first.push(performance.now() - sent);
          while (!(await one<boolean>(`select ready as value from keyword_counts where table_name = $1 and pattern = $2`, [table, `%${word}%`]))) {
            if (performance.now() - sent > 30_000) throw new Error(`${list}: "${word}" was not kept within 30 s`);
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          countedAfter.push(performance.now() - sent);
          const again = performance.now();
          await get(checkAgent, address, tokens.operator);
          kept.push(performance.now() - again);
        }
        const listed = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');
        record(DATABASE, `${list}, a word's first search (its matches counted), 1 client: ms, median of ${fresh.join(', ')} (${listed(first)})`, median(first));
        record(DATABASE, `${list}, the same word's next page (its total kept), 1 client: ms, median (${listed(kept)})`, median(kept));
        record(DATABASE, `${list}, the word's total kept, after its first page was asked: ms, median (${listed(countedAfter)})`, median(countedAfter));
      }
    } finally {
      await forget.end();
    }
    checkAgent.destroy();
    await closeLatencySamplers();

    // Load: the operator's first course page at 50 connections against bench/bare.ts's course route
    // (the same page and an exact count(*) through the driver), interleaved rounds, medians.
    bare = await startBareServer(db, []);
    const query = `page=1&page_size=${PAGE_SIZE}`;
    const contenders = [
      { name: 'course pager', url: `${base}/api/v1/courses/pager?${query}`, token: tokens.operator },
      { name: 'bare course page', url: `${bare.base}/bare/courses?${query}`, token: undefined },
    ];
    const drain = async () => {
      // What autocannon left in flight is answered before the next contender starts.
      const agent = new http.Agent({ keepAlive: false });
      for (const contender of contenders) await get(agent, contender.url, contender.token ?? '');
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const results = new Map(contenders.map((contender) => [contender.name, [] as LoadResult[]]));
    for (const contender of contenders) {
      await load(contender.url, contender.token);
      await drain();
    }
    for (let round = 0; round < ROUNDS; round++)
      for (const contender of round % 2 === 0 ? contenders : [...contenders].reverse()) {
        results.get(contender.name)!.push(await load(contender.url, contender.token));
        await drain();
      }
    const real = results.get('course pager')!;
    const floor = results.get('bare course page')!;
    // A round in which nothing was answered is a rate of 0 and a p99 past any budget, not a p99 of 0.
    const rates = (found: LoadResult[]) => found.map((result) => (result.requests.total > 0 ? result.requests.average : 0));
    const under = `${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s rounds`;
    record(DATABASE, `load: course pager first page, ${under}: req/s, median of ${ROUNDS} (${rates(real).map(Math.round).join(' ')})`, median(rates(real)));
    record(DATABASE, `load: bare course page (bench/bare.ts), ${under}: req/s, median of ${ROUNDS} (${rates(floor).map(Math.round).join(' ')})`, median(rates(floor)));
    record(
      DATABASE,
      'load: ratio course pager / bare, median of per-round ratios',
      // An unmeasured ratio (the floor answered nothing) fails rather than passing as NaN.
      median(roundRatios(rates(real), rates(floor)).map((ratio) => (Number.isFinite(ratio) ? ratio : 0))),
      budgets.coursePagerUnderLoadVsBareRatio,
      false,
    );
    const p99s = (found: LoadResult[]) => found.map((result) => (result.requests.total > 0 ? result.latency.p99 : Infinity));
    record(DATABASE, `load: course pager p99 (ms), median of ${ROUNDS} (${p99s(real).map(Math.round).join(' ')})`, median(p99s(real)), budgets.coursePagerUnderLoadP99Ms);
    // The floor's own wait under the same load: what 50 connections on this machine's cores cost before the handler adds anything.
    record(DATABASE, `load: bare course page p99 (ms), median of ${ROUNDS} (${p99s(floor).map(Math.round).join(' ')})`, median(p99s(floor)));
    const failed = (found: LoadResult[]) => found.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
    record(DATABASE, 'load: course pager answers other than 200, errors and timeouts', failed(real), 0);
    record(DATABASE, 'load: bare course page errors and timeouts', failed(floor));

    const memory = residentMemory(server.pid);
    record(DATABASE, 'server process: peak resident memory over the part, VmHWM (MB)', memory.peakMb, budgets.serverPeakRssMb);
    const postgres = sampler.stop();
    sampler = undefined;
    if (postgres.processes > 0)
      record(DATABASE, `database: peak of its processes' summed Pss, sampled every second (${postgres.processes} processes then) (MB)`, postgres.peakMb);
    else console.warn("scale: the database's processes are not on this machine: their memory is not measured");
    record(DATABASE, 'the whole scale part (s)', (performance.now() - partStarted) / 1000);
  } finally {
    sampler?.stop();
    await bare?.close();
    await pool?.end();
    await server.stop();
    if (located.scratchDir) rmSync(located.scratchDir, { recursive: true, force: true });
  }
}
