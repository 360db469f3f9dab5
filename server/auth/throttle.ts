import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { attemptCounters } from '../db/schema';
import { TooManyRequests } from '../errors';

export interface ThrottlePolicy {
  windowMs: number;
  /** Attempts allowed for one login name from one address within the window. */
  perName: number;
  /** Attempts allowed from one address, whatever the names tried. */
  perAddress: number;
}

export interface ThrottleKey {
  key: string;
  limit: number;
}

/** The counters a sign-in attempt is charged to. */
export function signInKeys(policy: ThrottlePolicy, address: string, loginName: string): ThrottleKey[] {
  return [
    { key: `address:${address}`, limit: policy.perAddress },
    { key: `name:${address}:${loginName.trim().toLowerCase()}`, limit: policy.perName },
  ];
}

/** Refuses with 429 (and how long to wait) while any counter is at its limit within the window. */
export async function assertNotThrottled(db: Executor, windowMs: number, keys: ThrottleKey[]) {
  const windowStart = new Date(Date.now() - windowMs);
  const rows = await db
    .select()
    .from(attemptCounters)
    .where(and(inArray(attemptCounters.key, keys.map((k) => k.key)), gt(attemptCounters.window_started_at, windowStart)));
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)!.limit;
    if (row.attempts >= limit) {
      const retryAfterMs = row.window_started_at.getTime() + windowMs - Date.now();
      throw new TooManyRequests(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    }
  }
}

/** Counts one attempt against every key (the keys of one call are distinct), in one statement. */
export async function recordAttempt(db: Executor, windowMs: number, keys: ThrottleKey[]) {
  if (keys.length === 0) return;
  const windowSeconds = windowMs / 1000;
  const stale = sql`${attemptCounters.window_started_at} <= now() - make_interval(secs => ${windowSeconds})`;
  await db
    .insert(attemptCounters)
    .values(keys.map(({ key }) => ({ key, attempts: 1, window_started_at: sql`now()` })))
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        attempts: sql`case when ${stale} then 1 else ${attemptCounters.attempts} + 1 end`,
        window_started_at: sql`case when ${stale} then now() else ${attemptCounters.window_started_at} end`,
      },
    });
}

/** Forgets the attempts counted under these keys (a success forgives the failures on a name). */
export async function clearAttempts(db: Executor, keys: ThrottleKey[]) {
  await db.delete(attemptCounters).where(inArray(attemptCounters.key, keys.map((k) => k.key)));
}
