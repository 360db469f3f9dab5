import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import { courseListQuery } from '../schema/course';
import type { Entity } from '../schema/entity';
import { seriesListQuery } from '../schema/series';
import { voucher } from '../schema/voucher';
import type { Executor } from '../server/db/client';
import { rowReader, type FieldNames } from '../server/db/statements';
import { courseListStatement } from '../server/routes/courses';
import { TOTAL, type EntityStore, type ListQuery, type Statement } from '../server/routes/entityRoutes';
import { seriesListStatement } from '../server/routes/series';
import { carouselGroupStore } from '../server/routes/carouselGroups';
import { teacherStore } from '../server/routes/teachers';
import { userStore } from '../server/routes/users';
import { videoStore } from '../server/routes/videos';
import { voucherStore } from '../server/routes/vouchers';

/** What runs the bare routes' SQL: a `pg` pool of its own on the database under test. */
export type RawClient = Pick<pg.Pool, 'query'>;

type Row = Record<string, unknown>;

/**
 * Where the bare routes build their statements: the server's own query builders on a drizzle
 * handle that never connects (`toSQL` only), so a floor sends exactly what its handler sends.
 */
export const builder: Executor = drizzle.mock() as unknown as Executor;

/**
 * The handler's statement as the driver gets it, run through the bare pool: rows as arrays (the
 * builder names no column, as drizzle reads them by position), named by the statement's fields.
 */
export async function run(client: RawClient, statement: Statement): Promise<Row[]> {
  const { rows } = await client.query({ name: statement.name, text: statement.sql, values: statement.params, rowMode: 'array' });
  let read = readers.get(statement.fields);
  if (!read) readers.set(statement.fields, (read = rowReader(statement.fields)));
  return (rows as unknown[][]).map(read);
}
/** Each statement's reader, made once as the handler makes its own (a prepared shape keeps one `fields`). */
const readers = new WeakMap<FieldNames, ReturnType<typeof rowReader>>();

/** A page's rows without the total each carries, and the total. */
export function pageOf(rows: Row[]) {
  return { items: rows.map(({ [TOTAL]: _, ...row }) => row), total: rows.length > 0 ? (rows[0][TOTAL] as number) : 0 };
}

/**
 * A bare list: per address (its query string) the handler's statement is built once, from the
 * query as the handler's schema reads it; each request then sends it and answers the rows.
 */
export function bareList(
  app: FastifyInstance,
  client: RawClient,
  path: string,
  statementOf: (query: Record<string, unknown>) => Statement,
  answer: (rows: Row[]) => unknown = pageOf,
) {
  const built = new Map<string, Statement>();
  app.get(path, async (request) => {
    let statement = built.get(request.url);
    if (!statement) built.set(request.url, (statement = statementOf(request.query as Record<string, unknown>)));
    return { success: true, data: answer(await run(client, statement)) };
  });
}

/** The stores of the lists the generic handler answers, by table. */
const stores: Record<string, EntityStore> = {
  carousel_groups: carouselGroupStore,
  teachers: teacherStore,
  videos: videoStore,
  users: userStore,
};

const parse = (schema: unknown, query: Record<string, unknown>) => (schema as z.ZodType<ListQuery>).parse(query);

/**
 * The floor the real list handler is compared with: the statement the handler sends for the same
 * query (the page, its total, the referenced records and computed values, all in one), built by the
 * handler's own query builder and sent straight through the driver, the rows answered as JSON. No
 * session, no validation per request, no query building per request, no response schema, no hooks.
 */
export async function startBareServer(client: RawClient, entities: readonly Entity[] = []): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  for (const entity of entities) {
    const store = stores[entity.table];
    if (!store) throw new Error(`bench/bare.ts: no bare route for ${entity.table}`);
    bareList(app, client, `/bare/${entity.table}`, (query) => store.listStatement(builder, parse(entity.listQuery, query)));
  }
  bareList(app, client, '/bare/courses', (query) => courseListStatement(builder, parse(courseListQuery, query)));
  bareList(app, client, '/bare/series', (query) => seriesListStatement(builder, parse(seriesListQuery, query)));
  bareList(app, client, '/bare/vouchers', (query) => voucherStore.listStatement(builder, parse(voucher.listQuery, query)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
