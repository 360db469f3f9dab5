import { and, asc, desc, eq, ilike, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Entity } from '../../schema/entity';
import { failures, idParams, page, success } from '../../schema/envelope';
import type { ReferenceField } from '../../schema/fields';
import type { Database, Executor } from '../db/client';
import { searchText } from '../db/entityTable';
import { columnsOf, tableOf } from '../db/tables';
import { BadRequest, Forbidden, NotFound } from '../errors';
import { sanitizeRichText } from '../richText';

/** `%` and `_` typed by a user are looked for literally. */
export const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

type Row = Record<string, unknown>;
/** The list's total, answered beside each row of the page (a name no field may take). */
const TOTAL = '_total';
export interface ListQuery {
  page: number;
  page_size: number;
  sort_by?: string;
  order?: 'asc' | 'desc';
  id?: number[];
  [filter: string]: unknown;
}

/**
 * The shared handlers of a resource declared in schema/: list (paging, sort, search, filters, exact
 * total), read, create, partial update and delete, each answering records with the names of what
 * they reference. Route modules call them, and add their own routes beside them.
 */
export interface EntityStoreOptions {
  /**
   * Values a resource answers beside its fields, worked out by the database in the same statement
   * as the page or the record (a video's `version_count`).
   */
  computed?: Record<string, SQL>;
  /**
   * The text the keyword search looks in when it lives outside the table (an application is found
   * by its learner's name); the declared `keyword` fields otherwise.
   */
  search?: SQL;
  /**
   * The combinations of columns the table's `count_rows` trigger counts by (migration 0014; its
   * arguments): a list whose filters and route conditions compare exactly one combination's
   * columns, each to one value (one of them may take several), answers its exact total from
   * `row_counts` instead of counting rows. `[]` is the whole table.
   */
  countedBy?: readonly (readonly string[])[];
}

/** A route's condition that the counters can answer: `column` is `value`, or one of the values `among` selects. */
export type Match = { column: string; value: unknown } | { column: string; among: SQL };
const matches = new WeakMap<SQL, Match>();

/** Marks a route's condition (a scope, a category) as one a list's counters can answer, see `countedBy`. */
export function countable(condition: SQL, match: Match): SQL {
  matches.set(condition, match);
  return condition;
}

