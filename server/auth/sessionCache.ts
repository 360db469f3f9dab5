import type { UserRow } from './sessions';

/** A resolved session as the cache keeps it: what the look-up gave, and until when it may be used. */
export interface CachedSession {
  sessionId: number;
  user: UserRow;
  /** The token was the session's current one (not the one a renewal replaced): it may renew. */
  current: boolean;
  /** The session's expiry (a renewal moves it, and so drops the entry). */
  expiresAt: number;
  /** Past this the token no longer works: expiresAt, or for a replaced token the end of its grace. */
  validUntil: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

export interface SessionCacheOptions {
  /** Entries kept at most; the least recently used goes first. 0 turns the cache off. */
  maxEntries: number;
  /** An entry older than this is looked up again, whatever happened: the net under invalidation. */
  maxAgeMs: number;
}

/** After this process changes a user or a session, it caches neither for this long (see `drop*`). */
const FENCE_MS = 10_000;

/**
 * Resolved sessions by token hash, so that most calls need no session look-up. Correct only while
 * something tells it of every change to a session or user: this process's own writes call `drop*`
 * synchronously, and the database's triggers (migration 0014) reach every process through
 * LISTEN/NOTIFY (sessionListener.ts). Until that listener is listening, nothing is cached.
 *
 * A look-up that raced a change must not put back what the change removed, so `put` takes the
 * generation read before the look-up began and is ignored if any invalidation came since. A change
 * this process makes inside a transaction drops entries before it commits; a look-up in between
 * still reads the old rows, so the user or session changed stays uncached for FENCE_MS (the
 * database's notification, sent at commit, covers a transaction longer than that).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly userFences = new Map<number, number>();
  private readonly sessionFences = new Map<number, number>();
  private generationCount = 0;
  private listening = false;

  constructor(private readonly options: SessionCacheOptions) {}

  /** Whether entries are being kept: the listener is listening and the cache is not turned off. */
  get enabled() {
    return this.listening && this.options.maxEntries > 0;
  }

  get size() {
    return this.entries.size;
  }

  /** Read before a database look-up and handed to `put` with its result. */
  get generation() {
    return this.generationCount;
  }

  /** The listener reports whether it is listening; while it is not, nothing is cached or served. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.clear();
  }

  get(tokenHash: string, now: number): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now >= entry.validUntil || now - entry.cachedAt >= this.options.maxAgeMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry;
  }

  put(tokenHash: string, session: CachedSession, generation: number, now: number) {
    if (!this.enabled || generation !== this.generationCount) return;
    if (this.fenced(this.userFences, session.user.user_id, now) || this.fenced(this.sessionFences, session.sessionId, now)) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...session, cachedAt: now });
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** This process is changing (or has changed) these sessions: drop them now and keep them out a while. */
  dropSessions(sessionIds: Iterable<number>) {
    const ids = new Set(sessionIds);
    this.fence(this.sessionFences, ids);
    this.remove((entry) => ids.has(entry.sessionId));
  }

  /** This process is changing (or has changed) these users, or their sessions: as dropSessions. */
  dropUsers(userIds: Iterable<number>) {
    const ids = new Set(userIds);
    this.fence(this.userFences, ids);
    this.remove((entry) => ids.has(entry.user.user_id));
  }

  /** A change made elsewhere, committed: drop what it touched (no fence needed, it is visible now). */
  changed(kind: 'sessions' | 'users', ids: Iterable<number>) {
    const set = new Set(ids);
    this.remove(kind === 'sessions' ? (entry) => set.has(entry.sessionId) : (entry) => set.has(entry.user.user_id));
  }

  clear() {
    this.generationCount++;
    this.entries.clear();
  }

  private remove(matches: (entry: Entry) => boolean) {
    this.generationCount++;
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }

  private fence(fences: Map<number, number>, ids: Set<number>) {
    const now = Date.now();
    // Expired fences go when they pile up (each is otherwise removed by the next put it concerns).
    if (fences.size > 1000) for (const [id, until] of fences) if (until <= now) fences.delete(id);
    for (const id of ids) fences.set(id, now + FENCE_MS);
  }

  private fenced(fences: Map<number, number>, id: number, now: number) {
    const until = fences.get(id);
    if (until === undefined) return false;
    if (now < until) return true;
    fences.delete(id);
    return false;
  }
}
