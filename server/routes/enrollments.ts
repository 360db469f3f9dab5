import { and, asc, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  enrollment,
  enrollmentListQuery,
  enrollmentRecord,
  enrollmentStatistic,
  enrollmentStatisticQuery,
  enrollmentStatusBody,
} from '../../schema/enrollment';
import { failures, page, success } from '../../schema/envelope';
import { ownTenant, tenantListScope, tenantScope } from '../auth/tenantScope';
import type { Database, Executor } from '../db/client';
import { searchMatches } from '../db/entityTable';
import { keepKeywordCount } from '../db/keywordCounts';
import { courses, enrollmentCountLevelBlocks, enrollmentCountLevels, enrollmentCounts, enrollments } from '../db/schema';
import { Forbidden, NotFound } from '../errors';
import { caller } from '../types';
import { entityColumns, type CsvColumn } from '../export/columns';
import { streamRows } from '../export/cursor';
import { preparedSelect } from '../db/statements';
import { containing, DEEP_OFFSET, deepIds, entityStore, timeBound, type Condition, type ListQuery, type Statement } from './entityRoutes';
import { pageSerializerCompiler } from '../serialization';

type Row = Record<string, unknown>;

const store = entityStore(enrollment, enrollments, {
  countedBy: [[], ['available'], ['tenant_id'], ['tenant_id', 'available'], ['target_id'], ['target_id', 'available']],
  // Days for deep pages, quarter hours for the enrol time's range (migration 0023).
  timeBlocks: { column: 'create_at', ranges: true },
});

/** A tenant administrator sees and changes the enrolments of its own learners (the row carries the learner's tenant). */
const scope = (request: FastifyRequest) => tenantScope(request, enrollments.tenant_id);

type EnrollmentListQuery = ListQuery & { start_time?: number; end_time?: number };
/** The enrol time's bounds, built once: the placeholders take the time as the column stores it. */
const startsAt = timeBound(enrollments.create_at, 'from', 'start_time');
const endsBefore = timeBound(enrollments.create_at, 'to', 'end_time');
const listConditions = ({ start_time, end_time }: EnrollmentListQuery, scoped: Condition | undefined): (Condition | undefined)[] => [
  scoped,
  start_time === undefined ? undefined : { condition: startsAt, values: { start_time: new Date(start_time).toISOString() } },
  end_time === undefined ? undefined : { condition: endsBefore, values: { end_time: new Date(end_time).toISOString() } },
];

/**
 * The statement the enrolment pager sends for this (validated) query, values bound, for a platform
 * administrator or the administrator of `tenant`: the bench's bare route sends it itself.
 */
export const enrollmentListStatement = (db: Executor, query: EnrollmentListQuery, tenant?: number) =>
  store.listStatement(db, query, listConditions(query, tenant === undefined ? undefined : ownTenant(tenant, enrollments.tenant_id)));

/**
 * Whose counts the statistic reads: a tenant administrator's organisation, or for a platform
 * administrator the platform's total, kept under tenant 0; none for anyone else.
 */
function countTenant(request: FastifyRequest): number | null {
  const { user, tenantLimit } = caller(request);
  return user.roles.includes('admin') ? 0 : tenantLimit;
}

/**
 * SPEC.md's flat course title and learner name, from the references the store has just read (the
 * bench's bare route adds them the same way). The row's fields are spread after the two names: V8
 * copies an object spread first in a literal fast, then adding properties to the copy costs ten
 * times the copy (27 µs of a 20-row page the other way round).
 */
export const withNames = (row: Row): Row => ({
  target_title: (row.target as { title?: string } | null)?.title ?? '',
  learner_name: (row.learner as { user_name?: string } | null)?.user_name ?? '',
  ...row,
});

// The generic view of the schemas: rows are checked against them when answering.
const listQuery = enrollmentListQuery as unknown as z.ZodType<EnrollmentListQuery>;
const listAnswer = success(page(enrollmentRecord)) as unknown as z.ZodType<{ success: true; data: { items: Row[]; total: number } }>;
const recordAnswer = success(enrollmentRecord) as unknown as z.ZodType<{ success: true; data: Row }>;
interface StatisticQuery {
  page: number;
  page_size: number;
  keyword?: string;
  sort_by?: 'enrollment_count';
  order?: 'asc' | 'desc';
}
const statisticQuery = enrollmentStatisticQuery as unknown as z.ZodType<StatisticQuery>;
const statisticAnswer = success(page(enrollmentStatistic));

const detail = { access: enrollment.privileges.read, resource: enrollment.resource } as const;
const STATISTIC = 'enroll_statis';
/** The course ids of a block of `enrollment_count_level_blocks` (the platform's, migration 0039): `course_id / 1024`. */
const COURSE_BLOCK = 1024;