export function entityStore(entity: Entity, table: PgTable, options: EntityStoreOptions = {}) {
  if (entity.names.includes(TOTAL)) throw new Error(`${entity.resource}: "${TOTAL}" is the list's own name, not a field's`);
  const columns = columnsOf(table);
  const idColumn = columns[entity.idKey];
  const selection = Object.fromEntries([entity.idKey, ...entity.names].map((name) => [name, columns[name]]));
  /** What a read answers: the fields and the computed values. */
  const answered = { ...selection, ...options.computed };
  const referenceNames = entity.names.filter((name) => entity.fields[name].kind === 'reference');
  const richTextNames = entity.names.filter((name) => entity.fields[name].kind === 'richText');
  const search = options.search ?? (entity.keyword.length > 0 ? searchText((name) => columns[name], entity.keyword) : undefined);

  /** The declared search and filters, the chosen ids, and whatever the route adds (a scope, a parent). */
  function conditions(query: ListQuery, extra?: SQL): SQL | undefined {
    const found: (SQL | undefined)[] = [extra];
    const word = query[entity.searchParam] as string | undefined;
    if (word && search) found.push(ilike(search, containing(word)));
    if (query.id) found.push(inArray(idColumn, query.id));
    for (const name of entity.filterNames) {
      const value = query[name];
      if (value === undefined) continue;
      found.push(Array.isArray(value) ? inArray(columns[name], value) : eq(columns[name], value));
    }
    return and(...found);
  }

  /** One of this table's columns, spelt out: in a subquery an unqualified name could mean the other table's. */
  const own = (name: string) => sql`${sql.identifier(entity.table)}.${sql.identifier(name)}`;
  /**
   * What each reference field names, as JSON the database builds in the same statement as the row
   * (the record, or the records in the field's order): no look-ups after the page.
   */
  const referenced: Record<string, SQL> = Object.fromEntries(
    referenceNames.map((name) => {
      const field = entity.fields[name] as ReferenceField;
      const target = field.target();
      const shown = [...new Set([target.idKey, target.titleField, ...(field.show ?? [])])];
      const record = sql`json_build_object(${sql.join(
        shown.map((key) => sql`${key}::text, found.${sql.identifier(key)}`),
        sql`, `,
      )})`;
      const targetId = sql`found.${sql.identifier(target.idKey)}`;
      const from = sql`${sql.identifier(target.table)} as found`;
      return [
        field.as,
        field.many
          ? sql`(select coalesce(json_agg(${record} order by listed.position), '[]'::json) from unnest(${own(name)}) with ordinality as listed(id, position) join ${from} on ${targetId} = listed.id)`
          : sql`(select ${record} from ${from} where ${targetId} = ${own(name)})`,
      ];
    }),
  );
  /** What a page or a read answers: the fields, the computed values and the referenced records. */
  const presented = { ...answered, ...referenced };

  /**
   * Adds the referenced records to rows read elsewhere (a write's returned row, a series' courses):
   * one query for all of them, with the same JSON the page's statement builds.
   */
  async function present(db: Executor, rows: Row[]): Promise<Row[]> {
    if (rows.length === 0 || referenceNames.length === 0) return rows;
    const ids = rows.map((row) => row[entity.idKey] as number);
    const found = await db
      .select({ id: idColumn, ...referenced })
      .from(table)
      .where(inArray(idColumn, ids));
    const byId = new Map(found.map(({ id, ...records }) => [id as number, records]));
    return rows.map((row) => ({ ...row, ...byId.get(row[entity.idKey] as number) }));
  }

  /**
   * Every referenced id must name a record: a 400 under the field otherwise. The records found stay
   * key-share locked until the transaction ends, so a guarded delete (a teacher named on a course)
   * waits for this write and then sees it; renaming them is not held up.
   */
  async function checkReferences(db: Executor, body: Row) {
    const problems: Record<string, { key: string }> = {};
    for (const name of referenceNames) {
      const field = entity.fields[name] as ReferenceField;
      const value = body[name];
      const ids = (field.many ? (value as number[] | undefined) : value == null ? [] : [value as number]) ?? [];
      if (ids.length === 0) continue;
      const target = field.target();
      const targetId = columnsOf(tableOf(target.table))[target.idKey];
      const existing = await db.select({ id: targetId }).from(tableOf(target.table)).where(inArray(targetId, ids)).for('key share');
      if (existing.length < new Set(ids).size) problems[name] = { key: 'app.validation.reference_missing' };
    }
    if (Object.keys(problems).length > 0) throw new BadRequest('app.error.invalid_input', {}, problems);
  }

  /** What is stored: rich text sanitised, so nothing unsafe is ever kept or answered. */
  function toRow(body: Row): Row {
    const row = { ...body };
    for (const name of richTextNames) if (typeof row[name] === 'string') row[name] = sanitizeRichText(row[name] as string);
    return row;
  }

  async function findRow(db: Executor, id: number, scope?: SQL): Promise<Row> {
    const [row] = await db.select({ ...presented, inScope: scope ?? sql<boolean>`true` }).from(table).where(eq(idColumn, id));
    if (!row) throw new NotFound();
    // Another tenant's record exists, but is not the caller's to see.
    if (!row.inScope) throw new Forbidden();
    const { inScope: _, ...record } = row;
    return record;
  }

  const countQuery = (db: Executor, where: SQL | undefined) => db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);

  /**
   * The list's exact total from the counters, when every condition is one they keep (see
   * `countedBy`); undefined when rows have to be counted (a keyword, chosen ids, another condition).
   */
  function countedTotal(query: ListQuery, added: SQL[]): SQL | undefined {
    const countedBy = options.countedBy;
    if (!countedBy || query.id !== undefined || (query[entity.searchParam] && search)) return undefined;
    const fixed: Record<string, unknown> = {};
    let varying: { column: string; values: SQL } | undefined;
    const take = (column: string, value: unknown, values?: SQL) => {
      if (column in fixed || varying?.column === column) return false;
      if (values === undefined) fixed[column] = value;
      else if (varying) return false;
      else varying = { column, values };
      return true;
    };
    for (const name of entity.filterNames) {
      const value = query[name];
      if (value === undefined) continue;
      const several = Array.isArray(value) ? sql`select value from jsonb_array_elements(${JSON.stringify(value)}::jsonb)` : undefined;
      if (!take(name, value, several)) return undefined;
    }
    for (const condition of added) {
      const match = matches.get(condition);
      if (!match || !take(match.column, 'value' in match ? match.value : undefined, 'among' in match ? match.among : undefined)) return undefined;
    }
    // The columns compared must be exactly one of the counted combinations.
    const compared = [...Object.keys(fixed), ...(varying ? [varying.column] : [])];
    if (!countedBy.some((combination) => combination.length === compared.length && compared.every((column) => combination.includes(column)))) return undefined;
    const key = sql`${JSON.stringify(fixed)}::jsonb`;
    const keys = varying
      ? sql`row_counts.key = any(array(select ${key} || jsonb_build_object(${varying.column}::text, value) from (${varying.values}) as chosen(value)))`
      : sql`row_counts.key = ${key}`;
    return sql<number>`(select coalesce(sum(row_counts.row_count), 0)::int from row_counts where row_counts.table_name = ${entity.table} and ${keys})`;
  }

  /**
   * One statement, one round trip: the total rides along as an uncorrelated subquery (a counter's
   * row, or a count), which the database runs once, on the same snapshot as the page. The page's
   * ids come first from an index alone (a deep page skips its offset in the index, not in the
   * table), then their rows.
   */
  function pageQuery(db: Executor, where: SQL | undefined, total: SQL, sortBy: string, order: 'asc' | 'desc', limit: number | Placeholder, offset: number | Placeholder) {
    const direction = order === 'asc' ? asc : desc;
    const sortColumn = sortBy === 'id' ? idColumn : columns[sortBy];
    const ids = db.select({ id: idColumn }).from(table).where(where).orderBy(direction(sortColumn), direction(idColumn)).limit(limit).offset(offset);
    return db
      .select({ ...presented, [TOTAL]: total })
      .from(table)
      .where(inArray(idColumn, ids))
      .orderBy(direction(sortColumn), direction(idColumn));
  }
  type PreparedPage = ReturnType<ReturnType<typeof pageQuery>['prepare']>;
  /** Built page queries by shape (sort, order, searching or not), for each database handle. */
  const preparedPages = new WeakMap<Executor, Map<string, PreparedPage>>();

  return {
    entity,
    table,
    columns,
    idColumn,
    selection,
    conditions,
    present,

    /**
     * A page and the exact number of matches. The usual call (paging, sorting, searching) reuses a
     * query built once for its shape; filters, chosen ids and a route's conditions build theirs anew.
     */
    async list(db: Executor, query: ListQuery, extra?: SQL | (SQL | undefined)[]) {
      const added = [extra].flat().filter((condition): condition is SQL => condition !== undefined);
      const sortBy = query.sort_by ?? entity.defaultSort.field;
      const order = query.order ?? entity.defaultSort.order;
      const word = query[entity.searchParam] as string | undefined;
      const searching = Boolean(word && search);
      const offset = (query.page - 1) * query.page_size;
      const plain = added.length === 0 && query.id === undefined && entity.filterNames.every((name) => query[name] === undefined);
      const where = conditions(query, and(...added));
      const total = () => countedTotal(query, added) ?? sql<number>`(${countQuery(db, where)})`;
      let found: Row[];
      if (plain) {
        const shapes = preparedPages.get(db) ?? new Map<string, PreparedPage>();
        preparedPages.set(db, shapes);
        const shape = `${sortBy} ${order} ${searching}`;
        let prepared = shapes.get(shape);
        if (!prepared) {
          const pattern = searching ? ilike(search!, sql.placeholder('pattern')) : undefined;
          const counted = searching ? sql<number>`(${countQuery(db, pattern)})` : total();
          // Unnamed: PostgreSQL still plans each call for its own pattern and offset.
          prepared = pageQuery(db, pattern, counted, sortBy, order, sql.placeholder('limit'), sql.placeholder('offset')).prepare('');
          shapes.set(shape, prepared);
        }
        found = await prepared.execute({ pattern: searching ? containing(word!) : undefined, limit: query.page_size, offset });
      } else {
        found = await pageQuery(db, where, total(), sortBy, order, query.page_size, offset);
      }
      // An empty page carries no total: none on page 1 means none at all; past the end, count.
      const count = async () => {
        const { rows: counted } = (await db.execute(sql`select ${total()} as total`)) as unknown as { rows: { total: number }[] };
        return Number(counted[0].total);
      };
      const rows = found.map(({ [TOTAL]: _, ...row }) => row);
      return { items: rows, total: found.length > 0 ? (found[0][TOTAL] as number) : query.page === 1 ? 0 : await count() };
    },

    read: findRow,

    async create(db: Executor, body: Row, extra: Row = {}) {
      await checkReferences(db, body);
      const [row] = await db
        .insert(table)
        .values({ ...toRow(body), ...extra })
        .returning(selection);
      const [record] = await present(db, [row]);
      return record;
    },

    /** Changes the fields `body` names; the others keep their stored values. */
    async update(db: Executor, id: number, body: Row, scope?: SQL) {
      await findRow(db, id, scope);
      await checkReferences(db, body);
      const [row] = await db
        .update(table)
        .set({ ...toRow(body), updated_at: sql`now()` })
        .where(eq(idColumn, id))
        .returning(selection);
      if (!row) throw new NotFound();
      const [record] = await present(db, [row]);
      return record;
    },

    async remove(db: Executor, id: number, scope?: SQL) {
      await findRow(db, id, scope);
      await db.delete(table).where(eq(idColumn, id));
    },
  };
}

