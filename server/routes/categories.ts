import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category, orderBody, treeNode } from '../../schema/category';
import { failures, idParams, success } from '../../schema/envelope';
import type { Database, Executor } from '../db/client';
import { categories, courses, series } from '../db/schema';
import { columnsOf } from '../db/tables';
import { BadRequest, Conflict, NotFound } from '../errors';
import { entityRoutes, entityStore, sendDataJson } from './entityRoutes';
import { treeCache } from './treeCache';
import { siblingOrder, type Place } from './siblingOrder';

const store = entityStore(category, categories);
const column = columnsOf(categories);
const order = siblingOrder({ table: categories, id: column.id, parent: column.parent_id, order: column.sort_order });

/** A category as the tree and the order call answer it: the record and its place among its siblings. */
const categoryNode = category.record.extend({ sort_order: z.number().int() });
type CategoryRow = { id: number; title: string; parent_id: number; sort_order: number };
const nodeSelection = { ...store.selection, sort_order: column.sort_order };

const siblingsOf = (parentId: number): Place => ({ parent: parentId, scope: [] });

async function countWhere(tx: Executor, where: SQL): Promise<number> {
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(categories).where(where);
  return total;
}

/** What a category may still hold: its delete is refused (409) while any of these counts is above 0. */
const holdings: { message: string; count(tx: Executor, categoryId: number): Promise<number> }[] = [
  { message: 'app.error.category_has_subcategories', count: (tx, categoryId) => countWhere(tx, eq(column.parent_id, categoryId)) },
  {
    message: 'app.error.category_has_courses',
    count: async (tx, categoryId) => {
      const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(courses).where(eq(courses.category_id, categoryId));
      return total;
    },
  },
  {
    message: 'app.error.category_has_series',
    count: async (tx, categoryId) => {
      const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(series).where(eq(series.category_id, categoryId));
      return total;
    },
  },
];

const badParent = (key: string) => new BadRequest('app.error.invalid_input', {}, { parent_id: { key } });

/**
 * Only two levels: a parent is 0 or a top-level category. The parent row stays share-locked until
 * the transaction ends, so it cannot be deleted or put under another category meanwhile.
 */
async function checkParent(tx: Executor, parentId: number, childId?: number) {
  if (parentId === 0) return;
  if (parentId === childId) throw badParent('app.validation.category_parent_self');
  const [parent] = await tx.select({ parent_id: column.parent_id }).from(categories).where(eq(column.id, parentId)).for('share');
  if (!parent) throw badParent('app.validation.reference_missing');
  if (parent.parent_id !== 0) throw badParent('app.validation.category_depth');
}

/** The category tree, sent again from memory while its version stands (migration 0024). */
const trees = treeCache('category_tree');

/**
 * Every category, top-level ones in their order, each with its subcategories in theirs, as the JSON
 * text the database builds (a node is the record a read answers, with `children`), with the tree's
 * version.
 */
const treeStatement = (db: Executor) =>
  db.select(trees.columns(sql`0`, order.treeJson((children) => store.recordJson({ sort_order: sql`${column.sort_order}`, children })))).from(sql`(values (1)) as one`);

async function readTree(db: Executor): Promise<Buffer> {
  return (await trees.read(db, 0, async () => (await treeStatement(db))[0]))!;
}

async function readNode(db: Executor, id: number): Promise<CategoryRow> {
  const [row] = await db.select(nodeSelection).from(categories).where(eq(column.id, id));
  if (!row) throw new NotFound();
  return row as CategoryRow;
}

const standardRoutes = entityRoutes(store, {
  only: ['read', 'create', 'update', 'delete'],

  // A new category goes last among its siblings.
  beforeCreate: async (tx, body) => {
    const place = siblingsOf(body.parent_id as number);
    await order.lock(tx, [place]);
    await checkParent(tx, place.parent);
    return { sort_order: await order.next(tx, place) };
  },

  // A new parent puts the category last among its new siblings and closes the gap it leaves.
  beforeUpdate: async (tx, id, body) => {
    if (body.parent_id === undefined) return {};
    const from = await order.placeOf(tx, id);
    if (!from) throw new NotFound();
    const to = siblingsOf(body.parent_id as number);
    if (from.parent === to.parent) return {};
    await order.lock(tx, [from, to]);
    const [current] = await tx.select({ parent_id: column.parent_id }).from(categories).where(eq(column.id, id)).for('update');
    if (!current) throw new NotFound();
    if (current.parent_id !== from.parent) throw new Conflict('app.error.changed_meanwhile');
    await checkParent(tx, to.parent, id);
    if (to.parent !== 0 && (await countWhere(tx, eq(column.parent_id, id))) > 0) throw badParent('app.validation.category_has_children');
    await order.closeGap(tx, from, id);
    return { sort_order: await order.next(tx, to) };
  },

  beforeDelete: async (tx, id) => {
    const place = await order.lockedPlaceOf(tx, id);
    // Locked before counting, so nothing can be filed under it between the count and the delete.
    const [{ title }] = await tx.select({ title: column.title }).from(categories).where(eq(column.id, id)).for('update');
    for (const holding of holdings) {
      const held = await holding.count(tx, id);
      if (held > 0) throw new Conflict(holding.message, { title: title as string, smart_count: held });
    }
    await order.closeGap(tx, place, id);
  },
});

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const config = (access: 'read' | 'write') => ({ access: category.privileges[access], resource: category.resource });
  const tags = [category.resource];

  app.get(`${category.api}/tree`, {
    config: config('read'),
    schema: {
      tags,
      summary: 'The two-level category tree',
      description: 'Top-level categories (`parent_id` 0) in their order, each with its subcategories in theirs.',
      response: { 200: success(z.array(treeNode(categoryNode))), ...failures },
    },
    handler: async (_request, reply) => sendDataJson(reply, await readTree(db)),
  });

  app.put(`${category.api}/:id/order`, {
    config: config('write'),
    schema: {
      tags,
      summary: 'Move a category among its siblings',
      description:
        'Places the category after `after_id` (0: first) and before `before_id` (0: last); both must be its siblings ' +
        'and be next to each other once it stands between them. Sibling order stays 1..n.',
      params: idParams,
      body: orderBody,
      response: { 200: success(categoryNode), ...failures },
    },
    handler: async (request) => {
      const moved = await db.transaction(async (tx) => {
        await order.move(tx, request.params.id, request.body);
        return readNode(tx, request.params.id);
      });
      return { success: true as const, data: moved };
    },
  });

  await app.register(standardRoutes);
};