/**
 * The statistic's page: courses by their enabled enrolments in the caller's scope, from the counts
 * the triggers keep (migrations 0011, 0014), never by counting enrolments. The total rides along in
 * the same statement: the number of count rows in the scope (a course whose count falls to 0 loses
 * its row), itself kept by `count_rows`; with a keyword, the matching courses' count rows are
 * counted. The page's course ids come from the count index alone, then their titles.
 *
 * A deep page of the whole scope enters the count index at the count its first row has: the number
 * of courses at each count (migration 0025), summed in the page's order, gives that count and the
 * rows before it, so only the courses of that count are skipped. The platform's, whose levels are
 * large, finds the block of ids within that count the same way (migration 0039), and skips only the
 * courses of that count in that one block.
 */
function statisticQueryOf(db: Executor, shape: 'searching' | 'first' | 'deep' | 'deep platform', order: 'asc' | 'desc') {
  const scoped = eq(enrollmentCounts.tenant_id, sql.placeholder('tenant'));
  const searched = shape === 'searching' ? searchMatches(courses.search_folded, sql.placeholder('pattern')) : undefined;
  const scopeKey = sql`jsonb_build_object('tenant_id', ${sql.placeholder('tenant')}::int)`;
  const live = sql<number>`(${db.select({ total: sql<number>`count(*)::int` }).from(enrollmentCounts).innerJoin(courses, eq(courses.id, enrollmentCounts.course_id)).where(and(scoped, searched))})`;
  // A searched total kept (migration 0029) spares the count: coalesce runs its second subquery only when the first is null.
  const keptRow = sql`from keyword_counts where table_name = 'enrollment_counts' and pattern = lower(${sql.placeholder('pattern')}) and key = ${scopeKey} and ready`;
  const counted = searched
    ? sql<number>`coalesce((select row_count::int ${keptRow}), ${live})`
    : sql<number>`(select coalesce(sum(row_count), 0)::int from row_counts where table_name = 'enrollment_counts' and key = ${scopeKey})`;
  const kept = searched ? sql<boolean>`exists (select ${keptRow})` : sql<boolean>`true`;
  const direction = order === 'asc' ? asc : desc;
  // The index on (tenant_id, enrollment_count, course_id) gives this order (most enrolled first: on a tie, the newer course).
  const ordered = [direction(enrollmentCounts.enrollment_count), direction(enrollmentCounts.course_id)];
  const offset: SQL = sql`${sql.placeholder('offset')}::bigint`;
  let pageIds: SQL | SQLWrapper = (
    searched
      ? db.select({ id: enrollmentCounts.course_id }).from(enrollmentCounts).innerJoin(courses, eq(courses.id, enrollmentCounts.course_id)).where(and(scoped, searched))
      : db.select({ id: enrollmentCounts.course_id }).from(enrollmentCounts).where(scoped)
  )
    .orderBy(...ordered)
    .limit(sql.placeholder('limit'))
    .offset(offset as unknown as number);
  if (shape === 'deep' || shape === 'deep platform') {
    // The levels as blocks: a count, and how many courses have it; within the platform's count reached, its blocks of course ids.
    const levels = sql`(select ${enrollmentCountLevels.enrollment_count} as block, ${enrollmentCountLevels.courses} as row_count from ${enrollmentCountLevels}
      where ${enrollmentCountLevels.tenant_id} = ${sql.placeholder('tenant')}) as levels`;
    const idBlocks =
      shape === 'deep platform'
        ? sql`(select ${enrollmentCountLevelBlocks.course_block} as block, ${enrollmentCountLevelBlocks.courses} as row_count
          from ${enrollmentCountLevelBlocks} where ${enrollmentCountLevelBlocks.tenant_id} = 0 and ${enrollmentCountLevelBlocks.enrollment_count} = reached.block) as id_blocks`
        : undefined;
    const blockSize = sql.raw(String(COURSE_BLOCK));
    // The index entered at the count reached, and on the platform at the block's first id in the page's order (a row comparison, one index bound).
    const entry = idBlocks
      ? order === 'asc'
        ? sql`(${enrollmentCounts.enrollment_count}, ${enrollmentCounts.course_id}) >= (reached.block, within.block * ${blockSize})`
        : sql`(${enrollmentCounts.enrollment_count}, ${enrollmentCounts.course_id}) < (reached.block, (within.block + 1) * ${blockSize})`
      : order === 'asc'
        ? sql`${enrollmentCounts.enrollment_count} >= reached.block`
        : sql`${enrollmentCounts.enrollment_count} <= reached.block`;
    const way = sql.raw(order);
    pageIds = deepIds(
      levels,
      order,
      sql`select ${enrollmentCounts.course_id} as id from ${enrollmentCounts} where ${scoped} and ${entry}
        order by ${enrollmentCounts.enrollment_count} ${way}, ${enrollmentCounts.course_id} ${way}`,
      idBlocks,
    );
  }
  const selection = { id: courses.id, title: courses.title, enrollment_count: enrollmentCounts.enrollment_count, total: counted, kept };
  const page = db
    .select(selection)
    .from(enrollmentCounts)
    .innerJoin(courses, eq(courses.id, enrollmentCounts.course_id))
    .where(and(scoped, inArray(enrollmentCounts.course_id, pageIds)))
    .orderBy(...ordered);
  return { page: preparedSelect(page, selection), counted, live };
}
interface PreparedStatistic {
  /** The page's statement (placeholders among its params) and its run. */
  page: ReturnType<typeof preparedSelect>;
  counted: SQL<number>;
  /** The searched matches counted, whatever the total is read from. */
  live: SQL<number>;
  count?: ReturnType<ReturnType<typeof countAlone>['prepare']>;
}
const countAlone = (db: Executor, counted: SQL<number>) => db.select({ total: counted }).from(sql`(select 1) as one`);
/** The statistic's statements by shape (searching or not, the order), for each database handle. */
const preparedStatistics = new WeakMap<Executor, Map<string, PreparedStatistic>>();

