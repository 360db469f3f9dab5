import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type Executor } from './client';
import { waitForTransactionsUnderWay } from './countFolding';

/** The patterns kept per table: counting another lets the oldest go. */
export const KEPT_PER_TABLE = 64;
/** How long a first count waits for the writes begun before its pattern was kept; past it, lists go on counting. */
const WAIT_FOR_WRITERS_MS = 5_000;
/** A pattern left uncounted this long (its server stopped while counting) is counted again. */
const ABANDONED_AFTER = '1 minute';

/** A searched list's pattern within the counters' key (see entityStore's `keptKeywordTotal`). */
export interface KeptKeyword {
  table: string;
  /** The `like` pattern as the list was given it; kept lower-cased by the database, as the search compares it (see `searchMatches`). */
  pattern: string;
  /** The counters' key as JSON text: `{}`, or `{"tenant_id":7}`. */
  key: string;
}

/**
 * Tables whose patterns are kept, by their triggers (migration 0029) or, for the audit trail, by its
 * fold (0032; its truncate trigger is left), found by name once per process.
 */
const maintained = new Map<string, boolean>();
/** One first count at a time per server: a burst of new searches costs the database one count more, not one each. */
let counting = false;

async function patternsKept(db: Executor, table: string) {
  let found = maintained.get(table);
  if (found === undefined) {
    const [row] = rowsOf<{ found: boolean }>(
      await db.execute(sql`select exists (select from pg_trigger where tgrelid = to_regclass(${table}) and tgname in (${`${table}_keywords_insert`}, ${`${table}_keywords`}, ${`${table}_keywords_truncate`})) as found`),
    );
    found = row.found;
    maintained.set(table, found);
  }
  return found;
}

/**
 * Counts a pattern once, so that its list's total is kept from then on by the trigger (migration
 * 0029) rather than counted on every page. Run in the background after a searched page that was
 * counted; it never fails the list.
 *
 * Exact under concurrent writes: (1) the pattern's row is committed first, unready, so every
 * statement that writes after that adds its changes to it; (2) the count waits until every
 * transaction under way at that moment in this database has ended, for one of them may have written
 * before the row existed; (3) it locks the row, so the writers that added to it have committed and those still
 * to add wait, then counts on a snapshot taken after the lock and sets that count: it holds every
 * write before it, and the waiting writers add theirs to it. The audit trail's row holds the matches
 * up to its watermark, added to by the fold (migration 0032): its count is of those, taken while it
 * holds the watermark's lock (entityRoutes' `keptKeywordTotal`).
 */
export async function keepKeywordCount(db: Database, kept: KeptKeyword, count: (tx: Executor) => Promise<number>, log?: FastifyBaseLogger) {
  if (counting) return;
  counting = true;
  const row = sql`table_name = ${kept.table} and pattern = lower(${kept.pattern}) and key = ${kept.key}::jsonb`;
  let claimed = false;
  try {
    if (!(await patternsKept(db, kept.table))) return;
    claimed =
      rowsOf(
        await db.execute(sql`
          insert into keyword_counts as kept (table_name, pattern, key) values (${kept.table}, lower(${kept.pattern}), ${kept.key}::jsonb)
          on conflict (table_name, pattern, key) do update set kept_at = now()
            where not kept.ready and kept.kept_at < now() - ${ABANDONED_AFTER}::interval
          returning 1`),
      ).length > 0;
    if (!claimed) return;
    // The oldest let go now, not after: once this pattern is ready, the table keeps no more than its bound.
    await db.execute(sql`
      delete from keyword_counts where table_name = ${kept.table}
        and (pattern, key) not in (select pattern, key from keyword_counts where table_name = ${kept.table} order by kept_at desc limit ${KEPT_PER_TABLE})`);
    // Every transaction under way now (server/db/countFolding.ts): one of them may have written before the row existed.
    if (!(await waitForTransactionsUnderWay(db, WAIT_FOR_WRITERS_MS))) throw new Error(`transactions still under way after ${WAIT_FOR_WRITERS_MS} ms`);
    await db.transaction(async (tx) => {
      // Gone (a rebuild of the counts, say): nothing to keep.
      if (rowsOf(await tx.execute(sql`select from keyword_counts where ${row} for update`)).length === 0) return;
      const total = await count(tx);
      await tx.execute(sql`update keyword_counts set row_count = ${total}, ready = true, kept_at = now() where ${row}`);
    });
    claimed = false;
  } catch (error) {
    log?.warn({ err: error, keyword: kept }, 'a searched total could not be kept; its list counts it on every page');
  } finally {
    // An unready row is only ever the count's own: let it go, and the next search counts again.
    if (claimed) await db.execute(sql`delete from keyword_counts where ${row} and not ready`).catch(() => undefined);
    counting = false;
  }
}
