import { sql } from 'drizzle-orm';
import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Column declarations the tables share (server/db/schema.ts and the derived entity tables). */

/** An integer primary key the database numbers itself. */
export const identityId = <N extends string>(name: N) => integer(name).primaryKey().generatedAlwaysAsIdentity();

/** Text that is never null: empty until it is filled in. */
export const blankText = <N extends string>(name: N) => text(name).notNull().default('');

/** When the row was written, set by the database. */
export const createdAt = <N extends string>(name: N) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** The number written in `count` decimal digits at `start`, NaN when one is not a digit. */
function digitsAt(text: string, start: number, count: number) {
  let value = 0;
  for (let at = start; at < start + count; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Epoch milliseconds of a `timestamptz` as PostgreSQL writes it (ISO DateStyle):
 * `2026-12-03 08:44:13.341123+00`, the fraction optional, the offset `+HH` or `+HH:MM`. Read by
 * position, as `Date` does not take that form on its fast path (a list page of 20 rows spent 5 µs
 * parsing them, bench/RESULTS.md); any other form (BC, infinity, a year after 9999, an offset in seconds)
 * goes through `Date`. Digits past the millisecond are dropped, as `Date` drops them.
 */
export function epochMsOfTimestamptz(text: string): number {
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46 /* . */) {
    let scale = 100;
    for (at = 20; at < text.length; at++) {
      const digit = text.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      ms += digit * scale;
      scale /= 10;
    }
  }
  const sign = text.charCodeAt(at) === 43 /* + */ ? 1 : text.charCodeAt(at) === 45 /* - */ ? -1 : 0;
  const withMinutes = text.length === at + 6 && text.charCodeAt(at + 3) === 58; /* : */
  const year = digitsAt(text, 0, 4);
  if (sign === 0 || (text.length !== at + 3 && !withMinutes) || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || Number.isNaN(year))
    return new Date(text).getTime();
  const offsetMinutes = digitsAt(text, at + 1, 2) * 60 + (withMinutes ? digitsAt(text, at + 4, 2) : 0);
  const utc = Date.UTC(year, digitsAt(text, 5, 2) - 1, digitsAt(text, 8, 2), digitsAt(text, 11, 2), digitsAt(text, 14, 2), digitsAt(text, 17, 2), Math.floor(ms));
  // Date.UTC reads the years 0-99 as 1900-1999.
  const epochMs = (year < 100 ? new Date(utc).setUTCFullYear(year) : utc) - sign * offsetMinutes * 60_000;
  return Number.isNaN(epochMs) ? new Date(text).getTime() : epochMs;
}

/**
 * A moment kept as `timestamptz` and read as epoch milliseconds, the way the wire carries times:
 * the store answers it as it is, and the database still sorts and indexes a real timestamp.
 */
const epochMsTimestamp = customType<{ data: number; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => (typeof value === 'string' ? epochMsOfTimestamptz(value) : value.getTime()),
  toDriver: (value) => new Date(value).toISOString(),
});

/** A moment the wire sets and reads as epoch milliseconds, kept as `timestamptz` (a voucher's `expire_at`). */
export const epochMs = <N extends string>(name: N) => epochMsTimestamp(name);

/** When the row was written, set by the database, answered as epoch milliseconds (a user's `create_time`). */
export const createdAtMs = <N extends string>(name: N) => epochMsTimestamp(name).notNull().default(sql`now()`);
