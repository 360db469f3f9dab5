import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import type { CachedSession, SessionCache } from './sessionCache';

export type UserRow = typeof users.$inferSelect;

export const hashToken = (token: string) => hash('sha256', token, 'hex');
/** A fresh unguessable secret: session tokens, QR tickets and bindings. */
export const newToken = () => randomBytes(32).toString('base64url');

/** The browser and address a request comes from, as sessions and QR tickets remember them. */
export interface Client {
  userAgent: string;
  ip: string;
}

export const clientOf = (request: FastifyRequest): Client => ({
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
  ip: request.ip,
});

/** How long a token replaced by a renewal still works, for requests that were already on their way. */
const RENEWAL_GRACE_MS = 60_000;

export interface SessionPolicy {
  ttlMs: number;
  /** False for a call that cannot hand a renewed token on (SESSION_RENEWAL_HEADER): the session is left as it is. */
  renews?: boolean;
}

export async function createSession(
  db: Executor,
  userId: number,
  policy: SessionPolicy,
  client: Client,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + policy.ttlMs),
    user_agent: client.userAgent,
    ip: client.ip,
  });
  return token;
}

export interface ResolvedSession {
  sessionId: number;
  user: UserRow;
  /** Set when the session was renewed by this request: the token to use from now on. */
  renewedToken?: string;
}

/**
 * The session look-up runs on every call, so it is built once per database handle: drizzle spends
 * longer assembling this join than the database spends answering it, and the named statement
 * lets PostgreSQL skip parsing and planning too.
 */
function sessionLookup(db: Executor) {
  const tokenHash = sql.placeholder('tokenHash');
  const now = sql.placeholder('now');
  return db
    // Of the session, only what renewal needs: every column costs decoding on each call.
    .select({
      session: { id: sessions.id, token_hash: sessions.token_hash, expires_at: sessions.expires_at, previous_valid_until: sessions.previous_valid_until },
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.user_id, sessions.user_id))
    .where(
      and(
        or(eq(sessions.token_hash, tokenHash), and(eq(sessions.previous_token_hash, tokenHash), gt(sessions.previous_valid_until, now))),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}
const lookups = new WeakMap<Executor, ReturnType<typeof sessionLookup>>();

/** The live session a token's hash names, from the cache or else the database (which then fills the cache). */
async function lookUp(db: Executor, tokenHash: string, now: Date, cache: SessionCache | undefined): Promise<CachedSession | undefined> {
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return undefined;
  const current = row.session.token_hash === tokenHash;
  const expiresAt = row.session.expires_at.getTime();
  const found: CachedSession = {
    sessionId: row.session.id,
    user: row.user,
    current,
    expiresAt,
    // A token a renewal replaced works until its grace ends (the look-up found it within it).
    validUntil: current ? expiresAt : Math.min(expiresAt, row.session.previous_valid_until!.getTime()),
  };
  cache?.put(tokenHash, found, generation, now.getTime());
  return found;
}

/** Less than half its lifetime left: the session's current token is replaced by the next call that finds it. */
const dueForRenewal = (session: CachedSession, now: number, policy: SessionPolicy) =>
  policy.renews !== false && session.current && session.expiresAt - now < policy.ttlMs / 2;

/**
 * The live session a token's hash names, when the cache holds it and it is not due for renewal:
 * most calls, answered with neither a round trip nor a promise. Undefined: ask `resolveSession`.
 */
export function cachedSession(tokenHash: string, policy: SessionPolicy, cache: SessionCache): CachedSession | undefined {
  const now = Date.now();
  const session = cache.get(tokenHash, now);
  return session && !dueForRenewal(session, now, policy) ? session : undefined;
}

/**
 * The live session a token (by its hash) belongs to, renewed when less than half its lifetime is
 * left. With a cache (sessionCache.ts), most calls need no round trip; expiry is checked on every use.
 */
export async function resolveSession(db: Executor, tokenHash: string, policy: SessionPolicy, cache?: SessionCache): Promise<ResolvedSession | undefined> {
  const now = new Date();
  const session = await lookUp(db, tokenHash, now, cache);
  if (!session) return undefined;
  const resolved: ResolvedSession = { sessionId: session.sessionId, user: session.user };
  if (dueForRenewal(session, now.getTime(), policy)) {
    const renewedToken = newToken();
    // The old token's entry now lasts only the grace: drop it (the trigger tells other processes).
    cache?.dropSessions([session.sessionId]);
    // Conditional on the current hash: of two requests renewing at once, only one wins.
    const renewed = await db
      .update(sessions)
      .set({
        previous_token_hash: tokenHash,
        previous_valid_until: new Date(now.getTime() + RENEWAL_GRACE_MS),
        token_hash: hashToken(renewedToken),
        expires_at: new Date(now.getTime() + policy.ttlMs),
      })
      .where(and(eq(sessions.id, session.sessionId), eq(sessions.token_hash, tokenHash)))
      .returning({ id: sessions.id });
    if (renewed.length === 1) resolved.renewedToken = renewedToken;
  }
  return resolved;
}

/*
 * Each change below drops the cache's entries before the statement runs (and keeps them out until
 * the change is surely committed, see SessionCache): the answer to the call that made it is sent
 * after, so the next call finds the session gone. Other processes learn of it from the triggers.
 */

export async function revokeSession(db: Executor, cache: SessionCache, sessionId: number) {
  cache.dropSessions([sessionId]);
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** After a password change: every other device has to sign in again. */
export async function revokeOtherSessions(db: Executor, cache: SessionCache, userId: number, keepSessionId: number) {
  cache.dropUsers([userId]);
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId), isNull(sessions.revoked_at)));
}

/** A deactivated account: every session it has stops working at once. */
export async function revokeUserSessions(db: Executor, cache: SessionCache, userId: number) {
  cache.dropUsers([userId]);
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}
