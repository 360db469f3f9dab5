import { z } from 'zod';
import { defineEntity } from './entity';
import { choice, datetime, nullableInteger, readOnly, text } from './fields';
import { places } from './places';

/**
 * What an audit row records: a record created, changed or deleted (written by the database's
 * triggers, migration 0017), or a sign-in, a refused sign-in or a sign-out (server/auditTrail.ts).
 */
export const auditActions = ['create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_out'] as const;

/**
 * The resources whose changes are recorded, by their console names (`session` for sign-ins and
 * sign-outs; `series_course` a course in a series, `voucher_redemption` a learner's redemption).
 */
export const auditedEntities = [
  'course',
  'course_category',
  'chapter',
  'teacher',
  'video',
  'video_version',
  'series',
  'series_course',
  'carousel',
  'carousel_group',
  'tenant',
  'user',
  'user_audit',
  'enroll_detail',
  'voucher',
  'voucher_redemption',
  'session',
] as const;
export type AuditedEntity = (typeof auditedEntities)[number];

/**
 * The audit trail (`/audit_log`): every change made through the API, who made it and when, and the
 * fields before and after. Nobody writes it: the server and the database do, in the transaction of
 * the change. `user` is the login name of whoever acted (empty for an anonymous call, the name
 * typed for a refused sign-in).
 */
export const auditLog = defineEntity({
  ...places.auditLog,
  table: 'audit_logs',
  // Searched in the store (server/routes/auditLogs.ts): who acted and the record's name.
  keyword: [],
  fields: {
    at: readOnly(datetime({ required: true, list: true, sortable: true })),
    user: readOnly(text({ max: 100, list: true, filter: true })),
    action: readOnly(choice(auditActions, { list: true, filter: true })),
    entity: readOnly(choice(auditedEntities, { list: true, filter: true })),
    record_id: readOnly(nullableInteger({ list: true })),
    title: readOnly(text({ max: 200, list: true })),
    ip: readOnly(text({ max: 64 })),
  },
});

/** The fields of a record as they were and as they became: only the changed ones for an update; null for none. */
const recordFields = z.record(z.string(), z.unknown()).nullable();

/** An audit row as the server answers it: the declared fields and the record's fields before and after. */
export const auditLogRecord = auditLog.record.extend({ before: recordFields, after: recordFields });

/** A moment as a query parameter: epoch milliseconds. */
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional();

/**
 * `GET /api/v1/audit_logs/pager`: who (`user`, a login name), which resource (`entity`), the action,
 * from `from` (inclusive) to `to` (exclusive), epoch ms, and `keyword` in the user's and the
 * record's name. A `from` after `to` is refused under `to`.
 */
export const auditLogListQuery = auditLog.listQuery
  .extend({ from: epochMs, to: epochMs })
  .refine((query) => query.from == null || query.to == null || query.from <= query.to, {
    error: 'app.validation.end_before_start',
    path: ['to'],
  });
