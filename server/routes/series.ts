import { and, asc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, idParams, page, success } from '../../schema/envelope';
import {
  series,
  seriesCourse,
  seriesCourseIds,
  seriesCourseParams,
  seriesCoursesAdded,
  seriesCoursesQuery,
  seriesListQuery,
  seriesRecord,
} from '../../schema/series';
import { course } from '../../schema/course';
import type { Database, Executor } from '../db/client';
import { courses, series as seriesTable, seriesCourses } from '../db/schema';
import { preparedSelect } from '../db/statements';
import { BadRequest, NotFound } from '../errors';
import { checkPrices, underCategory } from './courses';
import { addedColumn, entityColumns, timeCell } from '../export/columns';
import { streamRows } from '../export/cursor';
import { translate } from '../messages';
import { countable, entityRoutes, entityStore, type ListQuery } from './entityRoutes';
import { refuseIfOnVouchers } from './vouchers';
import { pageSerializerCompiler } from '../serialization';

type Row = Record<string, unknown>;

// Spelt out: drizzle leaves columns unqualified in a one-table select.
const store = entityStore(series, seriesTable, {
  computed: {
    available: sql<boolean>`series.available`,
    create_at: sql<number>`floor(extract(epoch from series.created_at) * 1000)::float8`,
    category_names: sql<string>`(select coalesce(parent.title || ' / ', '') || own.title from categories own
      left join categories parent on parent.id = own.parent_id where own.id = series.category_id)`,
  },
  countedBy: [[], ['category_id'], ['available'], ['category_id', 'available']],
  idBlocks: true,
});

type SeriesListQuery = ListQuery & { categoryId?: number; available?: boolean };
/** The published state, the placeholder `available`: built once, bound per request. */
const publishedIs = countable(eq(seriesTable.available, sql.placeholder('available')), { column: 'available', placeholder: 'available' });
const listConditions = ({ categoryId, available }: SeriesListQuery) => [
  categoryId === undefined ? undefined : underCategory(categoryId, seriesTable.category_id),
  available === undefined ? undefined : { condition: publishedIs, values: { available } },
];

/** The statement the series list sends for this (validated) query, values bound: the bench's bare route sends it itself. */
export const seriesListStatement = (db: Executor, query: SeriesListQuery) => store.listStatement(db, query, listConditions(query));
/** The courses of a series are presented as the course list presents them: category and teachers. */
const courseStore = entityStore(course, courses);

// The generic view of the schemas: rows are checked against them when answering.
const listQuery = seriesListQuery as unknown as z.ZodType<SeriesListQuery>;
const recordAnswer = success(seriesRecord) as unknown as z.ZodType<{ success: true; data: Row }>;
const listAnswer = success(page(seriesRecord)) as unknown as z.ZodType<{ success: true; data: { items: Row[]; total: number } }>;
const coursesAnswer = success(page(seriesCourse)) as unknown as z.ZodType<{ success: true; data: { items: Row[]; total: number } }>;
const input = series.input as unknown as z.ZodType<Row>;
const patch = series.patch as unknown as z.ZodType<Row>;

/** What a series' course answers before its category and teachers are added. */
const seriesCourseSelection = {
  id: courses.id,
  title: courses.title,
  category_id: courses.category_id,
  cover: courses.cover,
  subtitle: courses.subtitle,
  price: courses.price,
  original_price: courses.original_price,
  teacher_ids: courses.teacher_ids,
  res_type: courses.res_type,
};

/** The declared fields, the published state as the list words it, the creation time and the category's path. */
const exportColumns = entityColumns(series, [
  addedColumn(series, 'available', (row, { locale }) => translate(locale, `resources.series.status.${row.available ? 'published' : 'unpublished'}`)),
  addedColumn(series, 'create_at', timeCell('create_at')),
  addedColumn(series, 'category_names'),
]);

const config = (access: 'series:read' | 'series:write' | 'series:publish') => ({ access, resource: series.resource });
const tags = [series.resource];
const one = `${series.api}/:id`;

/** The series row, locked for the rest of the transaction (so changes to its courses run one at a time); 404 when there is none. */
async function lockSeries(tx: Executor, id: number) {
  const [found] = await tx.select({ id: seriesTable.id, title: seriesTable.title }).from(seriesTable).where(eq(seriesTable.id, id)).for('update');
  if (!found) throw new NotFound();
  return found as { id: number; title: string };
}

/** A change of either price is checked against the stored other one. */
async function checkStoredPrices(tx: Executor, id: number, body: Row) {
  if (body.price === undefined && body.original_price === undefined) return;
  const [stored] = await tx.select({ price: seriesTable.price, original_price: seriesTable.original_price }).from(seriesTable).where(eq(seriesTable.id, id));
  if (!stored) throw new NotFound();
  checkPrices((body.price ?? stored.price) as number, (body.original_price ?? stored.original_price) as number);
}

