import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { foldAuditCounts } from '../../server/db/countFolding';
import { rebuildCounts } from '../../server/db/counts';

type Kept = { table_name: string; key: unknown; row_count: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const nonZero = sql`
  select table_name, key, row_count::int from row_counts where row_count <> 0
  union all select 'id_blocks ' || table_name, to_jsonb(block), row_count::int from id_blocks where row_count <> 0
  union all select 'time_blocks ' || table_name || ' ' || span, to_jsonb(block), row_count::int from time_blocks where row_count <> 0
  union all select 'enrollment_count_levels ' || tenant_id, to_jsonb(enrollment_count), courses from enrollment_count_levels
  union all select 'enrollment_count_level_blocks ' || tenant_id || ' ' || enrollment_count, to_jsonb(course_block), courses from enrollment_count_level_blocks
  order by table_name, key`;

/**
 * The counts the triggers keep (the list totals, the blocks of ids and of time, the statistic's levels, the searched patterns'; the audit trail's folded first, migration 0031), next to a recount of
 * every counted table (the audit trail's too), undone after.
 */
export async function keptAndRecounted(db: Database): Promise<{ kept: Kept[]; recounted: Kept[] }> {
  // The audit trail's counts hold its rows up to the watermark: all of them, once folded.
  await foldAuditCounts(db);
  // The searched patterns' totals, each next to its matches counted (a rebuild lets them go).
  const keywords = rowsOf<Kept & { pattern: string }>(
    await db.execute(sql`select table_name, pattern, key, row_count::int from keyword_counts where ready order by table_name, pattern, key::text`),
  );
  const recountedKeywords: Kept[] = [];
  for (const { table_name, pattern, key } of keywords) {
    const within = sql`${JSON.stringify(key)}::jsonb`;
    // The enrolment statistic's: the count rows of the scope whose course's title matches.
    const counted =
      table_name === 'enrollment_counts'
        ? sql`select count(*)::int as row_count from enrollment_counts join courses on courses.id = course_id where tenant_id = (${within}->>'tenant_id')::int and courses.search_folded like ${pattern}`
        : sql`select count(*)::int as row_count from ${sql.identifier(table_name)} as t where t.search_folded like ${pattern} and (${within} = '{}' or to_jsonb(t) @> ${within})`;
    const [{ row_count }] = rowsOf<{ row_count: number }>(await db.execute(counted));
    recountedKeywords.push({ table_name: `keyword_counts ${table_name} ${pattern}`, key, row_count });
  }
  const keptKeywords = keywords.map(({ table_name, pattern, key, row_count }) => ({ table_name: `keyword_counts ${table_name} ${pattern}`, key, row_count }));
  const kept = [...rowsOf<Kept>(await db.execute(nonZero)), ...keptKeywords];
  let recounted: Kept[] = [];
  const undo = new Error('undo the recount');
  await db
    .transaction(async (tx) => {
      await rebuildCounts(tx);
      recounted = [...rowsOf<Kept>(await tx.execute(nonZero)), ...recountedKeywords];
      throw undo;
    })
    .catch((error) => {
      if (error !== undo) throw error;
    });
  return { kept, recounted };
}
