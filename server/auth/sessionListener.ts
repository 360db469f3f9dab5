import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { SessionCache } from './sessionCache';

/** The channel migration 0014's triggers notify on: `s:1,2` (sessions), `u:3` (users), `*` (everything). */
export const SESSION_CHANNEL = 'session_cache';
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'course-console session listener';

export interface SessionListenerOptions {
  /** The first retry after a lost connection; each failure doubles it up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the connection is checked: a ping still unanswered at the next one counts as lost. */
  pingMs?: number;
}

export interface SessionListener {
  /** Resolves when listening (again); tests wait on it. */
  listening(): Promise<void>;
  stop(): Promise<void>;
}

/** Applies one notification to the cache. Exported for the unit test. */
export function applyNotification(cache: SessionCache, payload: string | undefined) {
  const match = /^([su]):([\d,]+)$/.exec(payload ?? '');
  if (!match) return cache.clear();
  const ids = match[2].split(',').filter(Boolean).map(Number);
  cache.changed(match[1] === 's' ? 'sessions' : 'users', ids);
}

/**
 * One connection of its own (not the pool's: a pooled connection is lent to queries) that LISTENs
 * for the triggers' notifications and drops what they name from the cache. Notifications sent while
 * it is not listening are lost to it, so while it is not, the cache is empty and keeps nothing; it
 * reconnects with backoff.
 */
export function startSessionListener(
  connectionString: string,
  cache: SessionCache,
  log: FastifyBaseLogger,
  { minBackoffMs = 100, maxBackoffMs = 5_000, pingMs = 15_000 }: SessionListenerOptions = {},
): SessionListener {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let connecting: Promise<void> | undefined;
  let active = false;
  let waiters: (() => void)[] = [];

  const connect = async () => {
    retry = undefined;
    if (stopped) return;
    const connection = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = connection;
    let lost = false;
    let ping: NodeJS.Timeout | undefined;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      clearInterval(ping);
      active = false;
      cache.setListening(false);
      if (client === connection) client = undefined;
      connection.end().catch(() => undefined);
      if (stopped) return;
      const delay = Math.min(maxBackoffMs, minBackoffMs * 2 ** failures++);
      log.warn({ err: error, retryInMs: delay }, 'session cache off: its notification connection was lost');
      retry = setTimeout(() => void (connecting = connect()), delay);
    };
    connection.on('error', onLost);
    connection.on('end', () => onLost(new Error('connection ended')));
    connection.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL) applyNotification(cache, message.payload);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${SESSION_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost || stopped) return;
    failures = 0;
    let pinging = false;
    ping = setInterval(() => {
      if (pinging) return onLost(new Error('ping unanswered'));
      pinging = true;
      connection.query('select 1').then(() => (pinging = false), onLost);
    }, pingMs);
    ping.unref();
    // Only now: a look-up that began before this missed no change (see SessionCache.put).
    active = true;
    cache.setListening(true);
    log.debug('session cache on: listening for session and user changes');
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  connecting = connect();

  return {
    listening: () => (active || stopped ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      cache.setListening(false);
      // pg's end() on a connection still being made never settles (a stop right after the start):
      // let the attempt finish first (its timeout bounds it), then end what it made.
      await connecting?.catch(() => undefined);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
      for (const resolve of waiters) resolve();
      waiters = [];
    },
  };
}
