import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from './users';

/** Writers at once, each on its own course, as a few operators at work. */
const WRITERS = 4;
/** The tables the measured writes change: their audit triggers are switched off for the "off" rounds. */
const AUDITED = ['courses', 'teachers'];

interface Figures {
  /** Write rounds per second with the trail recorded, and without, round by round. */
  on: number[];
  off: number[];
  /** Each round's (time per write with the trail) ÷ (without): the median is held to the budget. */
  ratios: number[];
}

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as { data: { id: number } };
}

/**
 * A representative write, as the console makes it: a course's title changed, a teacher created and
 * deleted (three transactions, three audit rows with the trail on). WRITERS writers for `seconds`;
 * answers the write rounds per second.
 */
async function writeFor(base: string, token: string, courseIds: number[], seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let rounds = 0;
  await Promise.all(
    courseIds.map(async (courseId, writer) => {
      for (let n = 0; performance.now() < until; n++) {
        await call(base, token, 'PUT', `/api/v1/courses/${courseId}`, { title: `Bench course ${writer}.${n}` });
        const teacher = await call(base, token, 'POST', '/api/v1/teachers', { name: `Bench writer ${writer}.${n}`, title: 'Lecturer' });
        await call(base, token, 'DELETE', `/api/v1/teachers/${teacher.data.id}`);
        rounds++;
      }
    }),
  );
  return rounds / seconds;
}

/** How long `settle` waits at most for the autovacuum workers under way. */
const SETTLE_MS = 60_000;

/**
 * Lets the database finish what the bench's earlier parts left it (their fills and loads set off
 * autovacuum workers, and their writes wait in the WAL for a checkpoint), so that the rounds
 * measure the writes rather than whatever of that falls into them: one round of the last whole
 * bench lost a fifth of its writes, trail or not, while the part alone never did (bench/HISTORY.md).
 */
async function settle(db: Database) {
  await db.execute(sql`checkpoint`);
  for (const started = performance.now(); performance.now() - started < SETTLE_MS; ) {
    const [{ busy }] = await rowsOf<{ busy: number }>(
      db.execute(sql`select count(*)::int as busy from pg_stat_activity where backend_type = 'autovacuum worker' and datname = current_database()`),
    );
    if (busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Writes with the audit trail recorded against the same writes without it (the two tables' audit
 * triggers disabled), in the same run: rounds interleaved, the order reversed every other round,
 * after the database has settled (`settle`) and a warm-up round of each. The triggers are enabled again
 * whatever happens.
 */
export async function measureAuditTrail(db: Database, base: string, token: string, rounds: number, seconds: number): Promise<Figures> {
  const courses = await rowsOf<{ id: number }>(db.execute(sql`select id from courses order by id limit ${WRITERS}`));
  const courseIds = courses.map((course) => course.id);
  const recording = async (on: boolean) => {
    for (const table of AUDITED) await db.execute(sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${table}_audit`));
  };
  const figures: Figures = { on: [], off: [], ratios: [] };
  await settle(db);
  try {
    // A whole round of each, not kept: after a 1 s warm-up each, the first kept round was the slowest
    // of nine on both sides in five of six runs of 2026-12-04, and its trail-first order put its ratio at or
    // above the median in all six (1.10-1.36).
    for (const on of [true, false]) {
      await recording(on);
      await writeFor(base, token, courseIds, seconds);
    }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [true, false] : [false, true];
      for (const on of order) {
        await recording(on);
        (on ? figures.on : figures.off).push(await writeFor(base, token, courseIds, seconds));
      }
      figures.ratios.push(figures.off[round] / figures.on[round]);
    }
  } finally {
    await recording(true);
  }
  return figures;
}
