import { and, asc, desc, eq, gte, inArray, is, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, getTableConfig, IndexedColumn, PgTransaction, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Entity } from '../../schema/entity';
import { failures, idParams, page, success } from '../../schema/envelope';
import type { ReferenceField } from '../../schema/fields';
import type { Database, Executor } from '../db/client';
import { SEARCH_COLUMN, searchMatches } from '../db/entityTable';
import { keepKeywordCount } from '../db/keywordCounts';
import { preparedSelect, type Statement } from '../db/statements';
import { countInTime, DAY, QUARTER_HOUR } from '../db/timeBlocks';
import { columnsOf, tableOf } from '../db/tables';
import { BadRequest, Forbidden, NotFound } from '../errors';
import { entityColumns, type CsvColumn } from '../export/columns';
import { streamRows } from '../export/cursor';
import { sanitizeRichText } from '../richText';
import { holdNamedFiles } from '../storage/unusedFiles';
import { pageSerializerCompiler } from '../serialization';

/** `%` and `_` typed by a user are looked for literally. */
export const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

type Row = Record<string, unknown>;
/** The database itself, not a transaction on it: what may run work of its own after the request. */
const isDatabase = (db: Executor): db is Database => 'transaction' in db && !(db instanceof PgTransaction);
/** The list's total, answered beside each row of the page (a name no field may take). */
export const TOTAL = '_total';
/** Whether a searched list's total was kept rather than counted (see `keptKeywordTotal`), beside each row too. */
const KEPT = '_kept';
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
   * The combinations of columns the table's `count_rows` trigger counts by (migration 0014; its
   * arguments): a list whose filters and route conditions compare exactly one combination's
   * columns, each to one value (one of them may take several), answers its exact total from
   * `row_counts` instead of counting rows. `[]` is the whole table.
   */
  countedBy?: readonly (readonly string[])[];
  /**
   * The table keeps the number of rows in each block of ids (`count_id_blocks`'s triggers, migration
   * 0022): a deep page of the whole list in id order starts from its block, see `pageStatement`.
   */
  idBlocks?: boolean;
  /**
   * The table keeps the number of rows in each day of its time column `column` (`count_time_blocks`'s
   * triggers, migration 0023): a deep page of the whole list in that column's order starts from its
   * day. With `ranges`, quarter hours too: a list whose only conditions are `timeBound`s on that
   * column answers its exact total from them, counting rows only in the two part-quarters at its ends.
   */
  timeBlocks?: { column: string; ranges?: boolean };
  /**
   * The table's counts (`countedBy`, `timeBlocks`) hold its rows up to a watermark, folded in by
   * the servers rather than at each write's commit (`count_watermarks`, `rows_past_watermark`,
   * migration 0031, server/db/countFolding.ts): every total and deep page adds the rows past it,
   * found by the primary key in the same statement.
   */
  foldedCounts?: boolean;
}

/** The ids of a block of `id_blocks` (migration 0022): `id / 1024`. */
const ID_BLOCK = 1024;
/** From this offset on a page is deep: skipping that many index entries costs more than summing counts to find where to enter. */
export const DEEP_OFFSET = ID_BLOCK;
/**
 * Pages that end within this many rows of a list's start, under a route's condition of several index
 * ranges (a category and its subcategories, an organisation's applications from and to it), merge
 * each range's first rows (see `mergedIds`).
 */
const MERGE_REACH = 200;

/**
 * Where a deep page enters its index: of `counts` (a relation of `block`, `row_count`), summed in
 * the page's order, the block holding row `offset` and the rows before it (`block`, `before`); no
 * row past the end. A subquery of the page's own statement, so one snapshot with the page.
 */
const blockReached = (counts: SQL, order: 'asc' | 'desc', offset: SQL, as = 'reached') =>
  sql`(select block, through - row_count as before
    from (select block, row_count, (sum(row_count) over (order by block ${sql.raw(order)}))::bigint as through from ${counts}) as blocks
    where through > ${offset} order by block ${sql.raw(order)} limit 1) as ${sql.identifier(as)}`;

/**
 * A deep page's ids (placeholder `offset`; `limit` the page size, a placeholder unless the caller
 * writes it in): the block of `counts` holding the page's first
 * row (`reached.block`, see `blockReached`) and, with `finer` (the counts of smaller blocks within
 * `reached.block`), the smaller one holding it (`within.block`). `rows` (`select … as id from …
 * where … order by …`, in the page's order) enters the index there, naming those blocks, and only
 * the rows of the block before the page are skipped. The block is found once and the index entered
 * from it in a lateral subquery: as two subqueries (where to enter, how many to skip) the blocks
 * were summed twice, 1.1 ms each at 5,000,000 enrolments. Past the end no block is found: no row
 * either, and the caller counts.
 */
export function deepIds(counts: SQL, order: 'asc' | 'desc', rows: SQL, finer?: SQL, limit: SQL | Placeholder = sql.placeholder('limit')): SQL {
  const offset = sql`${sql.placeholder('offset')}::bigint`;
  let found = blockReached(counts, order, offset);
  let before = sql`reached.before`;
  if (finer) {
    found = sql`${found} cross join lateral ${blockReached(finer, order, sql`${offset} - reached.before`, 'within')}`;
    before = sql`reached.before + within.before`;
  }
  return sql`(select entered.id from ${found} cross join lateral (${rows} limit ${limit} offset ${offset} - (${before})) as entered)`;
}

/** A route's bound on a time column, see `timeBound`. */
interface TimeBound {
  column: PgColumn;
  side: 'from' | 'to';
  placeholder: string;
}
const timeBounds = new WeakMap<SQL, TimeBound>();

/**
 * A route's condition that `column` is at or after (`from`) or before (`to`) the time given as the
 * placeholder's value (an ISO text): a list whose table keeps quarter hours of that column
 * (`timeBlocks.ranges`) answers its total from them.
 */
