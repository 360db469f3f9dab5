import Fastify, { type FastifyInstance } from 'fastify';
import type { Entity } from '../schema/entity';

/** What runs the bare route's SQL: a `pg` pool on PostgreSQL, the PGlite client itself on PGlite. */
export interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The floor the real list handler is compared with: the same page query and exact count, in
 * parallel, straight through the driver. No session, no validation, no query builder, no hooks.
 */
export async function startBareServer(client: RawClient, entities: readonly Entity[]): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  for (const entity of entities) {
    const columns = [entity.idKey, ...entity.names].map((name) => `"${name}"`).join(', ');
    // The list's own default order, the id breaking ties, as the real handler sorts.
    const { field, order } = entity.defaultSort;
    const sort = field === 'id' ? `"${entity.idKey}" ${order}` : `"${field}" ${order}, "${entity.idKey}" ${order}`;
    const pageSql = `select ${columns} from "${entity.table}" order by ${sort} limit $1 offset $2`;
    const countSql = `select count(*)::int as total from "${entity.table}"`;
    app.get(`/bare/${entity.table}`, async (request) => {
      const query = request.query as { page?: string; page_size?: string };
      const page = Number(query.page ?? 1);
      const size = Number(query.page_size ?? 10);
      const [items, count] = await Promise.all([client.query(pageSql, [size, (page - 1) * size]), client.query(countSql, [])]);
      return { success: true, data: { items: items.rows, total: count.rows[0].total } };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
