import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { rowsOf } from './users';

/** Writers at once, each on its own course, as a few operators at work. */
const WRITERS = 4;
/** The tables the measured writes change: their audit triggers are switched off for the "off" rounds. */
const AUDITED = ['courses', 'teachers'];

interface Figures {
  /** Write rounds per second with the trail recorded, and without, slice by slice. */
  on: number[];
  off: number[];
}

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as { data: { id: number } };
}

/** Each writer's writes so far, so that a title never repeats from one slice to the next (a repeated title is no change, and no trail row). */
const written = new Array<number>(WRITERS).fill(0);

/**
 * A representative write, as the console makes it: a course's title changed, a teacher created and
 * deleted (three transactions, three audit rows with the trail on). WRITERS writers for `seconds`;
 * answers the write rounds per second: each writer's rounds over its own time, from the start to the
 * end of its last round (which ends after `seconds`), summed.
 */
async function writeFor(base: string, token: string, courseIds: number[], seconds: number): Promise<number> {
  const started = performance.now();
  const until = started + seconds * 1000;
  const rates = await Promise.all(
    courseIds.map(async (courseId, writer) => {
      let rounds = 0;
      while (performance.now() < until) {
        const n = written[writer]++;
        await call(base, token, 'PUT', `/api/v1/courses/${courseId}`, { title: `Bench course ${writer}.${n}` });
        const teacher = await call(base, token, 'POST', '/api/v1/teachers', { name: `Bench writer ${writer}.${n}`, title: 'Lecturer' });
        await call(base, token, 'DELETE', `/api/v1/teachers/${teacher.data.id}`);
        rounds++;
      }
      return rounds / ((performance.now() - started) / 1000);
    }),
  );
  return rates.reduce((sum, rate) => sum + rate, 0);
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

/** Seconds of each side's warm-up, not kept. */
const WARM_UP_SECONDS = 3;

/**
 * Writes with the audit trail recorded against the same writes without it (the two tables' audit
 * triggers disabled), in the same run: `pairs` pairs of `seconds`-long slices, the order reversed
 * every other pair, after the database has settled (`settle`) and a warm-up of each. Short slices
 * follow the machine's drift: on 2026-12-05 the per-pair ratios' spread was 0.087 for 1 s slices
 * against 0.110 for 3 s ones, so 27 pairs of 1 s put the median within about half the distance of
 * 9 pairs of 3 s in the same time; the bench takes 36 (bench/HISTORY.md, "Shorter slices for the
 * audit trail's ratio"). The triggers are enabled again whatever happens.
 */
export async function measureAuditTrail(db: Database, base: string, token: string, pairs: number, seconds: number): Promise<Figures> {
  const courses = await rowsOf<{ id: number }>(db.execute(sql`select id from courses order by id limit ${WRITERS}`));
  const courseIds = courses.map((course) => course.id);
  const recording = async (on: boolean) => {
    for (const table of AUDITED) await db.execute(sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${table}_audit`));
  };
  const figures: Figures = { on: [], off: [] };
  await settle(db);
  try {
    // A warm-up of each, not kept: after a 1 s warm-up each, the first kept round was the slowest
    // of nine on both sides in five of six runs of 2026-12-04, and its trail-first order put its ratio at or
    // above the median in all six (1.10-1.36).
    for (const on of [true, false]) {
      await recording(on);
      await writeFor(base, token, courseIds, WARM_UP_SECONDS);
    }
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? [true, false] : [false, true];
      for (const on of order) {
        await recording(on);
        (on ? figures.on : figures.off).push(await writeFor(base, token, courseIds, seconds));
      }
    }
  } finally {
    await recording(true);
  }
  return figures;
}