/** The statistic's statement for a shape, prepared once, and this request's values for it. */
function statisticStatement(db: Executor, tenant: number, query: StatisticQuery) {
  const searching = Boolean(query.keyword);
  const order = query.order === 'asc' ? 'asc' : 'desc';
  const offset = (query.page - 1) * query.page_size;
  const shapes = preparedStatistics.get(db) ?? new Map<string, PreparedStatistic>();
  preparedStatistics.set(db, shapes);
  const kind = searching ? 'searching' : offset < DEEP_OFFSET ? 'first' : tenant === 0 ? 'deep platform' : 'deep';
  const shape = `${kind} ${order}`;
  let prepared = shapes.get(shape);
  if (!prepared) {
    // Unnamed: PostgreSQL plans each call for its own values (a tenant of ten courses or the platform of a million).
    prepared = statisticQueryOf(db, kind, order);
    shapes.set(shape, prepared);
  }
  const values = { tenant, pattern: searching ? containing(query.keyword!) : undefined, limit: query.page_size, offset };
  return { prepared, values };
}

/**
 * The statement the statistic sends for this (validated) query in `tenant`'s scope (0: the
 * platform's), values bound: the bench's bare route sends it itself.
 */
export function enrollmentStatisticStatement(db: Executor, tenant: number, query: StatisticQuery): Statement {
  const { prepared, values } = statisticStatement(db, tenant, query);
  return prepared.page.bound(values);
}

async function statisticPage(db: Database, tenant: number | null, query: StatisticQuery, log: FastifyBaseLogger) {
  if (tenant === null) return { items: [], total: 0 };
  const { prepared, values } = statisticStatement(db, tenant, query);
  const rows = await prepared.page.rows<{ id: number; title: string; enrollment_count: number; total: number; kept: boolean | null }>(db, values);
  // A searched total that was counted is kept from now on, counted in the background.
  if (rows.length > 0 && rows[0].kept === false) {
    const kept = { table: 'enrollment_counts', pattern: values.pattern!, key: JSON.stringify({ tenant_id: tenant }) };
    void keepKeywordCount(db, kept, async (tx) => Number((await countAlone(tx, prepared.live).prepare('').execute(values))[0].total), log);
  }
  // An empty page carries no total: none on page 1 means none at all; past the end, count.
  let total = rows.length > 0 ? rows[0].total : 0;
  if (rows.length === 0 && query.page !== 1) {
    prepared.count ??= countAlone(db, prepared.counted).prepare('');
    const [row] = await prepared.count.execute(values);
    total = Number(row.total);
  }
  return {
    items: rows.map(({ id, title, enrollment_count }) => ({ target: { id: id as number, title: title as string }, enrollment_count })),
    total,
  };
}

/** The statistic's export: each course with its count, in the statistic's order (the counts the triggers keep, as the page reads them). */
async function* statisticRows(db: Database, tenant: number | null, query: Omit<StatisticQuery, 'page' | 'page_size'>) {
  if (tenant === null) return;
  const direction = query.order === 'asc' ? asc : desc;
  const selection = { title: courses.title, enrollment_count: enrollmentCounts.enrollment_count };
  const rows = db
    .select(selection)
    .from(enrollmentCounts)
    .innerJoin(courses, eq(courses.id, enrollmentCounts.course_id))
    .where(and(eq(enrollmentCounts.tenant_id, tenant), query.keyword ? searchMatches(courses.search_folded, containing(query.keyword)) : undefined))
    .orderBy(direction(enrollmentCounts.enrollment_count), direction(enrollmentCounts.course_id));
  yield* streamRows(db, rows, selection);
}
const statisticColumns: CsvColumn[] = [
  { name: 'target', label: `resources.${STATISTIC}.fields.target`, cell: (row) => String(row.title) },
  { name: 'enrollment_count', label: `resources.${STATISTIC}.fields.enrollment_count`, cell: (row) => Number(row.enrollment_count) },
];

