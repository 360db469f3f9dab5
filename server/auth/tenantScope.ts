import { eq, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { anyOf, countable, type Bound, type Condition } from '../routes/entityRoutes';
import { caller } from '../types';

/**
 * Which records the caller may see, as a condition on the tenant column(s) a record belongs to:
 * nothing to add for a platform administrator; for anyone else, records of the own tenant only
 * (a record is in scope when any of the columns names it: an application from or to the tenant).
 * Give it to entityRoutes' `scope` (or the store's calls), so lists, totals, reads and changes
 * all stop at the same line, and another tenant's record answers 403.
 */
export function tenantScope(request: FastifyRequest, ...tenantColumns: [PgColumn, ...PgColumn[]]): SQL | undefined {
  const { user, tenantLimit } = caller(request);
  if (user.roles.includes('admin')) return undefined;
  // A non-administrator without a tenant sees nothing, never everything.
  if (tenantLimit === null) return sql`false`;
  return or(...tenantColumns.map((column) => eq(column, tenantLimit)));
}

/** Built once per set of columns: the tenant is the placeholder `tenant`. */
const tenantConditions = new Map<string, SQL>();
const nothing: Bound = { condition: sql`false`, values: {} };

/**
 * Records of `tenant` on any of `columns`, as a bound condition a list prepares once (see `Bound`).
 * The counters answer the total of one column's; several columns' (an application from or to the
 * tenant) are counted, an organisation's few rows through each column's index.
 */
export function ownTenant(tenant: number, ...columns: [PgColumn, ...PgColumn[]]): Bound {
  const key = columns.map((column) => `${getTableName(column.table)}.${column.name}`).join(' ');
  let condition = tenantConditions.get(key);
  if (!condition) {
    const [first] = columns;
    condition =
      columns.length === 1
        ? countable(eq(first, sql.placeholder('tenant')), { column: first.name, placeholder: 'tenant' })
        : anyOf(columns, sql.placeholder('tenant'));
    tenantConditions.set(key, condition);
  }
  return { condition, values: { tenant } };
}

/** `tenantScope` for a list: the same records, as a bound condition. */
export function tenantListScope(request: FastifyRequest, ...columns: [PgColumn, ...PgColumn[]]): Condition | undefined {
  const { user, tenantLimit } = caller(request);
  if (user.roles.includes('admin')) return undefined;
  return tenantLimit === null ? nothing : ownTenant(tenantLimit, ...columns);
}