export function timeBound(column: PgColumn, side: 'from' | 'to', placeholder: string): SQL {
  const condition = side === 'from' ? gte(column, sql.placeholder(placeholder)) : lt(column, sql.placeholder(placeholder));
  timeBounds.set(condition, { column, side, placeholder });
  return condition;
}

/**
 * A route's condition that the counters can answer: `column` is the value of the condition's
 * placeholder `placeholder` (see `Bound`), or one of the values `among` selects.
 */
export type Match = { column: string; placeholder: string } | { column: string; among: SQL };
const matches = new WeakMap<SQL, Match>();

/** Marks a route's condition (a scope, a category) as one a list's counters can answer, see `countedBy`. */
export function countable(condition: SQL, match: Match): SQL {
  matches.set(condition, match);
  return condition;
}

/** The branches of a route's condition that holds where any of them does (see `anyOf`). */
const branchesOf = new WeakMap<SQL, { column: string; value: SQL }[]>();

/**
 * A route's condition that any of `columns` is `value` (an application from or to a tenant): a
 * page near the list's start merges each column's first rows from its index (see `mergedIds`).
 */
export function anyOf(columns: PgColumn[], value: SQL | Placeholder): SQL {
  const condition = or(...columns.map((column) => eq(column, value)))!;
  branchesOf.set(condition, columns.map((column) => ({ column: column.name, value: sql`${value}` })));
  return condition;
}

/**
 * A route's condition built once, its values as placeholders (`sql.placeholder(name)`), with this
 * request's values for them: a list whose conditions are all bound prepares its statement once per
 * shape and only binds the values per request. A condition given as plain SQL (values inside) makes
 * the list build its statement anew for that request.
 */
export interface Bound {
  condition: SQL;
  values: Record<string, unknown>;
}
export type Condition = SQL | Bound;
const isBound = (condition: Condition): condition is Bound => 'condition' in condition && 'values' in condition;

/** `{ success: true, data }` around `data` as JSON text the database built, as the bytes sent (see `sendDataJson`). */
export const dataEnvelope = (dataJson: string) => Buffer.from(`{"success":true,"data":${dataJson}}`);

/**
 * Sends an answer `dataEnvelope` made, as it is: no rows to map, no schema check. The route's
 * response schema still documents it, and its tests hold the answer to that schema.
 */
export function sendDataJson(reply: FastifyReply, body: Buffer) {
  // Bytes with a JSON type go out unserialized; the type provider types `send` by the schema.
  return reply.type('application/json; charset=utf-8').send(body as never);
}

/** What a list sends for a page (server/db/statements.ts). */
export type { Statement };

/** A number per bound condition, for the shape of a statement that holds it. */
const conditionIds = new WeakMap<SQL, number>();
let conditionCount = 0;
const conditionId = (condition: SQL) => {
  let id = conditionIds.get(condition);
  if (id === undefined) conditionIds.set(condition, (id = ++conditionCount));
  return id;
};

