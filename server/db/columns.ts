import { sql } from 'drizzle-orm';
import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Column declarations the tables share (server/db/schema.ts and the derived entity tables). */

/** An integer primary key the database numbers itself. */
export const identityId = <N extends string>(name: N) => integer(name).primaryKey().generatedAlwaysAsIdentity();

/** Text that is never null: empty until it is filled in. */
export const blankText = <N extends string>(name: N) => text(name).notNull().default('');

/** When the row was written, set by the database. */
export const createdAt = <N extends string>(name: N) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * A moment kept as `timestamptz` and read as epoch milliseconds, the way the wire carries times:
 * the store answers it as it is, and the database still sorts and indexes a real timestamp.
 */
const epochMsTimestamp = customType<{ data: number; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => new Date(value).getTime(),
  toDriver: (value) => new Date(value).toISOString(),
});

/** A moment the wire sets and reads as epoch milliseconds, kept as `timestamptz` (a voucher's `expire_at`). */
export const epochMs = <N extends string>(name: N) => epochMsTimestamp(name);

/** When the row was written, set by the database, answered as epoch milliseconds (a user's `create_time`). */
export const createdAtMs = <N extends string>(name: N) => epochMsTimestamp(name).notNull().default(sql`now()`);
