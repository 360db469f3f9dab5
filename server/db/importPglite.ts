import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Log } from './embeddedPostgres';

const BATCH_ROWS = 2_000;
const IMPORTED = 'imported_from_pglite';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Versions before the embedded PostgreSQL kept their data with PGlite in DATA_DIR/pglite. On the
 * first start of the new cluster, while its database is still empty, every row and every sequence
 * moves across in one transaction; the old folder stays as it was (the copy that is read is a
 * scratch copy), so nothing is lost if anything goes wrong.
 */
export async function importPgliteOnce(dataDir: string, pool: pg.Pool, migrationsDir: string, log: Log): Promise<void> {
  const source = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(source, 'PG_VERSION'))) return;
  const { rowCount } = await pool.query(`select 1 from app_meta where key in ('seeded_at', $1)`, [IMPORTED]);
  if (rowCount) return;

  log.info({ from: source }, 'moving the data of the previous version (PGlite) into the embedded PostgreSQL');
  const scratch = mkdtempSync(path.join(dataDir, '.pglite-import-'));
  cpSync(source, scratch, { recursive: true });
  // PGlite is loaded for this one move only.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pglite = new PGlite({ dataDir: scratch, extensions: { pg_trgm } });
  const target = await pool.connect();
  try {
    // What the previous version would have done on its next start: bring its schema up to this one's.
    await migrate(drizzle({ client: pglite }), { migrationsFolder: migrationsDir });
    const { rows: tables } = await pglite.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    await target.query('begin');
    // Rows arrive as they were: no trigger recounts them and no foreign key waits on the order of tables.
    await target.query('set local session_replication_role = replica');
    await target.query(`truncate ${tables.map(({ name }) => quote(name)).join(', ')}`);
    let moved = 0;
    for (const { name } of tables) {
      const { rows: columns } = await pglite.query<{ name: string }>(
        `select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [name],
      );
      const list = columns.map((column) => quote(column.name)).join(', ');
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const { rows } = await pglite.query<{ batch: string; count: number }>(
          `select coalesce(json_agg(page), '[]')::text as batch, count(*)::int as count
           from (select ${list} from ${quote(name)} order by ctid limit ${BATCH_ROWS} offset ${offset}) page`,
        );
        if (rows[0].count === 0) break;
        await target.query(
          `insert into ${quote(name)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${quote(name)}, $1::json)`,
          [rows[0].batch],
        );
        moved += rows[0].count;
      }
    }
    const { rows: sequences } = await pglite.query<{ name: string; last_value: string | null }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text from pg_sequences where schemaname = 'public'`,
    );
    for (const sequence of sequences)
      if (sequence.last_value !== null) await target.query('select setval($1::regclass, $2::bigint, true)', [sequence.name, sequence.last_value]);
    await target.query(`insert into app_meta (key, value) values ($1, now()::text)`, [IMPORTED]);
    await target.query('commit');
    log.info({ rows: moved, tables: tables.length, kept: source }, `moved the previous version's data; ${source} is kept as it was and can be deleted`);
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw new Error(`Could not move the data of ${source} into the embedded PostgreSQL (nothing was changed): ${(error as Error).message}`, { cause: error });
  } finally {
    target.release();
    await pglite.close().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  }
}
