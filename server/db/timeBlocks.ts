import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** The spans `time_blocks` keeps (migration 0023), in seconds: a day for deep pages, a quarter hour for ranges. */
export const DAY = 86400;
export const QUARTER_HOUR = 900;

/** A table's name as a literal, not a value: a kept (generic) plan then knows which table's counts it reads. */
export function tableNameLiteral(tableName: string): SQL {
  if (!/^[a-z_]+$/.test(tableName)) throw new Error(`${tableName} is not a table's name`);
  return sql.raw(`'${tableName}'`);
}

/**
 * The exact number of `table`'s rows whose `column` is at or after `from` and before `to` (either
 * may be left open), for a table that keeps quarter hours of that column: the quarters wholly
 * inside the range, summed, and the rows of the part-quarters at its ends, counted through the
 * column's index (at most a quarter hour's rows at each end; none when a bound falls on a quarter,
 * as every time zone's midnight does). `from` and `to` are timestamptz expressions. A table whose
 * blocks hold its rows up to a watermark (migration 0031) gives `pastWatermark`, the count of its
 * rows past it that a condition matches: those in the whole quarters are added. A table that keeps
 * days as well (`keepsDays`) has the whole days (UTC) inside the range summed from them, and only the
 * quarters before and after them: 30 days are about 30 days and 200 quarters, not 2,880 quarters
 * (1.4 ms of a 2.3 ms page at 5,000,000 enrolments), and a day in UTC is one day's row.
 */
export function countInTime(
  table: PgTable,
  tableName: string,
  column: PgColumn,
  from?: SQL,
  to?: SQL,
  { pastWatermark, keepsDays = false }: { pastWatermark?: (where: SQL | undefined) => SQL; keepsDays?: boolean } = {},
): SQL<number> {
  const quarter = sql.raw(String(QUARTER_HOUR));
  const blocksOf = tableNameLiteral(tableName);
  // The first whole quarter (the start rounded up) and the one after the last (the end rounded down).
  const first = from && sql`ceil(extract(epoch from ${from}) / ${quarter})::bigint`;
  const after = to && sql`floor(extract(epoch from ${to}) / ${quarter})::bigint`;
  const startOf = (block: SQL) => sql`to_timestamp((${block} * ${quarter})::double precision)`;
  const inRange = [from && gte(column, from), to && lt(column, to)];
  // A bound on a quarter hour leaves nothing to count at its end: the index is not even looked at.
  const counted = (bound: SQL, ...edge: (SQL | undefined)[]) =>
    sql`(case when extract(epoch from ${bound}) % ${quarter} = 0 then 0 else (select count(*) from ${table} where ${and(...inRange, ...edge)}) end)`;
  const sumOf = (span: SQL, lower?: SQL, upper?: SQL) =>
    sql`(select coalesce(sum(row_count), 0) from time_blocks where table_name = ${blocksOf} and span = ${span}${lower ? sql` and block >= ${lower}` : sql``}${upper ? sql` and block < ${upper}` : sql``})`;
  let whole = [sumOf(quarter, first, after)];
  if (keepsDays) {
    const day = sql.raw(String(DAY));
    const perDay = sql.raw(String(DAY / QUARTER_HOUR));
    // The first whole day and the one after the last; with both bounds there may be none (a range within a day, or across
    // one midnight): then the quarters alone, as the days' sum is of no day.
    const firstDay = from && sql`ceil(extract(epoch from ${from}) / ${day})::bigint`;
    const afterDay = to && sql`floor(extract(epoch from ${to}) / ${day})::bigint`;
    const anyDay = firstDay && afterDay ? sql`${firstDay} < ${afterDay}` : sql`true`;
    whole = [
      ...(from ? [sumOf(quarter, first, to ? sql`(case when ${anyDay} then ${firstDay} * ${perDay} else ${after} end)` : sql`${firstDay} * ${perDay}`)] : []),
      sumOf(day, firstDay, afterDay),
      ...(to ? [sumOf(quarter, from ? sql`(case when ${anyDay} then ${afterDay} * ${perDay} else ${after} end)` : sql`${afterDay} * ${perDay}`, after)] : []),
    ];
  }
  const parts = [
    ...whole,
    // Before the first whole quarter; from the end of the last one (never again what the first counted).
    from && first && counted(from, lt(column, startOf(first))),
    to && after && counted(to, gte(column, startOf(after)), first && gte(column, startOf(first))),
    pastWatermark?.(and(first && gte(column, startOf(first)), after && lt(column, startOf(after)))),
  ].filter((part): part is SQL => part !== undefined);
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}