/**
 * Enables or disables the learner's enrolment in the course, under a row lock; doing it twice
 * changes nothing. The counts follow in the same transaction (the triggers of migration 0011).
 * Answers the enrolment's id.
 */
async function setAvailable(tx: Executor, request: FastifyRequest, courseId: number, learnerId: number, available: boolean) {
  // The course first, as its delete locks it first: a delete racing this change waits for it, or is seen.
  await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('key share');
  const [found] = await tx
    .select({ id: enrollments.id, inScope: scope(request) ?? sql<boolean>`true` })
    .from(enrollments)
    .where(and(eq(enrollments.target_id, courseId), eq(enrollments.learner_id, learnerId)))
    .for('update');
  if (!found) throw new NotFound('resources.enroll_detail.errors.not_enrolled');
  // Another organisation's learner: the enrolment exists, but is not the caller's to change.
  if (!found.inScope) throw new Forbidden();
  await tx
    .update(enrollments)
    .set({ available, updated_at: sql`now()` })
    .where(and(eq(enrollments.id, found.id), ne(enrollments.available, available)));
  return found.id;
}

/** Enrolments (SPEC.md's /enroll_detail and /enroll_statis): the pager, the statistic, enable and disable. */
export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;

  app.get(enrollment.listApi, {
    config: {
      ...detail,
      csv: {
        columns: entityColumns(enrollment),
        rows: (request) => store.exportRows(db, request.query as EnrollmentListQuery, listConditions(request.query as EnrollmentListQuery, tenantListScope(request, enrollments.tenant_id))),
      },
    },
    serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
    schema: {
      tags: [enrollment.resource],
      summary: 'List enrolments, newest first, each with its course and learner',
      description:
        '`target_id` (course), `learner_id` and `available` (`true` enabled, `false` disabled) filter; repeat `target_id` or ' +
        '`learner_id` for several. `start_time` (inclusive) and `end_time` (exclusive) bound the enrol time, in epoch ms; ' +
        'a start after the end is a 400 under `end_time`. A tenant administrator sees the enrolments of its own learners.',
      querystring: listQuery,
      response: { 200: listAnswer, ...failures },
    },
    handler: async (request) => {
      const found = await store.list(db, request.query, listConditions(request.query, tenantListScope(request, enrollments.tenant_id)), request.log);
      return { success: true as const, data: { items: found.items.map(withNames), total: found.total } };
    },
  });

  app.get('/api/v1/enrollments/statistic', {
    config: {
      access: enrollment.privileges.read,
      resource: STATISTIC,
      csv: { columns: statisticColumns, rows: (request) => statisticRows(db, countTenant(request), request.query as Omit<StatisticQuery, 'page' | 'page_size'>) },
    },
    serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
    schema: {
      tags: [STATISTIC],
      summary: 'Courses by their number of enabled enrolments, most enrolled first',
      description:
        'Counts only enabled enrolments, kept exact with every change (never counted per request). A platform ' +
        "administrator sees the platform's totals, a tenant administrator those among its own learners. Courses with no " +
        'enabled enrolment (in that scope) are not listed. `keyword` looks in the course title.',
      querystring: statisticQuery,
      response: { 200: statisticAnswer, ...failures },
    },
    handler: async (request) => ({ success: true as const, data: await statisticPage(db, countTenant(request), request.query, request.log) }),
  });

  for (const [action, available] of [
    ['enrollmentEnable', true],
    ['enrollmentDisable', false],
  ] as const)
    app.post(`/api/v1/${action}`, {
      config: { access: enrollment.privileges.write, resource: enrollment.resource },
      schema: {
        tags: [enrollment.resource],
        summary: available ? "Enable a learner's enrolment in a course" : "Disable a learner's enrolment in a course",
        description:
          `Sets \`available\` to ${available} and answers the enrolment; doing it again changes nothing and answers the same. ` +
          'No such enrolment is a 404; the enrolment of another organisation\'s learner a 403, as every record outside ' +
          "a tenant administrator's scope. The statistic's counts follow in the same transaction.",
        body: enrollmentStatusBody,
        response: { 200: recordAnswer, ...failures },
      },
      handler: async (request) => {
        const { courseId, learnerId } = request.body;
        const id = await db.transaction((tx) => setAvailable(tx, request, courseId, learnerId, available));
        // Read once committed: the page's course and learner are looked up side by side, which one transaction's connection cannot do.
        return { success: true as const, data: withNames(await store.read(db, id)) };
      },
    });
};
