import { SessionCache, type CachedSession } from '../../server/auth/sessionCache';
import { applyNotification } from '../../server/auth/sessionListener';
import type { UserRow } from '../../server/auth/sessions';

const NOW = 1_000_000;
const session = (sessionId: number, userId: number, validUntil = NOW + 60_000): CachedSession => ({
  sessionId,
  user: { user_id: userId } as UserRow,
  current: true,
  expiresAt: validUntil,
  validUntil,
});

function listeningCache(maxEntries = 3) {
  const cache = new SessionCache({ maxEntries, maxAgeMs: 30_000 });
  cache.setListening(true);
  return cache;
}

test('nothing is kept or served while the listener is not listening, and losing it empties the cache', () => {
  const cache = new SessionCache({ maxEntries: 10, maxAgeMs: 30_000 });
  cache.put('a', session(1, 1), cache.generation, NOW);
  expect(cache.get('a', NOW)).toBeUndefined();
  cache.setListening(true);
  cache.put('a', session(1, 1), cache.generation, NOW);
  expect(cache.get('a', NOW)?.sessionId).toBe(1);
  cache.setListening(false);
  expect(cache.size).toBe(0);
  expect(cache.get('a', NOW)).toBeUndefined();
});

test('an entry is served until the session expires or the entry is older than the maximum age', () => {
  const cache = listeningCache();
  cache.put('a', session(1, 1, NOW + 5_000), cache.generation, NOW);
  expect(cache.get('a', NOW + 4_999)).toBeDefined();
  expect(cache.get('a', NOW + 5_000)).toBeUndefined();
  cache.put('b', session(2, 2), cache.generation, NOW);
  expect(cache.get('b', NOW + 29_999)).toBeDefined();
  expect(cache.get('b', NOW + 30_000)).toBeUndefined();
});

test('the least recently used entry goes when the cache is full', () => {
  const cache = listeningCache(2);
  cache.put('a', session(1, 1), cache.generation, NOW);
  cache.put('b', session(2, 2), cache.generation, NOW);
  cache.get('a', NOW);
  cache.put('c', session(3, 3), cache.generation, NOW);
  expect([cache.get('a', NOW), cache.get('b', NOW), cache.get('c', NOW)].map((entry) => entry?.sessionId)).toEqual([1, undefined, 3]);
});

test('a look-up that raced an invalidation does not put back what it removed', () => {
  const cache = listeningCache();
  const generation = cache.generation;
  applyNotification(cache, 'u:7');
  cache.put('a', session(1, 1), generation, NOW);
  expect(cache.get('a', NOW)).toBeUndefined();
});

test("this process's own change keeps the user or session out until it is surely committed", () => {
  const cache = listeningCache();
  const live = (sessionId: number, userId: number) => session(sessionId, userId, Date.now() + 60_000);
  cache.put('a', live(1, 10), cache.generation, Date.now());
  cache.dropUsers([10]);
  expect(cache.get('a', Date.now())).toBeUndefined();
  cache.put('a', live(1, 10), cache.generation, Date.now());
  expect(cache.get('a', Date.now())).toBeUndefined();
  cache.dropSessions([2]);
  cache.put('b', live(2, 20), cache.generation, Date.now());
  expect(cache.get('b', Date.now())).toBeUndefined();
  // Others are cached as before.
  cache.put('c', live(3, 30), cache.generation, Date.now());
  expect(cache.get('c', Date.now())).toBeDefined();
});

test('notifications drop the sessions or users they name; anything else drops everything', () => {
  const cache = listeningCache(10);
  for (const [key, id] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) cache.put(key, session(id, id * 10), cache.generation, NOW);
  applyNotification(cache, 's:1,2');
  applyNotification(cache, 'u:30');
  expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key, NOW)?.sessionId)).toEqual([undefined, undefined, undefined, 4]);
  applyNotification(cache, '*');
  expect(cache.size).toBe(0);
});
