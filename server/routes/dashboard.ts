import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard, dashboardFigures, dashboardQuery, type DashboardFigures } from '../../schema/dashboard';
import { failures, success } from '../../schema/envelope';
import type { Database } from '../db/client';
import { courses, enrollments } from '../db/schema';
import { poolOf, statementName } from '../db/statements';
import { countInTime, tableNameLiteral } from '../db/timeBlocks';
import { caller } from '../types';

/**
 * The dashboard's figures in one statement, for the platform or one organisation (the placeholder
 * `tenant`), in `zone`. Totals come from the counters the triggers keep (`row_counts`, migration
 * 0014), never from counting a big table, the platform's pending applications too (migration 0035);
 * the platform's courses of the week and enrolments of each of the 30 days from the days and quarter
 * hours they keep (`time_blocks`, migrations 0023, 0036), and the enrolments of the week from those
 * days; the other week's figures, and an organisation's, are index ranges on the creation times
 * (migration 0020); learners are the counted accounts less the few that are staff (a partial index
 * holds only those).
 */
function figuresStatement(platform: boolean, zone: string): SQL {
  // The zone as a literal (a name the query's schema checked), see `statementOf`.
  const timeZone = sql.raw(`'${zone.replace(/'/g, "''")}'`);
  const tenant = platform ? null : sql.placeholder('tenant');
  const counter = (table: string, key: SQL) => sql`coalesce((select sum(row_count) from row_counts where table_name = ${tableNameLiteral(table)} and key = ${key}), 0)`;
  const scopeKey = tenant === null ? sql`'{}'::jsonb` : sql`jsonb_build_object('tenant_id', ${tenant}::int)`;
  const inTenant = (column: SQL) => (tenant === null ? sql`true` : sql`${column} = ${tenant}::int`);
  return sql`
    with bounds as (
      select date_trunc('week', now() at time zone ${timeZone}) at time zone ${timeZone} as week_start,
             (date_trunc('day', now() at time zone ${timeZone}) - interval '29 days') at time zone ${timeZone} as chart_start
    )
    select
      ${tenant === null ? counter('courses', sql`'{}'::jsonb`) : counter('enrollment_counts', scopeKey)}::int as courses_total,
      ${
        tenant === null
          ? countInTime(courses, 'courses', courses.created_at, sql`bounds.week_start`)
          : sql`(select count(distinct target_id) from enrollments where tenant_id = ${tenant}::int and create_at >= bounds.week_start)`
      }::int as courses_week,
      (${counter('users', scopeKey)} - (select count(*) from users where not ('learner' = any(roles)) and ${inTenant(sql`tenant_id`)}))::int as learners_total,
      (select count(*) from users where create_time >= bounds.week_start and 'learner' = any(roles) and ${inTenant(sql`tenant_id`)})::int as learners_week,
      ${counter('enrollments', scopeKey)}::int as enrollments_total,
      ${
        tenant === null
          ? counter('tenant_transfer_applications', sql`'{"status": "pending"}'::jsonb`)
          : sql`(select count(*) from tenant_transfer_applications where status = 'pending' and (from_tenant_id = ${tenant}::int or to_tenant_id = ${tenant}::int))`
      }::int as pending_applications,
      (select count(*) from voucher_redemptions as redemption
        where redemption.create_time >= bounds.week_start
          and ${tenant === null ? sql`true` : sql`exists (select from users where users.user_id = redemption.user_id and users.tenant_id = ${tenant}::int)`})::int
        as vouchers_redeemed_week,
      (extract(epoch from bounds.week_start) * 1000)::bigint as week_start,
      to_char(bounds.week_start at time zone ${timeZone}, 'YYYY-MM-DD') as week_start_day,
      ${
        tenant === null
          ? // Each day from the quarter hours the triggers keep (migration 0023), never counting a month of rows.
            sql`(select json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'count', ${countInTime(
              enrollments,
              'enrollments',
              enrollments.create_at,
              sql`(day at time zone ${timeZone})`,
              sql`((day + interval '1 day') at time zone ${timeZone})`,
              { keepsDays: true },
            )}) order by day)
              from generate_series((bounds.chart_start at time zone ${timeZone})::date::timestamp, (now() at time zone ${timeZone})::date::timestamp, interval '1 day') as day)`
          : sql`(select json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'count', coalesce(made.count, 0)) order by day)
              from generate_series((bounds.chart_start at time zone ${timeZone})::date, (now() at time zone ${timeZone})::date, interval '1 day') as day
              left join (
                select (create_at at time zone ${timeZone})::date as made_on, count(*)::int as count
                from enrollments where create_at >= bounds.chart_start and tenant_id = ${tenant}::int
                group by made_on
              ) as made on made.made_on = day::date)`
      } as enrollments_per_day
    from bounds`;
}

