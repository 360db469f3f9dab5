import { eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { course, courseListQuery, originalPriceBelowPrice } from '../../schema/course';
import { failures, page, success } from '../../schema/envelope';
import type { Database, Executor } from '../db/client';
import { carousels, categories, courses } from '../db/schema';
import { BadRequest, Conflict, NotFound } from '../errors';
import { entityColumns } from '../export/columns';
import { countable, entityRoutes, entityStore, type Bound, type ListQuery } from './entityRoutes';
import { refuseIfOnVouchers } from './vouchers';
import { pageSerializerCompiler } from '../serialization';

type Row = Record<string, unknown>;

const store = entityStore(course, courses, { countedBy: [[], ['category_id']], idBlocks: true });

// The generic view of the list's schemas: rows are checked against them when answering.
const listQuery = courseListQuery as unknown as z.ZodType<CourseListQuery>;
const listAnswer = success(page(course.record)) as unknown as z.ZodType<{ success: true; data: { items: Row[]; total: number } }>;

/**
 * The records filed under a category (courses by default, or series by `column`), and under a
 * top-level category also those of its subcategories: the ids come first (a handful of rows by
 * primary key and parent), then the index on `column` finds the records. A category that does not
 * exist finds nothing.
 */
export function inCategory(categoryId: number | Placeholder, column: PgColumn = courses.category_id): SQL {
  const ids = sql`select ${categories.id} from ${categories} where ${or(eq(categories.id, categoryId), eq(categories.parent_id, categoryId))}`;
  return countable(sql`${column} = any(array(${ids}))`, { column: column.name, among: ids });
}

/** `inCategory` built once per column, the category the placeholder `categoryId`. */
const categoryConditions = new Map<PgColumn, SQL>();

/** `inCategory` as a bound condition (see `Bound`): a list prepares its statement once and binds the category per request. */
export function underCategory(categoryId: number, column: PgColumn = courses.category_id): Bound {
  let condition = categoryConditions.get(column);
  if (!condition) {
    condition = inCategory(sql.placeholder('categoryId'), column);
    categoryConditions.set(column, condition);
  }
  return { condition, values: { categoryId } };
}

type CourseListQuery = ListQuery & { categoryId?: number };
const listConditions = ({ categoryId }: CourseListQuery) => (categoryId === undefined ? undefined : underCategory(categoryId));

/** The statement the course pager sends for this (validated) query, values bound: the bench's bare route sends it itself. */
export const courseListStatement = (db: Executor, query: CourseListQuery) => store.listStatement(db, query, listConditions(query));

/** An original price that is set (above 0) is what the course (or series) cost before: never below its price. */
export function checkPrices(price: number, originalPrice: number) {
  if (originalPriceBelowPrice(price, originalPrice))
    throw new BadRequest('app.error.invalid_input', {}, { original_price: { key: 'app.validation.original_price_below_price', args: { price } } });
}

const standardRoutes = entityRoutes(store, {
  only: ['read', 'create', 'update', 'delete'],

  beforeCreate: async (_tx, body) => {
    checkPrices(body.price as number, body.original_price as number);
    return {};
  },

  // A change of either price is checked against the stored other one.
  beforeUpdate: async (tx: Executor, id, body) => {
    if (body.price === undefined && body.original_price === undefined) return {};
    const [stored] = await tx.select({ price: courses.price, original_price: courses.original_price }).from(courses).where(eq(courses.id, id));
    if (!stored) throw new NotFound();
    checkPrices((body.price ?? stored.price) as number, (body.original_price ?? stored.original_price) as number);
    return {};
  },
  // A course a carousel leads to cannot be deleted; chapters, sections and its places in series go
  // with it (the foreign keys cascade, in the delete's transaction).
  beforeDelete: async (tx: Executor, id) => {
    // Locked before counting: a carousel write naming the course key-share locks it, so it is counted or finds the course gone.
    const [found] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, id)).for('update');
    if (!found) return;
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(carousels).where(eq(carousels.target_id, id));
    if (total > 0) throw new Conflict('app.error.course_on_carousels', { title: found.title as string, smart_count: total });
    await refuseIfOnVouchers(tx, 'course', id, found.title as string);
  },
});

/** `/api/v1/courses`: SPEC.md's pager with its category filter, and the standard routes of the declaration. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;

  app.get(course.listApi, {
    config: {
      access: course.privileges.read,
      resource: course.resource,
      csv: { columns: entityColumns(course), rows: (request) => store.exportRows(db, request.query as CourseListQuery, listConditions(request.query as CourseListQuery)) },
    },
    serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
    schema: {
      tags: [course.resource],
      summary: 'List courses, a page at a time, each with its category and teachers',
      description:
        '`keyword` looks in the title. `categoryId` keeps the courses filed under that category; a top-level category ' +
        'also keeps those of its subcategories. A category that does not exist keeps none.',
      querystring: listQuery,
      response: { 200: listAnswer, ...failures },
    },
    handler: async (request) => {
      const data = await store.list(db, request.query, listConditions(request.query), request.log);
      return { success: true as const, data };
    },
  });

  await app.register(standardRoutes);
};
