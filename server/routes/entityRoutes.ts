import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, type Entity } from '../../schema/entity';
import { failures, idParams, page, success } from '../../schema/envelope';
import { NotFound } from '../errors';

/** `%` and `_` typed by a user are looked for literally. */
export const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

type Columns = Record<string, PgColumn>;
type ListQuery = z.output<ReturnType<typeof listQuerySchema>> & Record<string, unknown>;

/**
 * List, read, create, update and delete for a simple resource, entirely from its declaration:
 * the same zod schemas validate the input and document it in the OpenAPI.
 */
export function entityRoutes(entity: Entity, table: PgTable): FastifyPluginAsyncZod {
  const columns = table as unknown as Columns;
  const idColumn = columns[entity.idKey];
  const selection = Object.fromEntries([entity.idKey, ...entity.names].map((name) => [name, columns[name]]));
  const tag = entity.resource;
  // The generic view of this entity's schemas: rows are checked against them when answering.
  const record = entity.record as unknown as z.ZodType<Record<string, unknown>>;
  const listQuery = entity.listQuery as unknown as z.ZodType<ListQuery>;
  const input = entity.input as unknown as z.ZodType<Record<string, unknown>>;
  const one = `${entity.api}/:id`;

  function listConditions(query: ListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    const keyword = query.keyword as string | undefined;
    if (keyword) {
      const pattern = containing(keyword);
      conditions.push(or(...entity.keyword.map((name) => ilike(columns[name], pattern))));
    }
    for (const name of entity.filterNames) {
      const value = query[name];
      if (value === undefined) continue;
      conditions.push(Array.isArray(value) ? inArray(columns[name], value) : eq(columns[name], value));
    }
    return and(...conditions);
  }

  return async (app) => {
    const { db } = app;

    app.get(entity.api, {
      config: { access: entity.privileges.read },
      schema: {
        tags: [tag],
        summary: `List ${entity.resource} records, a page at a time`,
        querystring: listQuery,
        response: { 200: success(page(record)), ...failures },
      },
      handler: async (request) => {
        const { query } = request;
        const where = listConditions(query);
        const sortBy = query.sort_by ?? entity.defaultSort.field;
        const direction = (query.order ?? entity.defaultSort.order) === 'asc' ? asc : desc;
        const sortColumn = sortBy === 'id' ? idColumn : columns[sortBy];
        // Two queries: a window count would make the database sort every match before the limit.
        const [items, [{ total }]] = await Promise.all([
          db
            .select(selection)
            .from(table)
            .where(where)
            .orderBy(direction(sortColumn), direction(idColumn))
            .limit(query.page_size)
            .offset((query.page - 1) * query.page_size),
          db.select({ total: sql<number>`count(*)::int` }).from(table).where(where),
        ]);
        return { success: true as const, data: { items, total } };
      },
    });

    app.get(one, {
      config: { access: entity.privileges.read },
      schema: { tags: [tag], summary: `One ${entity.resource}`, params: idParams, response: { 200: success(record), ...failures } },
      handler: async (request) => {
        const [record] = await db.select(selection).from(table).where(eq(idColumn, request.params.id));
        if (!record) throw new NotFound();
        return { success: true as const, data: record };
      },
    });

    app.post(entity.api, {
      config: { access: entity.privileges.write },
      schema: { tags: [tag], summary: `Create a ${entity.resource}`, body: input, response: { 200: success(record), ...failures } },
      handler: async (request) => {
        const [record] = await db.insert(table).values(request.body).returning(selection);
        return { success: true as const, data: record };
      },
    });

    app.put(one, {
      config: { access: entity.privileges.write },
      schema: {
        tags: [tag],
        summary: `Replace a ${entity.resource}'s fields`,
        params: idParams,
        body: input,
        response: { 200: success(record), ...failures },
      },
      handler: async (request) => {
        const [record] = await db
          .update(table)
          .set({ ...request.body, updated_at: sql`now()` })
          .where(eq(idColumn, request.params.id))
          .returning(selection);
        if (!record) throw new NotFound();
        return { success: true as const, data: record };
      },
    });

    app.delete(one, {
      config: { access: entity.privileges.delete },
      schema: { tags: [tag], summary: `Delete a ${entity.resource}`, params: idParams, response: { 200: success(z.null()), ...failures } },
      handler: async (request) => {
        const deleted = await db.delete(table).where(eq(idColumn, request.params.id)).returning({ id: idColumn });
        if (deleted.length === 0) throw new NotFound();
        return { success: true as const, data: null };
      },
    });
  };
}
