import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as tables from './schema';

/** A table of server/db/schema.ts by its SQL name, as a declaration in schema/ names it. */
export function tableOf(name: string): PgTable {
  const table = Object.values(tables).find((candidate) => getTableName(candidate as PgTable) === name);
  if (!table) throw new Error(`no table "${name}" in server/db/schema.ts`);
  return table as PgTable;
}

/** A table's columns by their wire names. */
export const columnsOf = (table: PgTable) => table as unknown as Record<string, PgColumn>;
