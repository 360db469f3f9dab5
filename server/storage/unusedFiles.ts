import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Entity } from '../../schema/entity';
import { extensionOf, isFileKey } from '../../schema/files';
import { rowsOf, type Database, type Executor } from '../db/client';
import { entityTables } from '../db/entityTable';
import { uploadedFiles } from '../db/schema';
import { columnsOf } from '../db/tables';
import { BadRequest, Conflict } from '../errors';

/**
 * Files no record names any more are removed once older than the grace period. Every uploaded
 * file has a row in `uploaded_files`; records name files in their file fields and, as addresses
 * (`.../files/<key>`), in their rich text; an HLS playlist names its segments. The race with a
 * write that names a file while the sweep removes it is settled by row locks: the write key-share
 * locks the file's row, the sweep takes its rows `for update skip locked` and then checks again,
 * so either the sweep sees the write (and keeps the file) or the write sees the removal (a 400).
 */

/** A word shaped like a file key: how rich text (or a playlist) names a file, whatever address surrounds it. */
const KEY_WORD = '[A-Za-z0-9][A-Za-z0-9_-]*\\.[A-Za-z0-9]{1,8}';
const keyWords = (text: string) => text.match(new RegExp(KEY_WORD, 'g')) ?? [];

type Row = Record<string, unknown>;

/** Where records name files: every file and rich-text field of every table declared from a resource. */
const fileColumns = () =>
  entityTables.flatMap(({ entity, table }) =>
    entity.names
      .filter((name) => ['file', 'richText'].includes(entity.fields[name].kind))
      .map((name) => ({ column: columnsOf(table)[name], table, kind: entity.fields[name].kind, many: Boolean((entity.fields[name] as { many?: boolean }).many) })),
  );

/** True (as SQL) when no record names the key `key`: one anti-join per column, each a single pass over its table. */
function namedByNoRecord(key: SQL | PgColumn): SQL {
  const conditions = fileColumns().map(({ column, table, kind, many }) => {
    if (kind === 'richText') return sql`not exists (select 1 from ${table} cross join regexp_matches(${column}, ${KEY_WORD}, 'g') as word where word[1] = ${key})`;
    if (many) return sql`not exists (select 1 from ${table} cross join unnest(${column}) as named(key) where named.key = ${key})`;
    return sql`not exists (select 1 from ${table} where ${column} = ${key})`;
  });
  return sql.join(conditions, sql` and `);
}

/** The keys a record's fields name, by field: file fields' values and the key-shaped words of rich text. */
function filesNamedBy(entity: Entity, body: Row): [string, string[]][] {
  return entity.names.flatMap((name): [string, string[]][] => {
    const value = body[name];
    const { kind } = entity.fields[name];
    if (kind === 'richText' && typeof value === 'string') return [[name, keyWords(value)]];
    if (kind !== 'file') return [];
    const keys = (Array.isArray(value) ? value : [value]).filter((key): key is string => typeof key === 'string' && key !== '');
    return [[name, keys]];
  });
}

/**
 * Run in the transaction of a write, before it: key-share locks the rows of the files the write
 * names, so the sweep cannot remove them until it commits (and then sees them named), and refuses
 * (400 under the field) a file the sweep has already removed.
 */
export async function holdNamedFiles(db: Executor, entity: Entity, body: Row) {
  const named = filesNamedBy(entity, body);
  const keys = [...new Set(named.flatMap(([, fieldKeys]) => fieldKeys))];
  if (keys.length === 0) return;
  const rows = await db
    .select({ key: uploadedFiles.key, removed_at: uploadedFiles.removed_at })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.key, keys))
    .for('key share');
  const removed = new Set(rows.filter((row) => row.removed_at).map((row) => row.key));
  const problems = named.filter(([, fieldKeys]) => fieldKeys.some((key) => removed.has(key)));
  if (problems.length > 0) throw new BadRequest('app.error.invalid_input', {}, Object.fromEntries(problems.map(([name]) => [name, { key: 'app.upload.file_removed' }])));
}

/** Notes a new upload just before it is put in place; a key ever used before (even one removed since) is a 409. */
export async function registerUpload(db: Database, key: string) {
  const [taken] = await db.insert(uploadedFiles).values({ key }).onConflictDoNothing().returning({ key: uploadedFiles.key });
  if (!taken) throw new Conflict('app.upload.key_taken');
}

const BATCH = 500;
const ADOPT_BATCH = 5_000;

/**
 * The files folder's own files (uploads are flat: folders such as the demo's are never touched),
 * registered when the table does not know them yet (files older than it), and the key-shaped
 * words of its playlists (segments are named only there).
 */
async function lookAtFolder(db: Database, filesDir: string) {
  const entries = await readdir(filesDir, { withFileTypes: true });
  const keys = entries.filter((entry) => entry.isFile() && isFileKey(entry.name)).map((entry) => entry.name);
  // Registered as seen now, so a write that named such a file without a row to lock has long committed when its grace ends.
  for (let start = 0; start < keys.length; start += ADOPT_BATCH) {
    const unknown = sql`select seen.key from unnest(${sql.param(keys.slice(start, start + ADOPT_BATCH))}::text[]) as seen(key)
      where not exists (select 1 from ${uploadedFiles} where ${uploadedFiles.key} = seen.key)`;
    // Written only when there is something new: most sweeps write nothing here.
    const rows = rowsOf<{ key: string }>(await db.execute(unknown));
    if (rows.length > 0) await db.insert(uploadedFiles).values(rows).onConflictDoNothing();
  }
  const namedByPlaylists = new Set<string>();
  for (const key of keys.filter((name) => extensionOf(name) === 'm3u8')) {
    const playlist = await readFile(path.join(filesDir, key), 'latin1').catch(() => '');
    for (const word of keyWords(playlist)) if (word !== key) namedByPlaylists.add(word);
  }
  return [...namedByPlaylists];
}

/**
 * Removes the files no record names that are older than `graceMs`, in batches, each in its own
 * transaction: safe beside other instances sweeping the same folder and database. Answers the
 * keys it removed.
 */
export async function sweepUnusedFiles(db: Database, filesDir: string, graceMs: number): Promise<string[]> {
  const namedByPlaylists = await lookAtFolder(db, filesDir);
  const removed: string[] = [];
  let after = '';
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const candidates = await tx
        .select({ key: uploadedFiles.key })
        .from(uploadedFiles)
        .where(
          and(
            isNull(uploadedFiles.removed_at),
            lt(uploadedFiles.uploaded_at, sql`now() - ${`${graceMs} milliseconds`}::interval`),
            gt(uploadedFiles.key, after),
            sql`${uploadedFiles.key} <> all(${sql.param(namedByPlaylists)}::text[])`,
            namedByNoRecord(uploadedFiles.key),
          ),
        )
        .orderBy(uploadedFiles.key)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const locked = candidates.map((row) => row.key);
      if (locked.length === 0) return locked;
      // Looked at again now that the rows are locked: a write that named one meanwhile has committed.
      const stillUnused = await tx
        .select({ key: uploadedFiles.key })
        .from(uploadedFiles)
        .where(and(inArray(uploadedFiles.key, locked), namedByNoRecord(uploadedFiles.key)));
      const gone = stillUnused.map((row) => row.key);
      for (const key of gone) await unlink(path.join(filesDir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      if (gone.length > 0) await tx.update(uploadedFiles).set({ removed_at: sql`now()` }).where(inArray(uploadedFiles.key, gone));
      removed.push(...gone);
      return locked;
    });
    if (batch.length < BATCH) return removed;
    after = batch[batch.length - 1];
  }
}
