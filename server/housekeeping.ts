import { and, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HOUR } from './config';
import { rowsOf, type Database } from './db/client';
import { filesDirOf } from './storage/localFiles';
import { sweepUnusedFiles } from './storage/unusedFiles';
import { attemptCounters, mailOutbox, qrTickets, sessions } from './db/schema';

/** Audit rows one statement of the pruning deletes: each batch is its own short transaction. */
export const AUDIT_PRUNE_BATCH = 5_000;

/**
 * Deletes the audit trail's rows older than `retentionMs`, oldest first, in batches. The trail's
 * delete trigger takes each batch off its counts while it shares the watermark's lock (migration
 * 0031), so one statement over a year of a busy trail would hold back every server's fold for its
 * whole length (totals stay exact, counting ever more rows past the watermark) and carry every
 * deleted row in its transition table. 5,000 rows take 0.11-0.15 s on a million-row trail here.
 * Then drops the quarter hours and days left at zero before the cutoff, which deep pages would
 * otherwise walk. Answers how many rows went.
 */
export async function pruneAuditTrail(db: Database, retentionMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionMs);
  let removed = 0;
  for (;;) {
    const [{ deleted }] = rowsOf<{ deleted: number }>(
      await db.execute(sql`
        with gone as (
          delete from audit_logs where id in (select id from audit_logs where at < ${cutoff.toISOString()}::timestamptz order by at, id limit ${AUDIT_PRUNE_BATCH})
          returning 1)
        select count(*)::int as deleted from gone`),
    );
    removed += deleted;
    if (deleted < AUDIT_PRUNE_BATCH) break;
  }
  if (removed === 0) return 0;
  // A block ending before the cutoff gets no new row (each is written at now()); a fold racing this finds its row gone or non-zero, and inserts or keeps it.
  await db.execute(sql`
    delete from time_blocks
     where table_name = 'audit_logs' and row_count = 0 and (block + 1) * span <= extract(epoch from ${cutoff.toISOString()}::timestamptz)`);
  return removed;
}

/** Drops what can no longer be used: dead sessions after a week, stale counters, old QR tickets, finished mail past its retention, audit rows past theirs (when set), files no record names. */
export async function sweep(app: FastifyInstance) {
  const { db, appConfig } = app;
  await db.delete(sessions).where(or(lt(sessions.expires_at, sql`now() - interval '7 days'`), lt(sessions.revoked_at, sql`now() - interval '7 days'`)));
  const longestWindow = Math.max(appConfig.signInThrottle.windowMs, appConfig.qrSignIn.windowMs);
  await db.delete(attemptCounters).where(lt(attemptCounters.window_started_at, new Date(Date.now() - longestWindow)));
  await db.delete(qrTickets).where(lt(qrTickets.expires_at, sql`now() - interval '1 day'`));
  // Their attempts go with them (cascade). Queued mail is never pruned, however old: it is still owed.
  const retention = `${appConfig.mailDelivery.retentionMs} milliseconds`;
  await db.delete(mailOutbox).where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.last_attempt_at, sql`now() - ${retention}::interval`)));
  if (appConfig.auditRetentionMs !== undefined) {
    const pruned = await pruneAuditTrail(db, appConfig.auditRetentionMs);
    if (pruned > 0) app.log.info({ rows: pruned }, 'pruned audit rows past their retention');
  }
  // Last: a file the disk will not let go of stops only this part.
  const removedFiles = await sweepUnusedFiles(db, filesDirOf(appConfig.dataDir), appConfig.unusedFileGraceMs);
  if (removedFiles.length > 0) app.log.info({ files: removedFiles.length }, 'removed files no record names');
}

export function startHousekeeping(app: FastifyInstance) {
  const timer = setInterval(() => sweep(app).catch((error) => app.log.warn({ err: error }, 'housekeeping failed')), HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
