import { configFromEnv, defaultPoolSize } from '../../server/config';

test('the pool is twice the cores and one, from 5 to 10', () => {
  expect([1, 2, 3, 4, 5, 64].map((cores) => defaultPoolSize(cores))).toEqual([5, 5, 7, 9, 10, 10]);
});

test('DATABASE_POOL_SIZE sets the pool, and EXPORTS_AT_ONCE leaves two of its connections to the other requests', () => {
  expect(configFromEnv({}).app.poolSize).toBe(defaultPoolSize());
  expect(configFromEnv({ DATABASE_POOL_SIZE: '20', EXPORTS_AT_ONCE: '18' }).app).toMatchObject({ poolSize: 20, exportsAtOnce: 18 });
  expect(() => configFromEnv({ DATABASE_POOL_SIZE: '2' })).toThrow('DATABASE_POOL_SIZE must be a whole number from 3 to 100, not "2"');
  expect(() => configFromEnv({ DATABASE_POOL_SIZE: 'many' })).toThrow('DATABASE_POOL_SIZE must be a whole number from 3 to 100, not "many"');
  expect(() => configFromEnv({ DATABASE_POOL_SIZE: '5', EXPORTS_AT_ONCE: '4' })).toThrow('EXPORTS_AT_ONCE must be a whole number from 1 to 3 (the pool has 5 connections), not "4"');
  // The default exports with a pool too small for them.
  expect(() => configFromEnv({ DATABASE_POOL_SIZE: '4' })).toThrow('EXPORTS_AT_ONCE must be a whole number from 1 to 2 (the pool has 4 connections), not "3"');
});

test('AUDIT_RETENTION_DAYS sets how long the audit trail keeps a row; unset, it keeps every row', () => {
  expect(configFromEnv({}).app.auditRetentionMs).toBeUndefined();
  expect(configFromEnv({ AUDIT_RETENTION_DAYS: '365' }).app.auditRetentionMs).toBe(365 * 24 * 3_600_000);
  expect(configFromEnv({ AUDIT_RETENTION_DAYS: '0.5' }).app.auditRetentionMs).toBe(12 * 3_600_000);
  for (const wrong of ['0', '-1', 'a year'])
    expect(() => configFromEnv({ AUDIT_RETENTION_DAYS: wrong })).toThrow(`AUDIT_RETENTION_DAYS must be a positive number of days, not "${wrong}"`);
});
