import Fastify, { type FastifyInstance } from 'fastify';
import type { Entity } from '../schema/entity';

/** What runs the bare route's SQL: a `pg` pool of its own on the database under test. */
export interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

type Row = Record<string, unknown>;

/**
 * Columns a list answers beyond its entity's fields, worked out in the page's own statement as the
 * handler does (server/routes/videos.ts): the floor must do the same work.
 */
const computedColumns: Record<string, string[]> = {
  videos: ['(select count(*)::int from video_versions where video_versions.video_id = videos.id) as version_count'],
};

/**
 * The floor the real list handler is compared with: the same page query and exact count, in
 * parallel, straight through the driver. No session, no validation, no query builder, no hooks.
 */
export async function startBareServer(client: RawClient, entities: readonly Entity[]): Promise<{ base: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  for (const entity of entities) {
    const columns = [...[entity.idKey, ...entity.names].map((name) => `"${name}"`), ...(computedColumns[entity.table] ?? [])].join(', ');
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
  bareCatalogues(app, client);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const courseColumns = ['id', 'title', 'category_id', 'cover', 'teacher_ids', 'subtitle', 'price', 'original_price', 'brief', 'suit_crowds', 'introduction', 'res_type'];
const seriesColumns = [
  'id', 'title', 'category_id', 'cover', 'teacher_ids', 'subtitle', 'price', 'original_price', 'brief', 'suit_crowds', 'introduction', 'features', 'available',
  'floor(extract(epoch from created_at) * 1000)::float8 as create_at',
  `(select coalesce(parent.title || ' / ', '') || own.title from categories own left join categories parent on parent.id = own.parent_id
    where own.id = series.category_id) as category_names`,
];

/** The course pager's floor and the series list's: the same shape over another table and search name. */
function bareCatalogues(app: FastifyInstance, client: RawClient) {
  bareCatalogue(app, client, { table: 'courses', columns: courseColumns, searchParam: 'keyword' });
  bareCatalogue(app, client, { table: 'series', columns: seriesColumns, searchParam: 'word' });
  bareVouchers(app, client);
}

const voucherColumns = [
  'id', 'name', 'code', 'description', 'resource_type', 'resource_id', 'object_type', 'object_id', 'count', 'available_number', 'available',
  'floor(extract(epoch from expire_at) * 1000)::float8 as expire_at',
  `case resource_type
     when 'course' then (select json_build_object('id', courses.id, 'title', courses.title) from courses where courses.id = vouchers.resource_id)
     when 'series' then (select json_build_object('id', series.id, 'title', series.title) from series where series.id = vouchers.resource_id)
   end as resource`,
  `case object_type
     when 'tenant' then (select json_build_object('id', tenants.tenant_id, 'name', tenants.display_name) from tenants where tenants.tenant_id = vouchers.object_id)
     when 'user' then (select json_build_object('id', users.user_id, 'name', users.user_name) from users where users.user_id = vouchers.object_id)
   end as object`,
];

/**
 * The voucher list's floor: the same page, count and filters (`keyword` over name and code, the
 * item type, who it suits, available or not), with the item's title and the tenant's or user's
 * name worked out in the same statement, straight through the driver.
 */
function bareVouchers(app: FastifyInstance, client: RawClient) {
  app.get('/bare/vouchers', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const params: unknown[] = [];
    const conditions: string[] = [];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (query.keyword) add((p) => `(name || chr(10) || code) ilike ${p}`, `%${query.keyword}%`);
    for (const name of ['resource_type', 'object_type']) if (query[name]) add((p) => `${name} = ${p}`, query[name]);
    if (query.available) add((p) => `available = ${p}`, query.available === 'true');
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
    const size = Number(query.page_size ?? 10);
    const offset = (Number(query.page ?? 1) - 1) * size;
    const [items, count] = await Promise.all([
      client.query(`select ${voucherColumns.join(', ')} from vouchers ${where} order by id desc limit $${params.length + 1} offset $${params.length + 2}`, [
        ...params,
        size,
        offset,
      ]),
      client.query(`select count(*)::int as total from vouchers ${where}`, params),
    ]);
    return { success: true, data: { items: items.rows, total: count.rows[0].total } };
  });
}

/**
 * A catalogue list's floor: the same page, count and filters (the search word, `categoryId` with
 * its subcategories) as SQL text, then the page's categories and teachers, straight through the driver.
 */
function bareCatalogue(app: FastifyInstance, client: RawClient, { table, columns, searchParam }: { table: string; columns: string[]; searchParam: string }) {
  app.get(`/bare/${table}`, async (request) => {
    const query = request.query as { page?: string; page_size?: string; categoryId?: string } & Record<string, string | undefined>;
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (query[searchParam]) {
      params.push(`%${query[searchParam]}%`);
      conditions.push(`title ilike $${params.length}`);
    }
    if (query.categoryId) {
      params.push(Number(query.categoryId));
      conditions.push(`category_id = any(array(select id from categories where id = $${params.length} or parent_id = $${params.length}))`);
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
    const size = Number(query.page_size ?? 10);
    const offset = (Number(query.page ?? 1) - 1) * size;
    const [items, count] = await Promise.all([
      client.query(
        `select ${columns.join(', ')} from ${table} ${where} order by id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, size, offset],
      ),
      client.query(`select count(*)::int as total from ${table} ${where}`, params),
    ]);
    const rows = items.rows;
    const categoryIds = [...new Set(rows.map((row) => row.category_id as number))];
    const teacherIds = [...new Set(rows.flatMap((row) => row.teacher_ids as number[]))];
    const [categories, teachers] = await Promise.all([
      client.query(`select id, title from categories where id = any($1::int[])`, [categoryIds]),
      client.query(`select id, name, title, introduction, photo from teachers where id = any($1::int[])`, [teacherIds]),
    ]);
    const byId = (found: Row[]) => new Map(found.map((row) => [row.id as number, row]));
    const category = byId(categories.rows);
    const teacher = byId(teachers.rows);
    return {
      success: true,
      data: {
        items: rows.map((row) => ({
          ...row,
          price: Number(row.price),
          original_price: Number(row.original_price),
          category: category.get(row.category_id as number) ?? null,
          teachers: (row.teacher_ids as number[]).map((id) => teacher.get(id)).filter(Boolean),
        })),
        total: count.rows[0].total,
      },
    };
  });
}
