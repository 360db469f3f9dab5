import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/**
 * The rows of a `db.execute` statement (node-postgres answers `{ rows }`). It takes
 * the statement itself: drizzle types an executed result as `unknown`, so a helper taking the result
 * could be handed anything, a promise included, and fail only mid-bench.
 */
export async function rowsOf<T>(statement: PromiseLike<unknown>): Promise<T[]> {
  return ((await statement) as { rows: T[] }).rows;
}

/** How many users the user list is measured with, spread over this many tenants. */
export const USERS = 200_000;
export const USER_TENANTS = 20;
/** Each generated real name carries one of these, so a keyword matches USERS / words rows. */
export const USER_WORDS = [
  'harbour', 'meadow', 'granite', 'willow', 'ember', 'falcon', 'lagoon', 'summit', 'cedar', 'orchid', 'quartz', 'prairie', 'tundra', 'beacon', 'canyon', 'delta',
  'aurora', 'bramble', 'cobble', 'dune', 'estuary', 'fern', 'grove', 'heath', 'inlet', 'jetty', 'knoll', 'ledge', 'marsh', 'nook', 'oasis', 'pebble',
  'quay', 'ridge', 'spire', 'thicket', 'upland', 'vale', 'wharf', 'yarrow', 'zephyr', 'alder', 'birch', 'copse', 'dell', 'elm', 'fjord', 'glen',
  'hollow', 'isle', 'juniper', 'kelp', 'loch', 'moor', 'nettle', 'oxbow', 'plume', 'quill', 'reef', 'shoal', 'tarn', 'umber', 'vetch', 'wold',
];

/**
 * 200,000 learners in 20 tenants, in one statement: one unusable password hash for all (nobody signs
 * in as them), a creation time a few seconds after the one before, as sign-ups arrive.
 */
export async function fillUsers(db: Database): Promise<number> {
  await db.execute(
    sql`insert into tenants (name, display_name) select 'bench-' || n, 'Bench organisation ' || n from generate_series(1, ${USER_TENANTS}) as n`,
  );
  const [{ first }] = await rowsOf<{ first: number }>(db.execute(sql`select min(tenant_id)::int as first from tenants where name like 'bench-%'`));
  const words = sql.raw(`array[${USER_WORDS.map((word) => `'${word}'`).join(',')}]`);
  await db.execute(
    sql`insert into users (user_name, password_hash, real_name, nick_name, email, tenant_id, roles, create_time)
        select 'bench.user.' || n, 'unusable', 'Learner ' || (${words})[n % ${USER_WORDS.length} + 1] || ' ' || n, 'nick' || n,
               'bench.user.' || n || '@example.com', ${first} + n % ${USER_TENANTS}, '{learner}',
               now() - make_interval(secs => ${USERS} - n)
        from generate_series(1, ${USERS}) as n`,
  );
  await db.execute(sql`vacuum analyze users`);
  return first;
}
