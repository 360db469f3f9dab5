import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rebuildCounts } from '../../server/db/counts';

type Kept = { table_name: string; key: unknown; row_count: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const nonZero = sql`select table_name, key, row_count::int from row_counts where row_count <> 0 order by table_name, key`;

/** The list totals the triggers keep (row_counts), next to a recount of every counted table (the audit trail's too), undone after. */
export async function keptAndRecounted(db: Database): Promise<{ kept: Kept[]; recounted: Kept[] }> {
  const kept = rowsOf<Kept>(await db.execute(nonZero));
  let recounted: Kept[] = [];
  const undo = new Error('undo the recount');
  await db
    .transaction(async (tx) => {
      await rebuildCounts(tx);
      recounted = rowsOf<Kept>(await tx.execute(nonZero));
      throw undo;
    })
    .catch((error) => {
      if (error !== undo) throw error;
    });
  return { kept, recounted };
}
