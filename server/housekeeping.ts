import { and, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HOUR } from './config';
import { filesDirOf } from './storage/localFiles';
import { sweepUnusedFiles } from './storage/unusedFiles';
import { attemptCounters, mailOutbox, qrTickets, sessions } from './db/schema';

/** Drops what can no longer be used: dead sessions after a week, stale counters, old QR tickets, finished mail past its retention, files no record names. */
export async function sweep(app: FastifyInstance) {
  const { db, appConfig } = app;
  await db.delete(sessions).where(or(lt(sessions.expires_at, sql`now() - interval '7 days'`), lt(sessions.revoked_at, sql`now() - interval '7 days'`)));
  const longestWindow = Math.max(appConfig.signInThrottle.windowMs, appConfig.qrSignIn.windowMs);
  await db.delete(attemptCounters).where(lt(attemptCounters.window_started_at, new Date(Date.now() - longestWindow)));
  await db.delete(qrTickets).where(lt(qrTickets.expires_at, sql`now() - interval '1 day'`));
  // Their attempts go with them (cascade). Queued mail is never pruned, however old: it is still owed.
  const retention = `${appConfig.mailDelivery.retentionMs} milliseconds`;
  await db.delete(mailOutbox).where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.last_attempt_at, sql`now() - ${retention}::interval`)));
  // Last: a file the disk will not let go of stops only this part.
  const removedFiles = await sweepUnusedFiles(db, filesDirOf(appConfig.dataDir), appConfig.unusedFileGraceMs);
  if (removedFiles.length > 0) app.log.info({ files: removedFiles.length }, 'removed files no record names');
}

export function startHousekeeping(app: FastifyInstance) {
  const timer = setInterval(() => sweep(app).catch((error) => app.log.warn({ err: error }, 'housekeeping failed')), HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