/**
 * Each scope's statement in each time zone, built once (drizzle built it per call: about 0.2 ms of a
 * request). The zone is written into the text rather than sent as a value: PostgreSQL estimates the
 * week's and the days' ranges from now() in the zone when it plans, and with the zone as a value it
 * could not, so it costed a kept plan above the one it made for each call and planned every call
 * anew (1.9 ms of a 4.7 ms statement). The platform's statement, with no value left, is named:
 * parsed and planned once per connection, its plan the same index ranges whatever the day. An
 * organisation's is planned for its values on every call.
 */
const dialect = new PgDialect();
const statements = new Map<string, { name?: string; text: string; params: unknown[] }>();
function statementOf(platform: boolean, zone: string) {
  const key = `${platform ? 'platform' : 'tenant'} ${zone}`;
  let statement = statements.get(key);
  if (!statement) {
    const { sql: text, params } = dialect.sqlToQuery(figuresStatement(platform, zone));
    statements.set(key, (statement = { name: platform ? statementName(text) : undefined, text, params }));
  }
  return statement;
}

/**
 * The dashboard's figures, for the platform (`tenant` null) or one organisation, "this week" and the
 * 30 days in `timeZone`.
 */
export async function dashboardFiguresOf(db: Database, tenant: number | null, timeZone: string): Promise<DashboardFigures> {
  const { name, text, params } = statementOf(tenant === null, timeZone);
  const { rows } = await poolOf(db).query({ name, text, values: fillPlaceholders(params, { tenant }) });
  const row = rows[0] as Record<string, unknown>;
  const days = row.enrollments_per_day as DashboardFigures['enrollments_per_day'];
  // The enrolments of the week are the chart's days from Monday (its 00:00 there starts one of them):
  // the card and the chart agree, and the week costs no count of its own.
  const enrollmentsWeek = days.filter(({ day }) => day >= (row.week_start_day as string)).reduce((sum, { count }) => sum + count, 0);
  return {
    courses: { total: Number(row.courses_total), week: Number(row.courses_week) },
    learners: { total: Number(row.learners_total), week: Number(row.learners_week) },
    enrollments: { total: Number(row.enrollments_total), week: enrollmentsWeek },
    pending_applications: Number(row.pending_applications),
    vouchers_redeemed_week: Number(row.vouchers_redeemed_week),
    week_start: Number(row.week_start),
    enrollments_per_day: days,
  };
}

/** `GET /api/v1/dashboard`: every administrator's figures, each within the own scope. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(dashboard.api, {
    config: { access: dashboard.privileges.read, resource: dashboard.resource },
    schema: {
      tags: [dashboard.resource],
      summary: "The dashboard's figures: courses, learners, enrolments, pending transfer applications, vouchers redeemed",
      description:
        "A platform administrator's figures are the platform's; a tenant administrator's its organisation's: the courses its learners are " +
        'enrolled in, its learners, their enrolments and redemptions, and the applications from or to it. "This week" began on Monday ' +
        '00:00 and the 30 days are whole days, both in `time_zone` (an IANA name, UTC by default; the console sends its own). ' +
        'Totals are read from counters, never counted per call.',
      querystring: dashboardQuery,
      response: { 200: success(dashboardFigures), ...failures },
    },
    handler: async (request) => {
      const { user, tenantLimit } = caller(request);
      // A non-administrator without a tenant sees nothing (no tenant is -1), never the platform's figures.
      const tenant = user.roles.includes('admin') ? null : (tenantLimit ?? -1);
      return { success: true as const, data: await dashboardFiguresOf(app.db, tenant, request.query.time_zone ?? 'UTC') };
    },
  });
};
