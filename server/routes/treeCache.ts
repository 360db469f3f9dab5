import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import { dataEnvelope } from './entityRoutes';

/** How many bytes of one kind of tree a server keeps for a database, at most: the least recently read go first. */
const KEPT_BYTES = 4_000_000;

/**
 * A tree as built at a version, kept as the answer's bytes: sent again as they are, where a text
 * was wrapped and encoded anew for each answer (the 1,000-category tree, about 200 kB, thousands of
 * times a second among 8 clients: the server's memory rose by 70 MB in a second of it).
 */
export interface KeptTree {
  version: number;
  body: Buffer;
}

/**
 * Trees a server sends again from memory while the database still holds the version they were
 * built at (`versions`, raised by the triggers of migration 0024 in every write's transaction,
 * whichever instance writes). A read of a kept tree asks the database one small question, whether
 * that version still stands (planned in microseconds, where the tree's statement takes a third of a
 * millisecond to plan even when it builds nothing); only when it does not is the tree built, its
 * version read on the same snapshot. Never a tree older than the database's.
 */
export function treeCache(tree: 'chapter_tree' | 'category_tree') {
  const keptBy = new WeakMap<Executor, { trees: Map<number, KeptTree>; size: number }>();
  const keptFor = (db: Executor) => {
    let kept = keptBy.get(db);
    if (!kept) keptBy.set(db, (kept = { trees: new Map(), size: 0 }));
    return kept;
  };
  const letGo = (kept: { trees: Map<number, KeptTree>; size: number }, scope: number) => {
    const held = kept.trees.get(scope);
    if (held) kept.size -= held.body.length;
    kept.trees.delete(scope);
  };

  return {
    /** The columns a build's statement selects: the tree's version (null when it has none: it is then built on every read), and the tree. */
    columns: (scope: SQL, build: SQL) => ({
      version: sql<number | null>`(select version from versions where name = ${tree} and scope = ${scope})`,
      tree: sql<string>`(${build})::text`,
    }),

    /** A statement answering a row when `held` is still the tree of `scope` (and `alive`, when what the tree belongs to may be gone). */
    standing: (scope: number, held: KeptTree, alive: SQL = sql`true`) =>
      sql`select 1 from versions where name = ${tree} and scope = ${scope}::int and version = ${held.version}::bigint and ${alive}`,

    /** The tree kept for `scope`, if any. */
    held: (db: Executor, scope: number): KeptTree | undefined => keptFor(db).trees.get(scope),

    /**
     * The answer's bytes (see `dataEnvelope`): of the tree a statement built (kept with its version),
     * or `held`'s when `standing` found it still stands (`found` null).
     */
    answer(db: Executor, scope: number, held: KeptTree | undefined, found: { version: number | string | null; tree: string } | null): Buffer {
      const kept = keptFor(db);
      letGo(kept, scope);
      const body = found ? dataEnvelope(found.tree) : held!.body;
      const now: KeptTree | undefined = !found ? held : found.version === null ? undefined : { version: Number(found.version), body };
      // Kept at the end of the map: the oldest read are the first let go.
      if (now && body.length <= KEPT_BYTES) {
        kept.trees.set(scope, now);
        kept.size += body.length;
        for (const oldest of kept.trees.keys()) {
          if (kept.size <= KEPT_BYTES) break;
          letGo(kept, oldest);
        }
      }
      return body;
    },

    /**
     * The answer's bytes for the tree of `scope`: the kept one while it stands, else the one `build`
     * answers, kept in its place; undefined when `build` finds nothing to build (what the tree
     * belongs to is gone).
     */
    async read(db: Executor, scope: number, build: () => Promise<{ version: number | string | null; tree: string } | undefined>, alive?: SQL) {
      const held = this.held(db, scope);
      if (held) {
        const rows = rowsOf(await db.execute(this.standing(scope, held, alive)));
        if (rows.length > 0) return this.answer(db, scope, held, null);
      }
      const found = await build();
      // What the tree belonged to is gone: so is what was kept of it.
      if (!found) letGo(keptFor(db), scope);
      return found && this.answer(db, scope, held, found);
    },
  };
}
