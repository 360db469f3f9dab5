import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/** How many vouchers the voucher list is measured with. */
export const VOUCHERS = 20_000;

/**
 * VOUCHERS vouchers in one statement, each naming one of `words` (so a keyword finds
 * VOUCHERS / words.length of them): courses and series in turn; for anyone, a tenant and a user in
 * turn; one in ten abolished, expiries spread over the coming year.
 */
export async function fillVouchers(db: Database, words: readonly string[]) {
  const list = sql.raw(`array[${words.map((word) => `'${word}'`).join(',')}]`);
  await db.execute(
    sql`insert into vouchers (name, code, description, resource_type, resource_id, object_type, object_id, count, available_number, expire_at, available)
        select 'Voucher ' || n || ' on ' || (${list})[n % ${words.length} + 1], 'BENCH-' || n, 'Generated for the benchmark, number ' || n,
               case when n % 2 = 0 then 'course' else 'series' end,
               case when n % 2 = 0 then course_ids[n % cardinality(course_ids) + 1] else series_ids[n % cardinality(series_ids) + 1] end,
               case n % 3 when 0 then '*' when 1 then 'tenant' else 'user' end,
               case n % 3 when 0 then null when 1 then tenant_ids[n % cardinality(tenant_ids) + 1] else user_ids[n % cardinality(user_ids) + 1] end,
               100, 100 - n % 100, now() + make_interval(mins => n * 26), n % 10 <> 0
        from generate_series(1, ${VOUCHERS}) as n,
             (select array_agg(id order by id) as course_ids from (select id from courses order by id limit 500) as c) as picked_courses,
             (select array_agg(id order by id) as series_ids from series) as picked_series,
             (select array_agg(tenant_id order by tenant_id) as tenant_ids from tenants) as picked_tenants,
             (select array_agg(user_id order by user_id) as user_ids from (select user_id from users order by user_id limit 500) as u) as picked_users`,
  );
  await db.execute(sql`vacuum analyze vouchers`);
}
