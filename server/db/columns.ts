import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Column declarations the tables share (server/db/schema.ts and the derived entity tables). */

/** An integer primary key the database numbers itself. */
export const identityId = <N extends string>(name: N) => integer(name).primaryKey().generatedAlwaysAsIdentity();

/** Text that is never null: empty until it is filled in. */
export const blankText = <N extends string>(name: N) => text(name).notNull().default('');

/** When the row was written, set by the database. */
export const createdAt = <N extends string>(name: N) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
