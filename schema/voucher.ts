import { places } from './places';
import { z } from 'zod';
import { defineEntity, type EntityInput } from './entity';
import { timeZoneParam } from './timeZone';
import { boolean, choice, codePattern, datetime, integer, nullableInteger, readOnly, text, textarea } from './fields';
import type { ValidationMessage } from './validation';

/** What a voucher gives: one course, or every course of a series. */
export const voucherResourceTypes = ['course', 'series'] as const;
export type VoucherResourceType = (typeof voucherResourceTypes)[number];

/** Who may redeem it: anyone (`*`), the learners of one tenant, or one user. */
export const voucherObjectTypes = ['*', 'tenant', 'user'] as const;
export type VoucherObjectType = (typeof voucherObjectTypes)[number];
export const ANYONE = '*' satisfies VoucherObjectType;

const recordId = { min: 1, max: 2_147_483_647 };

/**
 * A redemption voucher (`/voucher`). `resource_id` names a course or a series and `object_id` a
 * tenant or a user, as the type beside each says, so the server checks both (a 400 under the field).
 * `available_number` (how many are left) and `available` (false once abolished) are the server's.
 */
export const voucher = defineEntity({
  ...places.voucher,
  table: 'vouchers',
  keyword: ['name', 'code'],
  // There is no voucher:delete: deleting one nobody has redeemed is a change like any other.
  fields: {
    name: text({ required: true, max: 64, list: true, sortable: true }),
    /** What a learner types: unique whatever the case, and matched whatever the case. */
    code: text({ required: true, min: 4, max: 32, pattern: codePattern, unique: true, list: true }),
    description: textarea({ max: 500, list: true }),
    resource_type: choice(voucherResourceTypes, { required: true, list: true, filter: true }),
    resource_id: integer({ required: true, ...recordId }),
    object_type: choice(voucherObjectTypes, { default: ANYONE, list: true, filter: true }),
    /** Empty for anyone; a tenant's or a user's id otherwise. */
    object_id: nullableInteger(recordId),
    count: integer({ required: true, min: 1, max: 1_000_000, list: true }),
    available_number: readOnly(integer({ list: true })),
    expire_at: datetime({ required: true, list: true, sortable: true }),
    available: readOnly(boolean({ list: true, filter: true })),
  },
});

export type VoucherInput = EntityInput<typeof voucher>;

/**
 * A voucher as the server answers it: the item's title under `resource` and the tenant's or user's
 * name under `object` (null for anyone, and for a record deleted since).
 */
export const voucherRecord = voucher.record.extend({
  resource: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  object: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/**
 * What the recipient fields say of each other: an object only for a tenant or a user, and one then.
 * The form and the server (on a create, and on an update against the stored values) apply it alike.
 */
export function voucherObjectProblems(values: { object_type?: string; object_id?: number | null }): Record<string, ValidationMessage> {
  const empty = values.object_id === null || values.object_id === undefined;
  if (values.object_type === ANYONE && !empty) return { object_id: { key: 'app.validation.voucher_object_for_anyone' } };
  if (values.object_type !== ANYONE && empty) return { object_id: { key: 'app.validation.voucher_object_required' } };
  return {};
}

/** The edit form's rules: the fields and the recipient; an expiry already past may stay (only a changed one must lie ahead). */
export const voucherEditForm = voucher.input.superRefine((values, context) => {
  for (const [path, message] of Object.entries(voucherObjectProblems(values))) context.addIssue({ code: 'custom', path: [path], message: message.key });
});

/** `POST /api/v1/vouchers/new`: the edit form's rules, and an expiry still to come. */
export const voucherCreateBody = voucherEditForm.superRefine((values, context) => {
  if ((values.expire_at ?? 0) <= Date.now()) context.addIssue({ code: 'custom', path: ['expire_at'], message: 'app.validation.future' });
});

/** `PUT /api/v1/vouchers/{id}/send_email`: the time zone the expiry is written in (the console sends the operator's); UTC by default. */
export const sendVoucherBody = z
  .object({ time_zone: timeZoneParam() })
  // A call without a body is fine: the expiry is then written in UTC.
  .nullish();

/** Who the mail goes to, and its row in the outbox: it is queued there and delivered from it (`/api/v1/mail_outbox`). */
export const voucherSent = z.object({ to: z.array(z.string()), mail_id: z.number().int(), status: z.literal('queued') });

/** `POST /uc/v1/vouchers/redeem`: the code, whatever its case; any code no voucher has is a 404, however it is spelt. */
export const redeemBody = z.object({ code: z.string().trim().min(1).max(64) });

/** What a redemption answers: the voucher, and the courses the caller is now enrolled in through it. */
export const redemption = z.object({ voucher_id: z.number().int(), course_ids: z.array(z.number().int()) });
