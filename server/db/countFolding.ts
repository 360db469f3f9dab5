import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type Executor } from './client';

/** How often a server folds the audit trail's new rows into its counts: the most rows a reader counts past the watermark is about this long's writes. */
export const FOLD_EVERY_MS = 1_000;
/**
 * How long a fold waits for the transactions under way when it began (a long export's, say); past
 * it, it gives up until the next tick: readers stay exact, counting the rows past the watermark.
 */
const WAIT_FOR_TRANSACTIONS_MS = 30_000;


/**
 * Waits until every transaction under way now in this database (another connection's, read-only or
 * not, the moment it began) has ended; false if some still are after `timeoutMs`, or once `signal`
 * aborts. A transaction holds the lock on its virtual id from its first statement to its end, before
 * it has written anything, and pg_locks shows every role's; a long transaction in another database
 * on a shared server is not ours to wait for.
 */
export async function waitForTransactionsUnderWay(db: Executor, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  const [{ under_way }] = rowsOf<{ under_way: string[] }>(
    await db.execute(sql`
      select coalesce(array_agg(held.virtualxid), '{}') as under_way
        from pg_locks held join pg_stat_activity backend on backend.pid = held.pid
       where held.locktype = 'virtualxid' and held.mode = 'ExclusiveLock' and held.granted
         and backend.datname = current_database() and held.pid <> pg_backend_pid()`),
  );
  const deadline = Date.now() + timeoutMs;
  while (under_way.length > 0) {
    const [{ ended }] = rowsOf<{ ended: boolean }>(
      await db.execute(sql`
        select not exists (select from pg_locks where locktype = 'virtualxid' and mode = 'ExclusiveLock' and granted
                              and virtualxid = any(string_to_array(${under_way.join(',')}, ','))) as ended`),
    );
    if (ended) return true;
    if (Date.now() > deadline || signal?.aborted) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/**
 * Adds the audit trail's rows written since the last fold to its counts (`fold_audit_counts`,
 * migration 0031) and answers how many ids it passed. Exact under concurrent writes: it reads the
 * last id handed out, then waits for every transaction under way at that moment (each row at or
 * below that id is one of theirs, or was written by a transaction already ended), so the rows it
 * counts are final: committed, or never to be. Several servers may fold at once; the database takes
 * one fold at a time, and a fold that finds the watermark already past its id does nothing; nor does
 * one whose wait ran out.
 */
export async function foldAuditCounts(db: Database, signal?: AbortSignal): Promise<number> {
  const [{ handed_out, folded_to }] = rowsOf<{ handed_out: string | null; folded_to: string }>(
    await db.execute(sql`
      select pg_sequence_last_value(pg_get_serial_sequence('audit_logs', 'id')) as handed_out,
             (select folded_to from count_watermarks where table_name = 'audit_logs') as folded_to`),
  );
  if (handed_out === null || BigInt(handed_out) <= BigInt(folded_to)) return 0;
  if (!(await waitForTransactionsUnderWay(db, WAIT_FOR_TRANSACTIONS_MS, signal))) return 0;
  const [{ passed }] = rowsOf<{ passed: string }>(await db.execute(sql`select fold_audit_counts(${handed_out}::bigint) as passed`));
  return Number(passed);
}

/** Folds every FOLD_EVERY_MS, one fold at a time; `stop` ends a fold's wait and waits for the fold. */
export function startCountFolding(db: Database, log: FastifyBaseLogger) {
  let running: Promise<unknown> | undefined;
  const stopping = new AbortController();
  const timer = setInterval(() => {
    if (running) return;
    running = foldAuditCounts(db, stopping.signal)
      .catch((error) => log.warn({ err: error }, "the audit trail's new rows could not be folded into its counts; its totals count them from the rows"))
      .finally(() => {
        running = undefined;
      });
  }, FOLD_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
