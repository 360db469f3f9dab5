import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/**
 * The plan PostgreSQL keeps for a named statement once it stops planning it per call: its generic
 * plan, the values unknown, whatever the values given here (the tests and the bench check it).
 */
export async function keptPlanOf(db: Database, statement: { sql: string; params: unknown[] }): Promise<string> {
  const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare kept_plan as ${statement.sql}`));
    const { rows } = (await tx.execute(sql.raw(`explain execute kept_plan(${statement.params.map(literal).join(', ')})`))) as unknown as { rows: { 'QUERY PLAN': string }[] };
    await tx.execute(sql`deallocate kept_plan`);
    return rows.map((line) => line['QUERY PLAN']).join('\n');
  });
}
