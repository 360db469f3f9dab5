/**
 * The server's migrator (server/db/migrate.ts): drizzle's journal and hashes, each file sent as one
 * query. A database drizzle's own migrator left is carried on from where it stopped, one it already
 * finished is left alone, and a migration that fails leaves nothing of the batch behind.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { migrateDatabase } from '../../server/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../scratchDatabase';

const MIGRATIONS = 'server/db/migrations';
const scratch: ScratchDatabase[] = [];
const clients: pg.Client[] = [];
const folders: string[] = [];

async function freshDatabase() {
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'cc_migrate');
  scratch.push(database);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

/** A copy of the migrations folder whose journal stops after `count` entries (an earlier version's), with `extra` migrations after it. */
function folderOf(count: number, extra: { tag: string; sql: string }[] = []) {
  const folder = mkdtempSync(path.join(tmpdir(), 'cc-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string; breakpoints: boolean; version: string }[] };
  const kept = journal.entries.slice(0, count);
  for (const [offset, { tag, sql }] of extra.entries()) {
    writeFileSync(path.join(folder, `${tag}.sql`), sql);
    kept.push({ idx: kept.length, version: '7', when: kept[kept.length - 1].when + offset + 1, tag, breakpoints: true });
  }
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: kept }));
  return folder;
}

/** What the migrations made: tables, their columns, indexes, functions and triggers, as the catalogue lists them. */
async function schemaOf(client: pg.Client) {
  const { rows } = await client.query<{ what: string }>(`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, '') || ' ' || coalesce(generation_expression, '') as what
      from information_schema.columns where table_schema = 'public'
    union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prokind = 'f' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all select 'trigger ' || tgrelid::regclass::text || ' ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
    order by 1`);
  return rows.map((row) => row.what);
}

const recorded = async (client: pg.Client) =>
  (await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by id')).rows.map((row) => [row.hash, Number(row.created_at)]);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await Promise.all(scratch.map((database) => database.drop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test("a fresh database gets every migration, recorded as drizzle's migrator records them, the same schema as drizzle's", async () => {
  const ours = await freshDatabase();
  const theirs = await freshDatabase();
  await migrateDatabase(ours, MIGRATIONS);
  await migrate(drizzle({ client: theirs }), { migrationsFolder: MIGRATIONS });

  const journal = readMigrationFiles({ migrationsFolder: MIGRATIONS }).map((migration) => [migration.hash, migration.folderMillis]);
  expect(journal.length).toBeGreaterThan(30);
  expect(await recorded(ours)).toEqual(journal);
  expect(await recorded(theirs)).toEqual(journal);
  const schema = await schemaOf(ours);
  expect(schema.length).toBeGreaterThan(300);
  expect(schema).toEqual(await schemaOf(theirs));

  // Started again: nothing pending, nothing run.
  await migrateDatabase(ours, MIGRATIONS);
  expect(await recorded(ours)).toEqual(journal);
}, 60_000);

test("a database an earlier version migrated with drizzle's migrator is carried on from where it stopped", async () => {
  const earlier = await freshDatabase();
  await migrate(drizzle({ client: earlier }), { migrationsFolder: folderOf(20) });
  expect(await recorded(earlier)).toHaveLength(20);
  await migrateDatabase(earlier, MIGRATIONS);

  const fresh = await freshDatabase();
  await migrateDatabase(fresh, MIGRATIONS);
  expect(await recorded(earlier)).toEqual(await recorded(fresh));
  expect(await schemaOf(earlier)).toEqual(await schemaOf(fresh));
}, 60_000);

/** A migration whose middle statement ends in a comment: the statement after it must still be one of its own. */
const GOOD = {
  tag: '9000_good',
  sql: 'CREATE TABLE "migrate_probe" ("id" integer);--> statement-breakpoint\nALTER TABLE "migrate_probe" ADD COLUMN "name" text -- a comment last\n--> statement-breakpoint\nCREATE INDEX "migrate_probe_name_idx" ON "migrate_probe" ("name");',
};

test('a migration that fails leaves nothing of its batch: no table, no record, the error named', async () => {
  const client = await freshDatabase();
  await migrateDatabase(client, folderOf(30));
  const before = { recorded: await recorded(client), schema: await schemaOf(client) };
  const failing = folderOf(30, [
    GOOD,
    { tag: '9001_bad', sql: 'ALTER TABLE "migrate_probe" ADD COLUMN "also" text;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;' },
  ]);
  await expect(migrateDatabase(client, failing)).rejects.toThrow(/no_such_table/);
  expect(await recorded(client)).toEqual(before.recorded);
  expect(await schemaOf(client)).toEqual(before.schema);

  // The good one alone goes through, its comment and all.
  await migrateDatabase(client, folderOf(30, [GOOD]));
  expect(await schemaOf(client)).toEqual(expect.arrayContaining(['column migrate_probe.name text  ', 'index CREATE INDEX migrate_probe_name_idx ON public.migrate_probe USING btree (name)']));
  expect(await recorded(client)).toHaveLength(31);
}, 60_000);

