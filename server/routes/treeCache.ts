import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** How many characters of one kind of tree a server keeps for a database, at most: the least recently read go first. */
const KEPT_CHARACTERS = 4_000_000;

/** A tree's text as built at a version. */
export interface KeptTree {
  version: number;
  text: string;
}

/**
 * Trees a server sends again from memory while the database still holds the version they were
 * built at (`versions`, raised by the triggers of migration 0024 in every write's
 * transaction, whichever instance writes). A read's statement answers the version and, on the same
 * snapshot, builds the tree only when that version is not the one kept: one round trip either way,
 * never a tree older than the database's.
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
    if (held) kept.size -= held.text.length;
    kept.trees.delete(scope);
  };

  /** The version of `scope`'s tree as the statement reads it; null when it has none (it is then built on every read). */
  const version = (scope: SQL) => sql<number | null>`(select version from versions where name = ${tree} and scope = ${scope})`;

  return {
    /** The columns a read's statement selects: the version, and the tree (`build`) unless the version is `known`. */
    columns: (scope: SQL, known: SQL, build: SQL) => ({
      version: version(scope),
      tree: sql<string | null>`case when ${version(scope)} = ${known}::bigint then null else (${build})::text end`,
    }),

    /** The tree kept for `scope`, if any: its version is what the statement compares with its own (-1 for none). */
    held: (db: Executor, scope: number): KeptTree | undefined => keptFor(db).trees.get(scope),

    /**
     * The tree's text: the one the statement built (kept with its version), or `held` when it built
     * none (the version was `held`'s).
     */
    answer(db: Executor, scope: number, held: KeptTree | undefined, found: { version: number | string | null; tree: string | null }): string {
      const kept = keptFor(db);
      letGo(kept, scope);
      const text = found.tree ?? held!.text;
      const now: KeptTree | undefined = found.tree === null ? held : found.version === null ? undefined : { version: Number(found.version), text };
      // Kept at the end of the map: the oldest read are the first let go.
      if (now && text.length <= KEPT_CHARACTERS) {
        kept.trees.set(scope, now);
        kept.size += text.length;
        for (const oldest of kept.trees.keys()) {
          if (kept.size <= KEPT_CHARACTERS) break;
          letGo(kept, oldest);
        }
      }
      return text;
    },
  };
}
