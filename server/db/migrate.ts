import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/**
 * The migrations in `migrationsFolder`, applied as drizzle's migrator applies them: the same
 * journal and hashes, recorded in the same `drizzle.__drizzle_migrations` table, the pending ones
 * (dated after the last recorded) in one transaction. Each file goes to the server as one query
 * (PostgreSQL runs a query's statements in turn) where drizzle's migrator sent its statements one
 * round trip each: a first start sent 418 statements, 1.25-1.49 s on a 2-core machine, then
 * 1.04-1.16 s.
 */
export async function migrateDatabase(client: pg.ClientBase, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await client.query('create schema if not exists drizzle');
  await client.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
  const { rows } = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
  const last = rows.length > 0 ? Number(rows[0].created_at) : undefined;
  const pending = migrations.filter((migration) => last === undefined || last < migration.folderMillis);
  if (pending.length === 0) return;
  await client.query('begin');
  try {
    for (const migration of pending) {
      // A statement that ends in a comment keeps its end: the separator stands on a line of its own.
      await client.query(migration.sql.join('\n;\n'));
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.folderMillis]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
