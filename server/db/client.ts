import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle offers the same queries as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; absent means in memory (tests). */
  pgliteDir?: string;
  migrationsDir: string;
}

/** Connections each instance keeps to a PostgreSQL server. */
export const POOL_SIZE = 10;

// Any fixed number: every instance that migrates the same database takes the same lock.
const MIGRATION_LOCK = 727_001;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.migrationsDir) : openPglite(options);
}

async function openPglite({ pgliteDir, migrationsDir }: DatabaseOptions): Promise<DatabaseHandle> {
  if (pgliteDir) mkdirSync(path.dirname(pgliteDir), { recursive: true });
  // The same extensions a PostgreSQL server provides, so one set of migrations serves both.
  const client = new PGlite({ dataDir: pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: migrationsDir });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

async function openPostgres(databaseUrl: string, migrationsDir: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not bring the process down; the next query reports it.
  pool.on('error', () => undefined);
  const lockClient = await pool.connect();
  try {
    // Several instances may start at once against one server: one migrates, the others wait.
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres({ client: lockClient, schema }), { migrationsFolder: migrationsDir });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}