export type EntityStore = ReturnType<typeof entityStore>;

export interface EntityRouteOptions {
  /** The standard routes to declare; all five by default. */
  only?: readonly ('list' | 'read' | 'create' | 'update' | 'delete')[];
  /** What the caller may see (a tenant administrator: the own tenant); a record outside it answers 403. */
  scope?: (request: FastifyRequest) => SQL | undefined;
  /**
   * Runs in the delete's transaction first: refuses (a Conflict naming what still uses the record,
   * or what the caller may not delete) or removes dependants.
   */
  beforeDelete?: (tx: Executor, id: number, request: FastifyRequest) => Promise<void>;
  /** Values the store adds to a new record (a place among its siblings). */
  beforeCreate?: (tx: Executor, body: Row, request: FastifyRequest) => Promise<Row>;
  /** Runs in the update's transaction first: checks the change against other records and answers values to store with it. */
  beforeUpdate?: (tx: Executor, id: number, body: Row, request: FastifyRequest) => Promise<Row>;
  /** What a record answers when the store computes values beside the fields; the declared record otherwise. */
  record?: z.ZodType;
}

/**
 * The standard routes of a resource, from its declaration: the same zod schemas validate the input
 * and document it in the OpenAPI. A route module registers this and adds its own routes.
 */
export function entityRoutes(store: EntityStore, options: EntityRouteOptions = {}): FastifyPluginAsyncZod {
  const { entity } = store;
  const declared = new Set(options.only ?? ['list', 'read', 'create', 'update', 'delete']);
  const tag = entity.resource;
  const config = (access: keyof Entity['privileges']) => ({ access: entity.privileges[access], resource: entity.resource });
  // The generic view of this entity's schemas: rows are checked against them when answering.
  const record = (options.record ?? entity.record) as unknown as z.ZodType<Row>;
  const listQuery = entity.listQuery as unknown as z.ZodType<ListQuery>;
  const input = entity.input as unknown as z.ZodType<Row>;
  const patch = entity.patch as unknown as z.ZodType<Row>;
  const one = `${entity.api}/:id`;
  const scopeOf = (request: FastifyRequest) => options.scope?.(request);

  return async (app) => {
    const db: Database = app.db;

    if (declared.has('list'))
      app.get(entity.listApi, {
        config: config('read'),
        schema: { tags: [tag], summary: `List ${entity.resource} records, a page at a time`, querystring: listQuery, response: { 200: success(page(record)), ...failures } },
        handler: async (request) => ({ success: true as const, data: await store.list(db, request.query, scopeOf(request)) }),
      });

    if (declared.has('read'))
      app.get(one, {
        config: config('read'),
        schema: { tags: [tag], summary: `One ${entity.resource}`, params: idParams, response: { 200: success(record), ...failures } },
        handler: async (request) => ({ success: true as const, data: await store.read(db, request.params.id, scopeOf(request)) }),
      });

    if (declared.has('create'))
      app.post(entity.createApi, {
        config: config('write'),
        schema: { tags: [tag], summary: `Create a ${entity.resource}`, body: input, response: { 200: success(record), ...failures } },
        handler: async (request) => {
          const created = await db.transaction(async (tx) => {
            const extra = options.beforeCreate ? await options.beforeCreate(tx, request.body, request) : {};
            return store.create(tx, request.body, extra);
          });
          return { success: true as const, data: created };
        },
      });

    if (declared.has('update'))
      app.put(one, {
        config: config('write'),
        schema: {
          tags: [tag],
          summary: `Change the fields of a ${entity.resource} that the body names`,
          description: 'Fields left out keep their stored values; a required field cannot be cleared.',
          params: idParams,
          body: patch,
          response: { 200: success(record), ...failures },
        },
        handler: async (request) => {
          const updated = await db.transaction(async (tx) => {
            const extra = options.beforeUpdate ? await options.beforeUpdate(tx, request.params.id, request.body, request) : {};
            return store.update(tx, request.params.id, { ...request.body, ...extra }, scopeOf(request));
          });
          return { success: true as const, data: updated };
        },
      });

    if (declared.has('delete'))
      app.delete(one, {
        config: config('delete'),
        schema: { tags: [tag], summary: `Delete a ${entity.resource}`, params: idParams, response: { 200: success(z.null()), ...failures } },
        handler: async (request) => {
          await db.transaction(async (tx) => {
            await options.beforeDelete?.(tx, request.params.id, request);
            await store.remove(tx, request.params.id, scopeOf(request));
          });
          return { success: true as const, data: null };
        },
      });
  };
}
