import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { auditLog, auditLogListQuery, auditLogRecord } from '../../schema/auditLog';
import { failures, page, success } from '../../schema/envelope';
import { tenantListScope } from '../auth/tenantScope';
import type { Database } from '../db/client';
import { auditLogs } from '../db/schema';
import { addedColumn, entityColumns } from '../export/columns';
import { entityStore, timeBound, type Condition, type ListQuery } from './entityRoutes';
import { pageSerializerCompiler } from '../serialization';

type Row = Record<string, unknown>;
type AuditLogQuery = ListQuery & { from?: number; to?: number };

/**
 * The trail's list: the declared filters (`user`, `action`, `entity`), the keyword in who acted and
 * the record's name (the table's search column, migration 0028), and the time. The whole trail's
 * total, an organisation's, an action's and a resource's come from the counters the trail keeps
 * (migrations 0017, 0023, 0031); any other filtered total is counted through the filter's index.
 */
const store = entityStore(auditLog, auditLogs, {
  computed: { before: sql`${auditLogs.before}`, after: sql`${auditLogs.after}` },
  // Folded in by the servers up to a watermark (migration 0031), as are the days deep pages start from.
  countedBy: [[], ['tenant_id'], ['action'], ['entity']],
  timeBlocks: { column: 'at', ranges: true },
  foldedCounts: true,
});

/** The time's bounds, built once: the placeholders take the time as the column stores it; the quarter hours count them. */
const fromCondition = timeBound(auditLogs.at, 'from', 'from');
const toCondition = timeBound(auditLogs.at, 'to', 'to');
const timeConditions = ({ from, to }: AuditLogQuery): (Condition | undefined)[] => [
  from === undefined ? undefined : { condition: fromCondition, values: { from: new Date(from).toISOString() } },
  to === undefined ? undefined : { condition: toCondition, values: { to: new Date(to).toISOString() } },
];

/** The list's conditions beside the declared filters, the same for its page and its export: the caller's organisation and the time. */
const listConditions = (request: FastifyRequest): (Condition | undefined)[] => [
  tenantListScope(request, auditLogs.tenant_id),
  ...timeConditions(request.query as AuditLogQuery),
];

const listQuery = auditLogListQuery as unknown as z.ZodType<AuditLogQuery>;
const listAnswer = success(page(auditLogRecord)) as unknown as z.ZodType<{ success: true; data: { items: Row[]; total: number } }>;

/** `GET /api/v1/audit_logs/pager`: the audit trail, newest first; a tenant administrator's stops at the own organisation. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  app.get(auditLog.listApi, {
    config: {
      access: auditLog.privileges.read,
      resource: auditLog.resource,
      // The same list as CSV (server/export/), with the fields before and after as JSON.
      csv: {
        columns: entityColumns(auditLog, [addedColumn(auditLog, 'before'), addedColumn(auditLog, 'after')]),
        rows: (request) => store.exportRows(db, request.query as AuditLogQuery, listConditions(request)),
      },
    },
    serializerCompiler: pageSerializerCompiler(app.appConfig.checkAnswers),
    schema: {
      tags: [auditLog.resource],
      summary: 'The audit trail, a page at a time: who changed which record when, its fields before and after',
      description:
        'Every change made through the API (create, update, delete: only the changed fields for an update, a password, hash or ' +
        'token only as "***"), and every sign-in, refused sign-in and sign-out. Filters: `user` (login name), `entity` ' +
        '(resource name), `action`, `from` (inclusive) and `to` (exclusive) in epoch ms, `keyword` (in the user and the ' +
        "record's name). A tenant administrator sees the records of the own organisation only. Rows are kept for ever, or for " +
        '`AUDIT_RETENTION_DAYS` when the server sets it (housekeeping prunes older rows hourly).',
      querystring: listQuery,
      response: { 200: listAnswer, ...failures },
    },
    handler: async (request) => ({
      success: true as const,
      data: await store.list(db, request.query, listConditions(request), request.log),
    }),
  });
};
