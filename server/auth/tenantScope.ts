import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { countable } from '../routes/entityRoutes';
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
  if (tenantColumns.length > 1) return or(...tenantColumns.map((column) => eq(column, tenantLimit)));
  // One column: a list's counters can answer it (see countable).
  return countable(eq(tenantColumns[0], tenantLimit), { column: tenantColumns[0].name, value: tenantLimit });
}
