import { and, asc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { BadRequest, Conflict, NotFound } from '../errors';

/**
 * Where an ordered item lives: items with the same parent (and the same scope values, such as a
 * chapter's course) are siblings, numbered 1..n by the order column.
 */
export interface SiblingOrderColumns {
  table: PgTable;
  id: PgColumn;
  parent: PgColumn;
  order: PgColumn;
  /** Columns siblings also share besides the parent (chapters: the course). */
  scope?: PgColumn[];
}

/** One sibling set: the parent's id and the scope values, in the order of `scope`. */
export interface Place {
  parent: number;
  scope: number[];
}

export interface OrderMove {
  /** The sibling the item will follow; 0: it becomes first. */
  after_id: number;
  /** The sibling the item will precede; 0: it becomes last. */
  before_id: number;
}

/**
 * Gapless sibling order (DESIGN.md "Order"). Every change to a sibling set takes a transaction-long
 * advisory lock keyed by that set first, so concurrent moves, creates and deletes run one after
 * another and each renumbers from what the previous one committed.
 */
export function siblingOrder(columns: SiblingOrderColumns) {
  const { table, id, parent, order } = columns;
  const scope = columns.scope ?? [];
  const tableName = getTableName(table);

  const keyOf = (place: Place) => [place.parent, ...place.scope].join(':');
  const sameSet = (a: Place, b: Place) => keyOf(a) === keyOf(b);

  function siblingsWhere(place: Place): SQL {
    return and(eq(parent, place.parent), ...scope.map((column, index) => eq(column, place.scope[index])))!;
  }

  async function placeOf(tx: Executor, itemId: number): Promise<Place | undefined> {
    const [row] = await tx
      .select({ parent: parent, ...Object.fromEntries(scope.map((column, index) => [`s${index}`, column])) })
      .from(table)
      .where(eq(id, itemId));
    if (!row) return undefined;
    const values = row as Record<string, number>;
    return { parent: values.parent, scope: scope.map((_, index) => values[`s${index}`]) };
  }

  /** Locks the sibling sets, always in one order, so two callers locking two sets cannot deadlock. */
  async function lock(tx: Executor, places: Place[]) {
    const keys = [...new Set(places.map(keyOf))].sort();
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${tableName}), hashtext(${key}))`);
  }

  /** The siblings' ids in their order (the caller holds the set's lock). */
  async function idsIn(tx: Executor, place: Place): Promise<number[]> {
    const rows = await tx.select({ id }).from(table).where(siblingsWhere(place)).orderBy(asc(order), asc(id));
    return rows.map((row) => row.id as number);
  }

  /** Writes 1..n in the given order, touching only the rows whose number changes. */
  async function renumber(tx: Executor, ids: number[]) {
    if (ids.length === 0) return;
    const list = sql.join(
      ids.map((itemId) => sql`${itemId}`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${table} set ${sql.identifier(order.name)} = placed.position
      from unnest(array[${list}]::integer[]) with ordinality as placed(item_id, position)
      where ${table}.${sql.identifier(id.name)} = placed.item_id and ${table}.${sql.identifier(order.name)} <> placed.position`);
  }

  /** The item, its set locked; a 404 when it is gone, a 409 when it left the set while we waited. */
  async function lockedPlaceOf(tx: Executor, itemId: number): Promise<Place> {
    const seen = await placeOf(tx, itemId);
    if (!seen) throw new NotFound();
    await lock(tx, [seen]);
    const now = await placeOf(tx, itemId);
    if (!now) throw new NotFound();
    if (!sameSet(seen, now)) throw new Conflict('app.error.changed_meanwhile');
    return now;
  }

  return {
    placeOf,
    lock,
    lockedPlaceOf,

    /**
     * The two-level tree of the items whose scope columns equal `scopeValues`, as one JSON value the
     * database builds: top-level items (parent 0) in their order, each with `children` in theirs.
     * `node` is an item's JSON given its children's; the route sends the text as it comes, so a
     * tree of hundreds of nodes costs the server no rows to map and no objects to check.
     */
    treeJson(node: (children: SQL) => SQL, scopeValues: SQL[] = []): SQL {
      const scoped = scope.map((column, index) => sql`${column} = ${scopeValues[index]}`);
      const where = (level: SQL) => sql.join([level, ...scoped], sql` and `);
      const children = sql`(select coalesce(json_agg(below.node order by below.place, below.id), '[]'::json) from below where below.parent = ${id})`;
      return sql`(with below as (
          select ${id} as id, ${parent} as parent, ${order} as place, ${node(sql`'[]'::json`)} as node
          from ${table} where ${where(sql`${parent} <> 0`)}
        )
        select coalesce(json_agg(${node(children)} order by ${order}, ${id}), '[]'::json)
        from ${table} where ${where(sql`${parent} = 0`)})`;
    },

    /** The number a new last sibling takes (the caller holds the set's lock). */
    async next(tx: Executor, place: Place): Promise<number> {
      const [{ last }] = await tx
        .select({ last: sql<number>`coalesce(max(${order}), 0)::int` })
        .from(table)
        .where(siblingsWhere(place));
      return last + 1;
    },

    /** Renumbers a set 1..n without `leaving` (an item being deleted or moved to another parent). */
    async closeGap(tx: Executor, place: Place, leaving: number) {
      await renumber(
        tx,
        (await idsIn(tx, place)).filter((itemId) => itemId !== leaving),
      );
    },

    /**
     * Places the item between `after_id` and `before_id`, which must be its own siblings and be
     * next to each other once it stands between them. Answers the item's new number.
     */
    async move(tx: Executor, itemId: number, { after_id, before_id }: OrderMove): Promise<number> {
      const place = await lockedPlaceOf(tx, itemId);
      const ids = await idsIn(tx, place);
      const others = ids.filter((sibling) => sibling !== itemId);
      const problems: Record<string, { key: string }> = {};
      for (const [field, neighbour] of [['after_id', after_id], ['before_id', before_id]] as const) {
        if (neighbour === 0 || others.includes(neighbour)) continue;
        if (neighbour === itemId) problems[field] = { key: 'app.validation.order_self' };
        else if (await placeOf(tx, neighbour)) problems[field] = { key: 'app.validation.not_sibling' };
        else problems[field] = { key: 'app.validation.reference_missing' };
      }
      if (Object.keys(problems).length > 0) throw new BadRequest('app.error.invalid_input', {}, problems);

      const position = after_id === 0 ? 0 : others.indexOf(after_id) + 1;
      const follower = others[position] ?? 0;
      if (follower !== before_id) throw new BadRequest('app.error.invalid_input', {}, { before_id: { key: 'app.validation.order_not_adjacent' } });

      others.splice(position, 0, itemId);
      await renumber(tx, others);
      return position + 1;
    },
  };
}

export type SiblingOrder = ReturnType<typeof siblingOrder>;