async function setAvailable(db: Database, id: number, available: boolean) {
  // In a transaction, as every write: it carries who acts to the audit trail (server/auditTrail.ts).
  return db.transaction(async (tx) => {
    const [changed] = await tx.update(seriesTable).set({ available, updated_at: sql`now()` }).where(eq(seriesTable.id, id)).returning({ id: seriesTable.id });
    if (!changed) throw new NotFound();
    return store.read(tx, id);
  });
}

/**
 * `/api/v1/sys/series`: SPEC.md's series calls. The record answers carry `available`, `create_at`
 * and `category_names` beside the fields, so list, read, create and update are this module's; the
 * delete is the shared one (the series' course rows go with it: the foreign key cascades).
 */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;

  /** How many courses a series holds: a value, or a placeholder of a prepared statement. */
  const courseCount = (seriesId: number | Placeholder) =>
    sql<number>`(select count(*)::int from series_courses counted where counted.series_id = ${seriesId})`;

  /** The number of the series' courses; 404 when there is no such series. */
  async function requireSeries(seriesId: number): Promise<number> {
    const [found] = await db
      .select({ id: seriesTable.id, total: courseCount(seriesId) })
      .from(seriesTable)
      .where(eq(seriesTable.id, seriesId));
    if (!found) throw new NotFound();
    return found.total;
  }

  /**
   * A page of a series' courses and their references, with the series' number of courses on each row: one named
   * statement, planned once (the series' few courses are read from series_courses_series_order_idx, whichever series).
   */
  const coursesPage = preparedSelect(
    courseStore
      .withReferences(
        db
          .select({
            ...seriesCourseSelection,
            ...courseStore.referenced,
            total: courseCount(sql.placeholder('seriesId')),
          })
          .from(courses)
          .innerJoin(seriesCourses, eq(seriesCourses.course_id, courses.id))
          .$dynamic(),
      )
      .where(eq(seriesCourses.series_id, sql.placeholder('seriesId')))
      .orderBy(asc(seriesCourses.sort_order), asc(seriesCourses.course_id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
    { ...seriesCourseSelection, ...courseStore.referenced },
    { extraFields: ['total'], named: true },
  );

  /** Every course of a series in the series' order, for an export. */
  const coursesOf = (seriesId: number) =>
    db
      .select(seriesCourseSelection)
      .from(seriesCourses)
      .innerJoin(courses, eq(courses.id, seriesCourses.course_id))
      .where(eq(seriesCourses.series_id, seriesId))
      .orderBy(asc(seriesCourses.sort_order), asc(seriesCourses.course_id))
      .$dynamic();

  app.get(series.listApi, {
    config: {
      ...config('series:read'),
      csv: { columns: exportColumns, rows: (request) => store.exportRows(db, request.query as SeriesListQuery, listConditions(request.query as SeriesListQuery)) },
    },
    serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
    schema: {
      tags,
      summary: 'List series, a page at a time, each with its category, teachers and published state',
      description:
        '`word` looks in the title. `categoryId` keeps the series filed under that category; a top-level category ' +
        'also keeps those of its subcategories. `available` keeps published (`true`) or unpublished (`false`) ones.',
      querystring: listQuery,
      response: { 200: listAnswer, ...failures },
    },
    handler: async (request) => ({ success: true as const, data: await store.list(db, request.query, listConditions(request.query), request.log) }),
  });

  app.get(one, {
    config: config('series:read'),
    schema: { tags, summary: 'One series', params: idParams, response: { 200: recordAnswer, ...failures } },
    handler: async (request) => ({ success: true as const, data: await store.read(db, request.params.id) }),
  });

  app.post(series.api, {
    config: config('series:write'),
    schema: { tags, summary: 'Create a series (unpublished)', body: input, response: { 200: recordAnswer, ...failures } },
    handler: async (request) => {
      checkPrices(request.body.price as number, request.body.original_price as number);
      const data = await db.transaction(async (tx) => {
        const created = await store.create(tx, request.body);
        return store.read(tx, created.id as number);
      });
      return { success: true as const, data };
    },
  });

  app.put(one, {
    config: config('series:write'),
    schema: {
      tags,
      summary: 'Change the fields of a series that the body names',
      description: 'Fields left out keep their stored values; a required field cannot be cleared. Publishing has calls of its own.',
      params: idParams,
      body: patch,
      response: { 200: recordAnswer, ...failures },
    },
    handler: async (request) => {
      const data = await db.transaction(async (tx) => {
        await checkStoredPrices(tx, request.params.id, request.body);
        await store.update(tx, request.params.id, request.body);
        return store.read(tx, request.params.id);
      });
      return { success: true as const, data };
    },
  });

  await app.register(
    entityRoutes(store, {
      only: ['delete'],
      beforeDelete: async (tx, id) => {
        const found = await lockSeries(tx, id);
        await refuseIfOnVouchers(tx, 'series', id, found.title);
      },
    }),
  );

  for (const [action, available] of [['publish', true], ['unpublish', false]] as const)
    app.post(`${one}/${action}`, {
      config: config('series:publish'),
      schema: {
        tags,
        summary: available ? 'Publish a series' : 'Withdraw a series from sale',
        description: `Sets \`available\` to ${available}; doing it again changes nothing and answers the same.`,
        params: idParams,
        response: { 200: recordAnswer, ...failures },
      },
      handler: async (request) => ({ success: true as const, data: await setAvailable(db, request.params.id, available) }),
    });

  app.post(`${one}/courses`, {
    config: config('series:write'),
    schema: {
      tags,
      summary: 'Add courses to a series',
      description:
        'The body is a JSON array of course ids. They go last, in the order given; ids already in the series (or given twice) ' +
        'are passed over. An id that names no course refuses the whole call (400) and adds nothing.',
      params: idParams,
      body: seriesCourseIds,
      response: { 200: success(seriesCoursesAdded), ...failures },
    },
    handler: async (request) => {
      const seriesId = request.params.id;
      const wanted = [...new Set(request.body)];
      const data = await db.transaction(async (tx) => {
        await lockSeries(tx, seriesId);
        // Key-share locked, as any reference is: a course cannot vanish between this check and the insert.
        const found = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, wanted)).for('key share');
        if (found.length < wanted.length) {
          const known = new Set(found.map((row) => row.id));
          const missing = wanted.filter((id) => !known.has(id));
          throw new BadRequest('app.error.invalid_input', {}, { course_ids: { key: 'app.validation.courses_missing', args: { ids: missing.join(', ') } } });
        }
        const [{ last }] = await tx
          .select({ last: sql<number>`coalesce(max(${seriesCourses.sort_order}), 0)::int` })
          .from(seriesCourses)
          .where(eq(seriesCourses.series_id, seriesId));
        const added = await tx
          .insert(seriesCourses)
          .values(wanted.map((course_id, index) => ({ series_id: seriesId, course_id, sort_order: last + index + 1 })))
          .onConflictDoNothing()
          .returning({ course_id: seriesCourses.course_id });
        const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(seriesCourses).where(eq(seriesCourses.series_id, seriesId));
        return { added: added.length, total };
      });
      return { success: true as const, data };
    },
  });

  app.post(`${one}/courses/:courseId`, {
    config: config('series:write'),
    schema: {
      tags,
      summary: 'Remove a course from a series',
      description: 'The course itself stays. A course that is not in the series answers 404 and changes nothing.',
      params: seriesCourseParams,
      response: { 200: success(z.null()), ...failures },
    },
    handler: async (request) => {
      const { id, courseId } = request.params;
      await db.transaction(async (tx) => {
        const found = await lockSeries(tx, id);
        const removed = await tx
          .delete(seriesCourses)
          .where(and(eq(seriesCourses.series_id, id), eq(seriesCourses.course_id, courseId)))
          .returning({ course_id: seriesCourses.course_id });
        if (removed.length === 0) throw new NotFound('app.error.course_not_in_series', { id: courseId, title: found.title });
      });
      return { success: true as const, data: null };
    },
  });

  app.get('/api/v1/series/:id/courses', {
    config: {
      ...config('series:read'),
      csv: {
        columns: entityColumns(course).filter((column) => column.name in seriesCourseSelection),
        rows: async function* (request) {
          const seriesId = (request.params as { id: number }).id;
          await requireSeries(seriesId);
          for await (const batch of streamRows(db, coursesOf(seriesId), seriesCourseSelection)) yield await courseStore.present(db, batch);
        },
      },
    },
    schema: {
      tags,
      summary: "A page of a series' courses, in the series' order",
      description: 'Each course with its category and teachers. A series that does not exist answers 404.',
      params: idParams,
      querystring: seriesCoursesQuery,
      response: { 200: coursesAnswer, ...failures },
    },
    handler: async (request) => {
      const seriesId = request.params.id;
      const { page: pageNumber, page_size } = request.query;
      const { rows: items, extras } = await coursesPage.withExtras(db, { seriesId, limit: page_size, offset: (pageNumber - 1) * page_size });
      // No row: a series with no courses, a page past its end, or no such series (404).
      const total = extras ? (extras.total as number) : await requireSeries(seriesId);
      return { success: true as const, data: { items, total } };
    },
  });
};
