import { fillPlaceholders } from 'drizzle-orm';
import type { Database } from '../db/client';
import { decoders, driverTypes, poolOf, rowReader, type BuiltSelect, type Row } from '../db/statements';

/** Rows fetched per round trip: enough to keep the wire busy, few enough that memory stays flat. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every row a select finds, a batch at a time, through a server-side cursor in a read-only
 * transaction: one statement on one snapshot, and only one batch in memory whatever the number of
 * rows. `selection` is what the select was given (`db.select(selection)`), values of its placeholders
 * come in `values`. The rows are decoded as drizzle
 * decodes the same select's (epoch numbers, money as numbers, referenced records as objects).
 * Stopping early (the caller gave up on the download) closes the cursor and frees the connection.
 */
export async function* streamRows(
  db: Database,
  select: BuiltSelect,
  selection: Record<string, unknown>,
  values: Record<string, unknown> = {},
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  const { sql: text, params } = select.toSQL();
  const read = rowReader(decoders(selection));
  // A cursor needs one connection of the pool for the whole export.
  const client = await poolOf(db).connect();
  try {
    await client.query('begin read only');
    await client.query({ text: `declare export_rows no scroll cursor for ${text}`, values: fillPlaceholders(params, values) });
    for (;;) {
      const batch = await client.query({ text: `fetch ${batchRows} from export_rows`, rowMode: 'array', types: driverTypes });
      if (batch.rows.length === 0) break;
      yield (batch.rows as unknown[][]).map(read);
      if (batch.rows.length < batchRows) break;
    }
  } finally {
    // A connection whose transaction cannot be ended (the database went away) is not given back to the pool.
    const broken = await client.query('rollback').then(
      () => undefined,
      (error: Error) => error,
    );
    client.release(broken);
  }
}
