import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rebuildCounts } from '../../server/db/counts';

type Kept = { table_name: string; key: unknown; row_count: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const nonZero = sql`
  select table_name, key, row_count::int from row_counts where row_count <> 0
  union all select 'id_blocks ' || table_name, to_jsonb(block), row_count::int from id_blocks where row_count <> 0
  union all select 'time_blocks ' || table_name || ' ' || span, to_jsonb(block), row_count::int from time_blocks where row_count <> 0
  union all select 'enrollment_count_levels ' || tenant_id, to_jsonb(enrollment_count), courses from enrollment_count_levels
  order by table_name, key`;

/**
 * The counts the triggers keep (the list totals, the blocks of ids and of time, the statistic's levels), next to a recount of
 * every counted table (the audit trail's too), undone after.
 */
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