export function entityStore(entity: Entity, table: PgTable, options: EntityStoreOptions = {}) {
  for (const own of [TOTAL, KEPT]) if (entity.names.includes(own)) throw new Error(`${entity.resource}: "${own}" is the list's own name, not a field's`);
  const columns = columnsOf(table);
  const idColumn = columns[entity.idKey];
  /** The table's indexes on plain columns and whole (no condition), as their columns' names in order. */
  const plainIndexes = getTableConfig(table)
    .indexes.filter(({ config }) => !config.where && config.columns.every((column) => is(column, IndexedColumn)))
    .map(({ config }) => config.columns.map((column) => (column as IndexedColumn).name ?? ''));
  /**
   * Whether an index reads a page in its order whatever the values: its leading columns are exactly
   * those compared to one value each, then the sort column, then the id (a tie-break). Then the
   * best plan is that index's scan for every value, a small tenant's or one of 100,000 users.
   */
  /** The column a list is sorted by (`id` is the table's key, whatever its name). */
  const sortColumnOf = (sortBy: string) => (sortBy === 'id' ? idColumn : columns[sortBy]);
  function readInOrder(equal: readonly string[], sortBy: string): boolean {
    const leading = new Set(equal.map((name) => columns[name]?.name ?? name));
    const sortColumn = sortColumnOf(sortBy)?.name;
    if (sortColumn === undefined) return false;
    const then = sortColumn === idColumn.name ? [sortColumn] : [sortColumn, idColumn.name];
    return plainIndexes.some(
      (index) =>
        index.length >= leading.size + then.length &&
        index.slice(0, leading.size).every((name) => leading.has(name)) &&
        then.every((name, i) => index[leading.size + i] === name),
    );
  }
  const selection = Object.fromEntries([entity.idKey, ...entity.names].map((name) => [name, columns[name]]));
  /** What a read answers: the fields and the computed values. */
  const answered = { ...selection, ...options.computed };
  const referenceNames = entity.names.filter((name) => entity.fields[name].kind === 'reference');
  const richTextNames = entity.names.filter((name) => entity.fields[name].kind === 'richText');
  /** The keyword search's column (`searchColumn`: the declared `keyword` fields', or one declared with the table and kept by it). */
  const search: PgColumn | undefined = columns[SEARCH_COLUMN];
  /**
   * The rows past the table's watermark that `where` matches (see `foldedCounts`): a function whose
   * query gets the watermark as a value, so the primary key finds them (a subquery's value is unknown
   * to the planner, which scanned a filter's whole index, or the key in parallel, at 4-11 ms).
   */
  const unfolded = (where: SQL | undefined) =>
    sql<number>`(select count(*) from rows_past_watermark(null::${table}) as ${table}${where ? sql` where ${where}` : sql``})`;

  /** The declared search and filters, the chosen ids, and whatever the route adds (a scope, a parent). */
  function conditions(query: ListQuery, extra?: SQL): SQL | undefined {
    const found: (SQL | undefined)[] = [extra];
    const word = query[entity.searchParam] as string | undefined;
    if (word && search) found.push(searchMatches(search, containing(word)));
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
  /** The fields a reference shows of its record: the id, the title and what the field adds. */
  const shownOf = (field: ReferenceField) => {
    const target = field.target();
    return [...new Set([target.idKey, target.titleField, ...(field.show ?? [])])];
  };
  /**
   * What each reference field names, as JSON the database builds in the same statement as the row
   * (the record, or the records in the field's order): for a list of references, and for records
   * the database answers as JSON (a tree, see `recordJson`).
   */
  function referenceJson(name: string) {
    const field = entity.fields[name] as ReferenceField;
    const target = field.target();
    const record = sql`json_build_object(${sql.join(
      shownOf(field).map((key) => sql`${key}::text, found.${sql.identifier(key)}`),
      sql`, `,
    )})`;
    const targetId = sql`found.${sql.identifier(target.idKey)}`;
    const from = sql`${sql.identifier(target.table)} as found`;
    return field.many
      ? sql`(select coalesce(json_agg(${record} order by listed.position), '[]'::json) from unnest(${own(name)}) with ordinality as listed(id, position) join ${from} on ${targetId} = listed.id)`
      : sql`(select ${record} from ${from} where ${targetId} = ${own(name)})`;
  }
  /**
   * The records single references name, read by a left join of their table (`ref_<as>`): the shown
   * fields come as plain columns, a nested selection that the reader makes the record (null when
   * the field names none). The same records built as JSON in a subquery per row were two fifths
   * of a users page's statement (bench/RESULTS.md, "References joined").
   */
  const joins = referenceNames
    .map((name) => [name, entity.fields[name] as ReferenceField] as const)
    .filter(([, field]) => !field.many)
    .map(([name, field]) => {
      const target = field.target();
      const found = alias(tableOf(target.table), `ref_${field.as}`);
      const foundColumns = columnsOf(found);
      return {
        name,
        table: found,
        id: foundColumns[target.idKey],
        record: Object.fromEntries(shownOf(field).map((key) => [key, foundColumns[key]])),
      };
    });
  /**
   * A select from this table with the joined references' tables (see `joins`). A reference the
   * page's conditions hold to one record (`heldToOne`) is joined on that value: the database looks
   * the record up once for the page (a materialised inner side), not once per row.
   */
  function withReferences<Query extends PgSelect>(query: Query, heldTo: Record<string, SQL> = {}): Query {
    for (const join of joins) query = query.leftJoin(join.table, eq(join.id, heldTo[join.name] ?? columns[join.name])) as unknown as Query;
    return query;
  }
  /** The single references a page's conditions hold to one value (a filter given one, a tenant administrator's own tenant), as their placeholders. */
  function heldToOne(query: ListQuery, added: readonly Condition[]): Record<string, SQL> {
    const held: Record<string, SQL> = {};
    for (const { name } of joins) {
      let placeholder: string | undefined;
      if (entity.filterNames.includes(name) && query[name] !== undefined && !Array.isArray(query[name])) placeholder = `filter_${name}`;
      for (const condition of added) {
        const match = isBound(condition) ? matches.get(condition.condition) : undefined;
        if (match && 'placeholder' in match && match.column === columns[name].name) placeholder ??= match.placeholder;
      }
      if (placeholder) held[name] = sql`${sql.placeholder(placeholder)}`;
    }
    return held;
  }
  const referenced: Record<string, SQL | Record<string, PgColumn>> = Object.fromEntries(
    referenceNames.map((name) => {
      const as = (entity.fields[name] as ReferenceField).as;
      return [as, joins.find((join) => join.name === name)?.record ?? referenceJson(name)];
    }),
  );
  /** What a page or a read answers: the fields, the computed values and the referenced records (selected `withReferences`). */
  const presented = { ...answered, ...referenced };
  /** The same as JSON values the database builds, for a record answered as JSON. */
  const presentedJson: Record<string, SQL | PgColumn> = {
    ...answered,
    ...Object.fromEntries(referenceNames.map((name) => [(entity.fields[name] as ReferenceField).as, referenceJson(name)])),
  };

  /**
   * Adds the referenced records to rows read elsewhere (a write's returned row, a series' courses):
   * one query for all of them, with the same JSON the page's statement builds.
   */
  async function present(db: Executor, rows: Row[]): Promise<Row[]> {
    if (rows.length === 0 || referenceNames.length === 0) return rows;
    const ids = rows.map((row) => row[entity.idKey] as number);
    const found = await withReferences(
      db
        .select({ id: idColumn, ...referenced })
        .from(table)
        .$dynamic(),
    ).where(inArray(idColumn, ids));
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
    const [row] = await withReferences(
      db
        .select({ ...presented, inScope: scope ?? sql<boolean>`true` })
        .from(table)
        .$dynamic(),
    ).where(eq(idColumn, id));
    if (!row) throw new NotFound();
    // Another tenant's record exists, but is not the caller's to see.
    if (!row.inScope) throw new Forbidden();
    const { inScope: _, ...record } = row;
    return record;
  }

  const countQuery = (db: Executor, where: SQL | undefined) => db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);

  /** The counters' key and the several values of a filter given many, as placeholders (see `countedKey`). */
  const countedKeyValue = sql`${sql.placeholder('counted_key')}::jsonb`;
  const countedAmong = sql`select value from jsonb_array_elements(${sql.placeholder('counted_among')}::jsonb)`;

  /**
   * The counters' key of a list whose every condition is one they keep (see `countedBy`): the
   * columns compared to one value each (`counted_key`), and the one compared to several
   * (`counted_among`); undefined when rows have to be counted (chosen ids, another condition). Which
   * placeholders it uses depends only on the list's shape; their values come back in `values`.
   */
  function countedKey(
    query: ListQuery,
    added: readonly Condition[],
  ): { fixed: string[]; varying?: { column: string; values: SQL }; values: Record<string, unknown> } | undefined {
    const countedBy = options.countedBy;
    if (!countedBy || query.id !== undefined) return undefined;
    const fixed: Record<string, unknown> = {};
    const values: Record<string, unknown> = {};
    let varying: { column: string; values: SQL } | undefined;
    // Each column compared once, and at most one of them to several values. (Loops, not a helper
    // made per call: this runs on every request of a counted list.)
    for (const name of entity.filterNames) {
      const value = query[name];
      if (value === undefined) continue;
      if (!Array.isArray(value)) fixed[name] = value;
      else if (varying) return undefined;
      else {
        values.counted_among = JSON.stringify(value);
        varying = { column: name, values: countedAmong };
      }
    }
    for (const condition of added) {
      const match = matches.get(isBound(condition) ? condition.condition : condition);
      if (!match || !isBound(condition)) return undefined;
      const column = match.column;
      if (column in fixed || varying?.column === column) return undefined;
      if (!('among' in match)) fixed[column] = 'placeholder' in match ? condition.values[match.placeholder] : undefined;
      else if (varying) return undefined;
      else varying = { column, values: match.among };
    }
    // The columns compared must be exactly one of the counted combinations.
    const compared = [...Object.keys(fixed), ...(varying ? [varying.column] : [])];
    if (!countedBy.some((combination) => combination.length === compared.length && compared.every((column) => combination.includes(column)))) return undefined;
    values.counted_key = JSON.stringify(fixed);
    return { fixed: Object.keys(fixed), varying, values };
  }

  /**
   * The list's exact total from the counters (see `countedKey`), when it searches for nothing: its
   * values, and its SQL, built only when the shape's statement is (a request of a prepared shape binds values alone).
   */
  function countedTotal(
    query: ListQuery,
    added: readonly Condition[],
  ): { total: (where: SQL | undefined) => SQL; values: Record<string, unknown>; oneValueEach?: string[]; valuesUnseen?: boolean } | undefined {
    if (query[entity.searchParam] && search) return undefined;
    const counted = countedKey(query, added);
    if (!counted) return undefined;
    const { fixed, varying, values } = counted;
    const total = (where: SQL | undefined) => {
      const keys = varying
        ? sql`row_counts.key = any(array(select ${countedKeyValue} || jsonb_build_object(${varying.column}::text, value) from (${varying.values}) as chosen(value)))`
        : sql`row_counts.key = ${countedKeyValue}`;
      const kept = sql`(select coalesce(sum(row_counts.row_count), 0) from row_counts where row_counts.table_name = ${entity.table} and ${keys})`;
      return options.foldedCounts ? sql<number>`(${kept} + ${unfolded(where)})::int` : sql<number>`${kept}::int`;
    };
    // A route's set of values that a subquery selects (a category and its children) reaches the plan only when it runs: the
    // planner costs every such set alike, so the plan it would make for one value is the plan for all of them.
    const valuesUnseen = varying !== undefined && varying.values !== countedAmong && fixed.length === 0;
    return { total, values, oneValueEach: varying ? undefined : fixed, valuesUnseen };
  }

  /**
   * A searched list's total as `keyword_counts` keeps it for the pattern within the counters' key
   * (see `countedKey`, one value per column), and whether it is kept (`ready`): a pattern searched
   * for the first time is counted, and kept from then on (see `keepKeywordCount`). A table whose
   * counts are folded (`foldedCounts`) keeps the matches up to its watermark: the matches past it
   * are added (null, not kept, stays null).
   */
  function keptKeywordTotal(query: ListQuery, added: readonly Condition[]): { total: (where: SQL | undefined) => SQL; kept: () => SQL; values: Record<string, unknown> } | undefined {
    const counted = countedKey(query, added);
    if (!counted || counted.varying) return undefined;
    const row = () => sql`from keyword_counts where table_name = ${entity.table} and pattern = lower(${sql.placeholder('pattern')}) and key = ${countedKeyValue} and ready`;
    const total = (where: SQL | undefined) =>
      options.foldedCounts ? sql<number>`((select row_count ${row()}) + ${unfolded(where)})::int` : sql<number>`(select row_count::int ${row()})`;
    return { total, kept: () => sql<boolean>`exists (select ${row()})`, values: counted.values };
  }

  /**
   * The exact total of a list whose only conditions are bounds on the time column whose quarter
   * hours the table keeps (see `timeBlocks`, `countInTime`); undefined for any other list.
   */
  function rangeTotal(query: ListQuery, added: readonly Condition[]): { total: (where: SQL | undefined) => SQL; values: Record<string, unknown> } | undefined {
    const blocks = options.timeBlocks;
    if (!blocks?.ranges || added.length === 0 || query.id !== undefined || (query[entity.searchParam] && search)) return undefined;
    if (entity.filterNames.some((name) => query[name] !== undefined)) return undefined;
    const column = columns[blocks.column];
    const bounds = added.map((condition) => (isBound(condition) ? timeBounds.get(condition.condition) : undefined));
    if (bounds.some((bound) => bound?.column !== column)) return undefined;
    const from = bounds.find((bound) => bound!.side === 'from');
    const to = bounds.find((bound) => bound!.side === 'to');
    if (bounds.length !== (from ? 1 : 0) + (to ? 1 : 0)) return undefined;
    const time = (bound: TimeBound | undefined) => bound && sql`${sql.placeholder(bound.placeholder)}::timestamptz`;
    const pastWatermark = options.foldedCounts ? unfolded : undefined;
    return { total: () => sql<number>`${countInTime(table, entity.table, column, time(from), time(to), { pastWatermark, keepsDays: true })}::int`, values: {} };
  }

  /**
   * The declared search and filters, the chosen ids and the route's conditions, each value a
   * placeholder: `pattern`, `ids`, `filter_<name>` (one value, or `= any` of several), and the
   * bound conditions' own (a condition given as plain SQL keeps its values). The same for every
   * request of the shape.
   */
  function placeholderConditions(query: ListQuery, added: readonly Condition[], searching: boolean): SQL | undefined {
    const found: (SQL | undefined)[] = added.map((condition) => (isBound(condition) ? condition.condition : condition));
    if (searching) found.push(searchMatches(search!, sql.placeholder('pattern')));
    if (query.id) found.push(sql`${idColumn} = any(${sql.placeholder('ids')})`);
    for (const name of entity.filterNames) {
      const value = query[name];
      if (value === undefined) continue;
      const placeholder = sql.placeholder(`filter_${name}`);
      found.push(Array.isArray(value) ? sql`${columns[name]} = any(${placeholder})` : eq(columns[name], placeholder));
    }
    return and(...found);
  }

  /**
   * The blocks a deep page of the whole list starts from, by the order they serve: ids
   * (`idBlocks`), or days of the time column (`timeBlocks`). Each is its counts and where a block starts.
   */
  interface DeepBlocks {
    sortBy: string;
    column: SQL | PgColumn;
    counts: SQL;
    startOf: (block: SQL) => SQL;
    /** Smaller blocks within the block reached (a day's quarter hours), their counts and starts: only a quarter's rows are skipped. */
    finer?: { counts: (within: SQL) => SQL; startOf: (block: SQL) => SQL };
  }
  /** A span's counts of the time column, with the rows past the watermark (`foldedCounts`) added to them; `among` narrows the blocks. */
  const timeCounts = (span: number, among?: (block: SQL) => SQL) => {
    const time = columns[options.timeBlocks!.column];
    const block = (of: SQL | PgColumn) => sql`floor(extract(epoch from ${of}) / ${sql.raw(String(span))})::bigint`;
    const narrowed = (of: SQL) => (among ? sql` and ${among(of)}` : sql``);
    const kept = sql`select block, row_count from time_blocks where table_name = ${entity.table} and span = ${sql.raw(String(span))}${narrowed(sql`block`)}`;
    // A block is one row (the table's key): only the rows past a watermark need adding up with it (0.6-0.9 ms of 1.4 for 731 days).
    if (!options.foldedCounts) return sql`(${kept}) as counted`;
    return sql`(select block, sum(row_count)::bigint as row_count from (
      ${kept}
      union all select ${block(time)}, 1 from rows_past_watermark(null::${table}) as ${table} where true${narrowed(block(time))}
    ) as kept group by block) as counted`;
  };
  const timeStart = (span: number) => (block: SQL) => sql`to_timestamp(((${block}) * ${sql.raw(String(span))})::double precision)`;
  const deepBlocks: DeepBlocks[] = [
    ...(options.idBlocks
      ? [{ sortBy: 'id', column: idColumn, counts: sql`id_blocks where table_name = ${entity.table}`, startOf: (block: SQL) => sql`(${block}) * ${sql.raw(String(ID_BLOCK))}` }]
      : []),
    ...(options.timeBlocks
      ? [
          {
            sortBy: options.timeBlocks.column,
            column: columns[options.timeBlocks.column],
            counts: timeCounts(DAY),
            startOf: timeStart(DAY),
            // With quarter hours kept too, the day's quarter is found, so only its rows are skipped, not up to a day's (7,000
            // enrolments: 3 ms of a 4.7 ms deep page at 5,000,000).
            ...(options.timeBlocks.ranges
              ? {
                  finer: {
                    counts: (day: SQL) =>
                      timeCounts(QUARTER_HOUR, (block) => sql`${block} >= (${day}) * ${sql.raw(String(DAY / QUARTER_HOUR))} and ${block} < (${day} + 1) * ${sql.raw(String(DAY / QUARTER_HOUR))}`),
                    startOf: timeStart(QUARTER_HOUR),
                  },
                }
              : {}),
          },
        ]
      : []),
  ];

  /**
   * One statement, one round trip: the total rides along as an uncorrelated subquery (a counter's
   * row, or a count), which the database runs once, on the same snapshot as the page. The page's
   * ids come first from an index alone (a deep page skips its offset in the index, not in the
   * table), then their rows.
   */
  function pageQuery(
    db: Executor,
    where: SQL | undefined,
    total: SQL,
    sortBy: string,
    order: 'asc' | 'desc',
    limit: number | Placeholder | SQL,
    offset: number | Placeholder | SQL,
    extra: Record<string, SQL> = {},
    heldTo: Record<string, SQL> = {},
    /** The page's ids, when they are found otherwise than by `where`, `limit` and `offset` (a merge, a deep page's block). */
    pageIds?: SQL,
  ) {
    const direction = order === 'asc' ? asc : desc;
    const sortColumn = sortColumnOf(sortBy);
    const selected = { ...presented, [TOTAL]: total, ...extra };
    if (pageIds)
      return withReferences(db.select(selected).from(table).$dynamic(), heldTo)
        .where(inArray(idColumn, pageIds))
        .orderBy(direction(sortColumn), direction(idColumn));
    // The page's ids and sort values in order from the index (index-only, whatever the values: a small tenant's or a
    // large one's), then each row by its id, in that order. As `id in (…)` the database hashed the ids, joined the rows
    // and sorted them again: an eighth to a tenth of a users page's statement (bench/RESULTS.md, "A page's rows in its ids' order").
    // The subquery's names are written bare in the join and the order: no table of the product has such a column.
    const ids = db
      .select({ id: sql`${idColumn}`.as('page_row_id'), sort: sql`${sortColumn}`.as('page_row_sort') })
      .from(table)
      .where(where)
      .orderBy(direction(sortColumn), direction(idColumn))
      // drizzle writes a limit or offset given as SQL as it is
      .limit(limit as number | Placeholder)
      .offset(offset as number | Placeholder)
      .as('page');
    return withReferences(db.select(selected).from(ids).innerJoin(table, eq(idColumn, ids.id)).$dynamic(), heldTo).orderBy(
      direction(ids.sort),
      direction(ids.id),
    );
  }
  /**
   * The ids of a page near the start of a list under a route's condition that holds where any of
   * several index ranges does: a set of values (`among`: a category and its subcategories) or several
   * columns (`anyOf`: an application from or to a tenant). Each range's first rows are read in order
   * from the index on its column and the sort, then merged; undefined when an index is missing. The
   * planner cannot merge ordered ranges: it walked the whole list in order and checked each row, 19,000
   * rows for a subcategory's first page of 20 (7.3 ms at a million courses), where each range's first
   * rows are at most `MERGE_REACH` entries.
   */
  function mergedIds(condition: SQL, sortBy: string, order: 'asc' | 'desc'): ((limit: SQL | Placeholder, offset: SQL | Placeholder) => SQL) | undefined {
    const match = matches.get(condition);
    const branches = branchesOf.get(condition);
    const sortColumn = sortColumnOf(sortBy);
    const way = sql.raw(order);
    const among = match && 'among' in match && readInOrder([match.column], sortBy) ? match : undefined;
    if (!among && !branches?.every(({ column }) => readInOrder([column], sortBy))) return undefined;
    return (limit, offset) => {
      const firstRows = (column: string, value: SQL) =>
        sql`select ${idColumn} as id, ${sortColumn} as sort from ${table} where ${sql.identifier(column)} = ${value}
          order by ${sortColumn} ${way}, ${idColumn} ${way} limit (${offset}::bigint + ${limit}::bigint)`;
      const rows = among
        ? // The values as an array: the planner then costs every set alike (a subcategory's one value, a category's twenty), and
          // keeps one plan for all (planning for each value took 1.5 ms of a 2.8 ms statement).
          sql`select picked.* from unnest(array(${among.among})) as chosen(value) cross join lateral (${firstRows(among.column, sql`chosen.value`)}) as picked`
        : // A record in two ranges (from and to the same tenant) is one row of the page.
          sql.join(branches!.map(({ column, value }) => sql`(${firstRows(column, value)})`), sql` union `);
      return sql`(select merged.id from (${rows}) as merged order by merged.sort ${way}, merged.id ${way} limit ${limit} offset ${offset})`;
    };
  }
  /**
   * A deep page of the whole list in the order of its blocks (ids, or days): the blocks' counts,
   * summed in the page's order, give the block holding row `offset` and the rows before it, so the
   * index is entered at that block and only that block's rows are skipped (fewer than ID_BLOCK, or a
   * quarter hour's within a day's). One statement still: the same snapshot as the page (`deepIds`).
   */
  function deepPageQuery(db: Executor, total: SQL, blocks: DeepBlocks, order: 'asc' | 'desc', limit: SQL | Placeholder) {
    // The block holding the page's first row, and within it, where smaller blocks are kept, the smaller one.
    const reached = blocks.finer ? { block: sql`within.block`, startOf: blocks.finer.startOf } : { block: sql`reached.block`, startOf: blocks.startOf };
    const entry =
      order === 'desc' ? sql`${blocks.column} < ${reached.startOf(sql`${reached.block} + 1`)}` : sql`${blocks.column} >= ${reached.startOf(reached.block)}`;
    const sortColumn = sortColumnOf(blocks.sortBy);
    const way = sql.raw(order);
    const rows = sql`select ${idColumn} as id from ${table} where ${entry} order by ${sortColumn} ${way}, ${idColumn} ${way}`;
    const ids = deepIds(blocks.counts, order, rows, blocks.finer?.counts(sql`reached.block`), limit);
    return pageQuery(db, undefined, total, blocks.sortBy, order, limit, sql.placeholder('offset'), {}, {}, ids);
  }
  interface PreparedShape {
    /** The page's statement (placeholders among its params) and its run. */
    page: ReturnType<typeof preparedSelect>;
    total: SQL;
    /** The matches a searched total keeps (see `keptKeywordTotal`), counted, whatever the total is read from. */
    keeps: SQL;
    /** Whether its values include the counters' key (`countedKey`): its total is read from the counters, or kept for a search. */
    keyed: boolean;
    /** Whether a searched total may be kept (`keptKeywordTotal`): the page answers whether it is. */
    searchKept: boolean;
    /** The total alone, for an empty page past the end; prepared when first needed. */
    count?: ReturnType<ReturnType<typeof countAlone>['prepare']>;
  }
  /** A count of rows as the statement's own text (drizzle binds a number): an integer the query's schema let through. */
  const writtenCount = (count: number) => {
    if (!Number.isSafeInteger(count) || count < 0) throw new Error(`${entity.resource}: ${count} is not a count of rows`);
    return sql.raw(String(count));
  };
  const countAlone = (db: Executor, total: SQL) => db.select({ total }).from(sql`(select 1) as one`);
  /** Page statements prepared by shape, for each database handle. */
  const preparedPages = new WeakMap<Executor, Map<string, PreparedShape>>();

  /** What a list asks for, read once for its page and for its export: the query, the route's conditions, sort and search. */
  function listRequest(given: ListQuery, extra?: Condition | (Condition | undefined)[]) {
    // A filter given one value (`?resource_type=course` arrives as a list of one) is that value: its shape and counter are one value's.
    const query: ListQuery = { ...given };
    for (const name of entity.filterNames) {
      const value = query[name];
      if (Array.isArray(value) && new Set(value).size === 1) query[name] = value[0];
    }
    const added: Condition[] = [];
    for (const condition of Array.isArray(extra) ? extra : [extra]) if (condition !== undefined) added.push(condition);
    const word = query[entity.searchParam] as string | undefined;
    return { query, added, sortBy: query.sort_by ?? entity.defaultSort.field, order: query.order ?? entity.defaultSort.order, word, searching: Boolean(word && search) };
  }

  /** The values of the conditions' placeholders (see `placeholderConditions`). */
  function conditionValues({ query, added, word, searching }: ReturnType<typeof listRequest>): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const condition of added) if (isBound(condition)) Object.assign(values, condition.values);
    if (searching) values.pattern = containing(word!);
    if (query.id !== undefined) values.ids = query.id;
    for (const name of entity.filterNames) if (query[name] !== undefined) values[`filter_${name}`] = query[name];
    return values;
  }

  /** The statement of a shape (see `pageStatement`), built when its first request comes. */
  function prepareShape(db: Executor, asked: ReturnType<typeof listRequest>, offset: number): PreparedShape {
    const { query, added, sortBy, order, searching } = asked;
    const whole = !searching && query.id === undefined && added.length === 0 && entity.filterNames.every((name) => query[name] === undefined);
    const deep = whole && offset >= DEEP_OFFSET ? deepBlocks.find((blocks) => blocks.sortBy === sortBy) : undefined;
    const byCounter = countedTotal(query, added);
    const counted = byCounter ?? rangeTotal(query, added);
    const keyword = searching ? keptKeywordTotal(query, added) : undefined;
    // A route's condition of several index ranges alone, near the start: each range's first rows merged.
    const only = added.length === 1 && !searching && query.id === undefined && entity.filterNames.every((name) => query[name] === undefined) ? added[0] : undefined;
    const merging = only && isBound(only) && offset + query.page_size <= MERGE_REACH ? mergedIds(only.condition, sortBy, order) : undefined;
    // Named, their plan kept (statementName), are the pages near a list's start whose best plan no value changes: the whole
    // list's, and those of columns compared to one value each, counted by a counter and read in order from an index.
    // So are those of a route's set of values the plan cannot see (`valuesUnseen`): planning each call would make the same plan;
    // and merged pages, each range read in order from its index whatever the values (planning one took 1.2-1.7 ms, running it 0.7).
    // So is a whole list's far page entered from its blocks (`deep`): the planner sees neither the block it enters at nor
    // how many rows it skips there, whatever the offset, and plans every far page alike; with its size written in
    // (below), the plan it keeps is the one made per call, and the parse and plan (1.5 ms of 3 at a million audit rows) go.
    // A search, a filter of several values or one no index orders, or a far page otherwise is planned for its values each time.
    const oneValueEach = byCounter?.oneValueEach;
    const named =
      deep !== undefined ||
      (offset < DEEP_OFFSET &&
        (whole ||
          merging !== undefined ||
          (!searching && (byCounter?.valuesUnseen === true || (oneValueEach !== undefined && readInOrder(oneValueEach, sortBy))))));
    // A named page has its size written into its text, a first page its offset too: with `limit $n offset $m` the plan
    // PostgreSQL would keep is costed for an unknown share of the table (a tenth skipped, a third of it read), dearer than
    // any plan for the values, so it keeps none and plans every call anew (0.3 ms of a 0.45 ms statement at 200,000
    // users); a far page's plan kept with `limit $n` joined a third of a million audit rows by hashing, 197 ms against 3.
    // Other pages keep `offset $m`: one statement for them all.
    const limit = named ? writtenCount(query.page_size) : sql.placeholder('limit');
    const skip = named && offset === 0 ? writtenCount(0) : sql.placeholder('offset');
    const where = placeholderConditions(query, added, searching);
    const live = sql<number>`(${countQuery(db, where)})`;
    // A kept total spares the count: the database runs a subquery of coalesce only when the one before it is null.
    const total = counted?.total(where) ?? (keyword ? sql<number>`coalesce(${keyword.total(where)}, ${live})` : live);
    const built = deep
      ? deepPageQuery(db, total, deep, order, limit)
      : pageQuery(db, where, total, sortBy, order, limit, skip, keyword ? { [KEPT]: keyword.kept() } : {}, heldToOne(query, added), merging?.(limit, skip));
    // What a searched total keeps: every match, or those up to the watermark (`foldedCounts`).
    const keeps = options.foldedCounts ? sql<number>`(${live} - ${unfolded(where)})` : live;
    const page = preparedSelect(built, presented, { extraFields: [TOTAL, ...(keyword ? [KEPT] : [])], named });
    return { page, total, keeps, keyed: byCounter !== undefined || keyword !== undefined, searchKept: keyword !== undefined };
  }

  /**
   * The statement of a list's page and this request's values for it: prepared once per shape (sort, order, searching or
   * not, chosen ids or not, the first page, a page within `MERGE_REACH` rows of the start, near the
   * start or far, the page size, which filters are given and whether each has several values, which
   * bound conditions the route adds)
   * with the values bound per request; built anew when the route adds a condition as plain SQL. A
   * request of a shape already prepared works out its key and its values only (the handler's own
   * cost per request, bench/RESULTS.md).
   */
  function pageStatement(db: Executor, given: ListQuery, extra?: Condition | (Condition | undefined)[]) {
    const asked = listRequest(given, extra);
    const { query, added, sortBy, order, searching } = asked;
    const offset = (query.page - 1) * query.page_size;

    // A condition given as plain SQL holds values of its own: that statement is built for this request alone.
    const shared = added.every(isBound);
    let prepared: PreparedShape | undefined;
    if (shared) {
      // Everything the statement depends on, and nothing else: every choice `prepareShape` makes follows from it.
      const reach = offset >= DEEP_OFFSET ? 'far' : offset === 0 ? 'first' : offset + query.page_size <= MERGE_REACH ? 'close' : 'near';
      let shape = `${sortBy} ${order} ${searching ? 'search' : '-'} ${query.id === undefined ? '-' : 'ids'} ${reach} ${query.page_size}`;
      for (const name of entity.filterNames) shape += query[name] === undefined ? ' -' : Array.isArray(query[name]) ? ' many' : ' one';
      for (const condition of added as Bound[]) shape += ` ${conditionId(condition.condition)}`;
      let shapes = preparedPages.get(db);
      if (!shapes) preparedPages.set(db, (shapes = new Map()));
      prepared = shapes.get(shape);
      if (!prepared) shapes.set(shape, (prepared = prepareShape(db, asked, offset)));
    } else prepared = prepareShape(db, asked, offset);

    const values = conditionValues(asked);
    values.limit = query.page_size;
    values.offset = offset;
    // The counters' key (and the values of a filter given several), for a total read from the counters or kept for a search.
    if (prepared.keyed) Object.assign(values, countedKey(query, added)!.values);
    return { prepared, values };
  }

  /** The total alone, for an empty page past the end: prepared when first needed. */
  async function countOf(db: Executor, prepared: PreparedShape, values: Record<string, unknown>) {
    prepared.count ??= countAlone(db, prepared.total).prepare('');
    const [row] = await prepared.count.execute(values);
    return Number(row.total);
  }

  /** A searched total the page found not kept yet: counted as the list makes it, and kept from now on (see `keepKeywordCount`). */
  function keepSearchedTotal(db: Database, prepared: PreparedShape, values: Record<string, unknown>, log?: FastifyBaseLogger) {
    const kept = { table: entity.table, pattern: values.pattern as string, key: values.counted_key as string };
    void keepKeywordCount(
      db,
      kept,
      async (tx: Executor) => {
        // No fold between this count and its row set: the fold adds to the row what passes the watermark after.
        if (options.foldedCounts) await tx.execute(sql`select from count_watermarks where table_name = ${entity.table} for share`);
        return Number((await countAlone(tx, prepared.keeps).prepare('').execute(values))[0].total);
      },
      log,
    );
  }

  return {
    entity,
    table,
    columns,
    idColumn,
    selection,
    conditions,
    present,
    /** The referenced records as a page selects them, from a select made `withReferences`: for a route's own page of these records (a series' courses). */
    referenced,
    withReferences,

    /**
     * A record as a read answers it, and `extra` values, as JSON the database builds (for answers
     * sent as the database's text, a tree, say). Every column of an entity's table is stored the
     * way the wire carries it (datetimes as epoch milliseconds), so the database's JSON is the read's.
     */
    recordJson(extra: Record<string, SQL> = {}): SQL {
      const values = Object.entries({ ...presentedJson, ...extra }).map(([key, value]) => sql`${key}::text, ${value}`);
      // json_build_object takes 100 arguments at most.
      if (values.length > 50) throw new Error(`${entity.resource}: ${values.length} values are more than one JSON object of the database holds`);
      return sql`json_build_object(${sql.join(values, sql`, `)})`;
    },

    /**
     * A page and the exact number of matches. Its statement is prepared once per shape (see
     * `pageStatement`): the route's conditions given as `Bound` keep it so, plain SQL builds anew.
     */
    async list(db: Database, query: ListQuery, extra?: Condition | (Condition | undefined)[], log?: FastifyBaseLogger) {
      const { prepared, values } = pageStatement(db, query, extra);
      const { rows, extras } = await prepared.page.withExtras(db, values);
      // A searched total that was counted is kept from now on, counted in the background.
      if (prepared.searchKept && extras?.[KEPT] === false && isDatabase(db)) keepSearchedTotal(db, prepared, values, log);
      // An empty page carries no total: none on page 1 means none at all; past the end, count.
      return { items: rows, total: extras ? (extras[TOTAL] as number) : query.page === 1 ? 0 : await countOf(db, prepared, values) };
    },

    /**
     * The statement `list` sends for this query and these conditions, values bound, as the driver
     * gets it (the bench's bare routes send it themselves, so they cannot drift from the handler).
     */
    listStatement(db: Executor, query: ListQuery, extra?: Condition | (Condition | undefined)[]): Statement {
      const { prepared, values } = pageStatement(db, query, extra);
      return prepared.page.bound(values);
    },

    /**
     * Every row of the list, all pages, in its order, a batch at a time (server/export/cursor.ts):
     * the same search, filters, route conditions and sort as `list`, without paging or total.
     */
    exportRows(db: Database, query: Omit<ListQuery, 'page' | 'page_size'>, extra?: Condition | (Condition | undefined)[]) {
      const asked = listRequest(query as ListQuery, extra);
      const direction = asked.order === 'asc' ? asc : desc;
      const sortColumn = sortColumnOf(asked.sortBy);
      const rows = withReferences(db.select(presented).from(table).$dynamic())
        .where(placeholderConditions(asked.query, asked.added, asked.searching))
        .orderBy(direction(sortColumn), direction(idColumn));
      return streamRows(db, rows, presented, conditionValues(asked));
    },

    read: findRow,

    async create(db: Executor, body: Row, extra: Row = {}) {
      await checkReferences(db, body);
      await holdNamedFiles(db, entity, body);
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
      await holdNamedFiles(db, entity, body);
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
  /** The same line for the list, as a bound condition (see `Bound`), so its statement is prepared once; `scope` otherwise. */
  listScope?: (request: FastifyRequest) => Condition | undefined;
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
  /** The list's CSV columns (server/export/): the declared fields by default, `entityColumns` with what the route adds otherwise. */
  exportColumns?: readonly CsvColumn[];
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
        config: {
          ...config('read'),
          csv: { columns: options.exportColumns ?? entityColumns(entity), rows: (request) => store.exportRows(db, request.query as ListQuery, (options.listScope ?? scopeOf)(request)) },
        },
        serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
        schema: { tags: [tag], summary: `List ${entity.resource} records, a page at a time`, querystring: listQuery, response: { 200: success(page(record)), ...failures } },
        handler: async (request) => ({ success: true as const, data: await store.list(db, request.query, (options.listScope ?? scopeOf)(request), request.log) }),
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
