import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, idParams, success } from '../../schema/envelope';
import type { ValidationMessage } from '../../schema/validation';
import {
  ANYONE,
  redeemBody,
  redemption,
  sendVoucherBody,
  voucher,
  voucherCreateBody,
  voucherObjectProblems,
  voucherRecord,
  voucherSent,
  type VoucherObjectType,
  type VoucherResourceType,
} from '../../schema/voucher';
import type { UserRow } from '../auth/sessions';
import { assertNotThrottled, recordAttempt } from '../auth/throttle';
import type { Database, Executor } from '../db/client';
import { courses, enrollments, series, seriesCourses, tenants, users, voucherRedemptions, vouchers } from '../db/schema';
import { ApiError, BadRequest, Conflict, Forbidden, NotFound, valueTaken } from '../errors';
import { voucherMail } from '../mail/voucherMail';
import { localeFromHeader } from '../messages';
import { caller } from '../types';
import { addedColumn, entityColumns } from '../export/columns';
import { entityRoutes, entityStore } from './entityRoutes';

type Row = Record<string, unknown>;

// Spelt out: drizzle leaves columns unqualified in a one-table select.
const store = entityStore(voucher, vouchers, {
  computed: {
    resource: sql<{ id: number; title: string } | null>`case vouchers.resource_type
      when 'course' then (select json_build_object('id', courses.id, 'title', courses.title) from courses where courses.id = vouchers.resource_id)
      when 'series' then (select json_build_object('id', series.id, 'title', series.title) from series where series.id = vouchers.resource_id)
    end`,
    object: sql<{ id: number; name: string } | null>`case vouchers.object_type
      when 'tenant' then (select json_build_object('id', tenants.tenant_id, 'name', tenants.display_name) from tenants where tenants.tenant_id = vouchers.object_id)
      when 'user' then (select json_build_object('id', users.user_id, 'name', users.user_name) from users where users.user_id = vouchers.object_id)
    end`,
  },
  // Every combination of the three filters: each has a handful of values.
  countedBy: [[], ['resource_type'], ['object_type'], ['available'], ['resource_type', 'object_type'], ['resource_type', 'available'], ['object_type', 'available'], ['resource_type', 'object_type', 'available']],
  idBlocks: true,
});

/** The voucher list's store: the bench's bare route sends the statement it builds. */
export const voucherStore = store;

/** The table each type names its record in. */
const resourceIds = { course: courses.id, series: series.id } as const;
const objectIds = { tenant: tenants.tenant_id, user: users.user_id } as const;

const errors = 'resources.voucher.errors';
const resource = voucher.resource;
const tags = [resource];
const one = `${voucher.api}/:id`;
const recordAnswer = success(voucherRecord) as unknown as z.ZodType<{ success: true; data: Row }>;
const patch = voucher.patch as unknown as z.ZodType<Row>;

interface StoredVoucher {
  id: number;
  name: string;
  code: string;
  resource_type: VoucherResourceType;
  resource_id: number;
  object_type: VoucherObjectType;
  object_id: number | null;
  count: number;
  available_number: number;
  expire_at: number;
  available: boolean;
}

const stored = {
  id: vouchers.id,
  name: vouchers.name,
  code: vouchers.code,
  resource_type: vouchers.resource_type,
  resource_id: vouchers.resource_id,
  object_type: vouchers.object_type,
  object_id: vouchers.object_id,
  count: vouchers.count,
  available_number: vouchers.available_number,
  expire_at: vouchers.expire_at,
  available: vouchers.available,
};

/** The voucher, locked until the transaction ends: redemptions, changes and the delete take turns. */
async function lockVoucher(tx: Executor, where: SQL): Promise<StoredVoucher | undefined> {
  const [found] = await tx.select(stored).from(vouchers).where(where).for('update');
  return found as StoredVoucher | undefined;
}

/** The voucher of an address, locked; 404 when there is none. */
async function lockVoucherById(tx: Executor, id: number): Promise<StoredVoucher> {
  const found = await lockVoucher(tx, eq(vouchers.id, id));
  if (!found) throw new NotFound();
  return found;
}

const redeemedOf = (found: StoredVoucher) => found.count - found.available_number;

/**
 * Whether the record exists, key-share locked until the transaction ends: a course or series delete
 * that counts the vouchers naming it waits for this write, then sees it (refuseIfOnVouchers).
 */
async function exists(tx: Executor, idColumn: (typeof resourceIds)[VoucherResourceType] | (typeof objectIds)[keyof typeof objectIds], id: number) {
  const [found] = await tx.select({ id: idColumn }).from(idColumn.table).where(eq(idColumn, id)).for('key share');
  return Boolean(found);
}

/**
 * A course or series that vouchers can still be redeemed for (not abolished, not expired, not used
 * up) cannot be deleted: the learners holding them would find nothing. The caller has locked the
 * record for update first, so a voucher being written for it is counted or finds it gone.
 */
export async function refuseIfOnVouchers(tx: Executor, resourceType: VoucherResourceType, id: number, title: string) {
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.resource_type, resourceType),
        eq(vouchers.resource_id, id),
        eq(vouchers.available, true),
        sql`${vouchers.available_number} > 0`,
        sql`${vouchers.expire_at} > now()`,
      ),
    );
  if (total > 0) throw new Conflict(`app.error.${resourceType}_on_vouchers`, { title, smart_count: total });
}

/**
 * The item must be a record of the table its type names, the recipient must fit its type (none for
 * anyone, a tenant or a user otherwise) and exist: each problem is a 400 under its field.
 */
async function targetProblems(tx: Executor, target: Pick<StoredVoucher, 'resource_type' | 'resource_id' | 'object_type' | 'object_id'>) {
  const problems: Record<string, ValidationMessage> = { ...voucherObjectProblems(target) };
  if (!(await exists(tx, resourceIds[target.resource_type], target.resource_id))) problems.resource_id = { key: 'app.validation.reference_missing' };
  if (!problems.object_id && target.object_type !== ANYONE && !(await exists(tx, objectIds[target.object_type], target.object_id!)))
    problems.object_id = { key: 'app.validation.reference_missing' };
  return problems;
}

/** A code taken whatever its case answers 409 under `code`; the unique index settles two creates racing for one. */
async function checkCodeFree(tx: Executor, code: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(sql`lower(${vouchers.code})`, code.toLowerCase()), exceptId === undefined ? undefined : ne(vouchers.id, exceptId)));
  if (taken) throw valueTaken('code', code);
}

const refuseIfAny = (problems: Record<string, ValidationMessage>) => {
  if (Object.keys(problems).length > 0) throw new BadRequest('app.error.invalid_input', {}, problems);
};

/**
 * What an update may not do, checked against the stored voucher: edit an abolished one (409), change
 * a type without naming its record anew (an id of the old type means nothing in the new one), move
 * the expiry into the past, or bring the count below what was already redeemed. A count that moves
 * moves what is left by as much. Answers the values to store beside the body's.
 */
async function checkUpdate(tx: Executor, found: StoredVoucher, body: Row): Promise<Row> {
  if (!found.available) throw new Conflict(`${errors}.abolished_no_edit`, { name: found.name });
  const typeChanged: Record<string, ValidationMessage> = {};
  if (body.resource_type !== undefined && body.resource_type !== found.resource_type && body.resource_id === undefined)
    typeChanged.resource_id = { key: 'app.validation.voucher_type_changed' };
  if (body.object_type !== undefined && body.object_type !== found.object_type && body.object_id === undefined)
    typeChanged.object_id = { key: 'app.validation.voucher_type_changed' };
  const problems = { ...(await targetProblems(tx, { ...found, ...body } as StoredVoucher)), ...typeChanged };
  if (body.expire_at !== undefined && body.expire_at !== found.expire_at && (body.expire_at as number) <= Date.now())
    problems.expire_at = { key: 'app.validation.future' };
  const extra: Row = {};
  if (body.count !== undefined && body.count !== found.count) {
    const redeemed = redeemedOf(found);
    if ((body.count as number) < redeemed) problems.count = { key: 'app.validation.voucher_count_below_redeemed', args: { redeemed } };
    else extra.available_number = (body.count as number) - redeemed;
  }
  refuseIfAny(problems);
  if (body.code !== undefined && (body.code as string).toLowerCase() !== found.code.toLowerCase()) await checkCodeFree(tx, body.code as string, found.id);
  return extra;
}

/** Who a voucher's mail goes to: its user, or the active administrators of its tenant, each with an address. */
async function recipientsOf(db: Executor, record: Row): Promise<string[]> {
  const object = record.object as { name: string } | null;
  if (record.object_type === ANYONE) throw new Conflict(`${errors}.mail_anyone`);
  if (!object) throw new Conflict(`${errors}.mail_object_gone`);
  if (record.object_type === 'user') {
    const [found] = await db.select({ email: users.email }).from(users).where(eq(users.user_id, record.object_id as number));
    if (!found?.email) throw new Conflict(`${errors}.mail_user_no_email`, { name: object.name });
    return [found.email];
  }
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.tenant_id, record.object_id as number), sql`'tenant_admin' = any(${users.roles})`, eq(users.status, 'active'), ne(users.email, '')))
    .orderBy(asc(users.user_id));
  if (admins.length === 0) throw new Conflict(`${errors}.mail_tenant_no_email`, { name: object.name });
  return admins.map((admin) => admin.email);
}

/** The courses a voucher enrols in: its course, or every course of its series in the series' order. */
async function coursesOf(tx: Executor, found: StoredVoucher): Promise<number[]> {
  if (found.resource_type === 'course') {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, found.resource_id)).for('key share');
    return course ? [course.id as number] : [];
  }
  const rows = await tx
    .select({ id: seriesCourses.course_id })
    .from(seriesCourses)
    .where(eq(seriesCourses.series_id, found.resource_id))
    .orderBy(asc(seriesCourses.sort_order), asc(seriesCourses.course_id));
  return rows.map((row) => row.id);
}

/**
 * Redeems a voucher for a user, all or nothing. The voucher's row lock makes redemptions of one
 * voucher take turns, so the last one left goes to exactly one caller and nobody redeems twice; the
 * checks keep `available_number` from ever going below zero besides. Each refusal says why.
 */
async function redeem(tx: Executor, user: UserRow, code: string) {
  const found = await lockVoucher(tx, eq(sql`lower(${vouchers.code})`, code.toLowerCase()));
  if (!found) throw new NotFound(`${errors}.unknown_code`, { code });
  if (found.object_type === 'tenant' && found.object_id !== user.tenant_id) throw new Forbidden(`${errors}.other_tenant`);
  if (found.object_type === 'user' && found.object_id !== user.user_id) throw new Forbidden(`${errors}.other_user`);
  if (!found.available) throw new Conflict(`${errors}.abolished`);
  if (found.expire_at <= Date.now()) throw new Conflict(`${errors}.expired`);
  const [already] = await tx
    .select({ id: voucherRedemptions.id })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucher_id, found.id), eq(voucherRedemptions.user_id, user.user_id)));
  if (already) throw new Conflict(`${errors}.already_redeemed`);
  if (found.available_number <= 0) throw new Conflict(`${errors}.used_up`);
  const courseIds = await coursesOf(tx, found);
  if (courseIds.length === 0) throw new Conflict(found.resource_type === 'series' ? `${errors}.series_empty` : `${errors}.course_gone`);

  await tx.insert(voucherRedemptions).values({ voucher_id: found.id, user_id: user.user_id });
  await tx
    .update(vouchers)
    .set({ available_number: sql`${vouchers.available_number} - 1`, updated_at: sql`now()` })
    .where(eq(vouchers.id, found.id));
  // An enrolment the learner has already is kept as it is (a disabled one stays disabled: that was an administrator's decision).
  await tx
    .insert(enrollments)
    .values(courseIds.map((target_id) => ({ target_id, learner_id: user.user_id })))
    .onConflictDoNothing({ target: [enrollments.target_id, enrollments.learner_id] });
  return { voucher_id: found.id, course_ids: courseIds };
}

/**
 * Vouchers (`/api/v1/vouchers`, platform operators: `voucher:*`): list, read and delete are the
 * shared handlers; create (at `/new`), update, abolish and send_email are this module's, and
 * `POST /uc/v1/vouchers/redeem` is the platform call by which any signed-in user redeems a code.
 */
export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Database = app.db;
  const throttle = app.appConfig.signInThrottle;

  await app.register(
    entityRoutes(store, {
      only: ['list', 'read', 'delete'],
      record: voucherRecord,
      exportColumns: entityColumns(voucher, [addedColumn(voucher, 'resource'), addedColumn(voucher, 'object')]),
      beforeDelete: async (tx, id) => {
        const found = await lockVoucherById(tx, id);
        const redeemed = redeemedOf(found);
        if (redeemed > 0) throw new Conflict(`${errors}.redeemed_no_delete`, { name: found.name, smart_count: redeemed });
      },
    }),
  );

  app.post(voucher.createApi, {
    config: { access: voucher.privileges.write, resource },
    schema: {
      tags,
      summary: 'Create a voucher',
      description:
        '`resource_id` must name a course or a series as `resource_type` says; `object_id` a tenant or a user as `object_type` ' +
        'says, and nothing for `*` (anyone): otherwise a 400 under the field. `code` is unique whatever its case (409 under ' +
        '`code`); `expire_at` (epoch ms) must lie ahead. `available_number` starts at `count`.',
      body: voucherCreateBody,
      response: { 200: recordAnswer, ...failures },
    },
    handler: async (request) => {
      const body = request.body as Row & { code: string; count: number };
      const data = await db.transaction(async (tx) => {
        refuseIfAny(await targetProblems(tx, body as unknown as StoredVoucher));
        await checkCodeFree(tx, body.code);
        const created = await store.create(tx, body, { available_number: body.count, available: true });
        return store.read(tx, created.id as number);
      });
      return { success: true as const, data };
    },
  });

  app.put(one, {
    config: { access: voucher.privileges.write, resource },
    schema: {
      tags,
      summary: 'Change the fields of a voucher that the body names',
      description:
        'Fields left out keep their stored values. A changed `count` moves `available_number` by as much, and cannot go below ' +
        'what was already redeemed (400 under `count`). A changed type must name its record anew (`resource_id`, `object_id`: ' +
        'null for `*`). A changed `expire_at` must lie ahead. An abolished voucher cannot be changed (409).',
      params: idParams,
      body: patch,
      response: { 200: recordAnswer, ...failures },
    },
    handler: async (request) => {
      const id = request.params.id;
      const data = await db.transaction(async (tx) => {
        const extra = await checkUpdate(tx, await lockVoucherById(tx, id), request.body);
        await store.update(tx, id, { ...request.body, ...extra });
        return store.read(tx, id);
      });
      return { success: true as const, data };
    },
  });

  app.post(`${one}/abolish`, {
    config: { access: 'voucher:abolish', resource },
    schema: {
      tags,
      summary: 'Abolish a voucher: it can no longer be redeemed',
      description: 'Sets `available` to false for good; abolishing again changes nothing and answers the same.',
      params: idParams,
      response: { 200: recordAnswer, ...failures },
    },
    handler: async (request) => {
      // In a transaction, as every write: it carries who acts to the audit trail (server/auditTrail.ts).
      const data = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(vouchers)
          .set({ available: false, updated_at: sql`now()` })
          .where(eq(vouchers.id, request.params.id))
          .returning({ id: vouchers.id });
        if (!changed) throw new NotFound();
        return store.read(tx, request.params.id);
      });
      return { success: true as const, data };
    },
  });

  app.put(`${one}/send_email`, {
    config: { access: 'voucher:send', resource },
    schema: {
      tags,
      summary: "Mail the voucher to its user, or to its tenant's administrators",
      description:
        'The mail (name, code, item, expiry, how to redeem) is written in the caller\'s language (Accept-Language), the expiry ' +
        'in `time_zone` (UTC by default). A voucher for anyone, a recipient without an email address, an abolished, an ' +
        'expired or a used-up voucher answer 409. Success means queued: the mail is written to the outbox (`mail_id`) and ' +
        'delivered from there over SMTP, retried while the server is down or refusing (see `/api/v1/mail_outbox`).',
      params: idParams,
      body: sendVoucherBody,
      response: { 200: success(voucherSent), ...failures },
    },
    handler: async (request) => {
      const locale = localeFromHeader(request.headers['accept-language']);
      const queued = await db.transaction(async (tx) => {
        const record = await store.read(tx, request.params.id);
        if (!record.available) throw new Conflict(`${errors}.mail_abolished`);
        if ((record.expire_at as number) <= Date.now()) throw new Conflict(`${errors}.mail_expired`);
        // A code nobody can redeem any more is no gift: the recipient would only meet a refusal.
        if ((record.available_number as number) <= 0) throw new Conflict(`${errors}.mail_used_up`);
        const to = await recipientsOf(tx, record);
        const mail = voucherMail(record as unknown as Parameters<typeof voucherMail>[0], to, locale, request.body?.time_zone ?? 'UTC');
        const mailId = await app.mailer.queue(tx, { ...mail, voucherId: request.params.id });
        return { to, mail_id: mailId, status: 'queued' as const };
      });
      app.mailer.wake();
      return { success: true as const, data: queued };
    },
  });

  app.post('/uc/v1/vouchers/redeem', {
    // The platform call: any signed-in user redeems for the own account; no console privilege.
    config: { access: 'session', resource },
    schema: {
      tags,
      summary: 'Redeem a voucher code: enrol in its course, or in every course of its series',
      description:
        'Takes one from `available_number`, at most once per user, never below zero. A code no voucher has answers 404; a ' +
        "voucher for another tenant or user 403; an abolished, expired, used-up or already redeemed one 409. Refusals are " +
        'counted per address like sign-ins: past the limit, 429 with Retry-After. Enrolments the caller already has are kept as they are.',
      body: redeemBody,
      response: { 200: success(redemption), ...failures },
    },
    handler: async (request) => {
      const keys = [{ key: `redeem:${request.ip}`, limit: throttle.perAddress }];
      await assertNotThrottled(db, throttle.windowMs, keys);
      try {
        return { success: true as const, data: await db.transaction((tx) => redeem(tx, caller(request).user, request.body.code)) };
      } catch (error) {
        // Refusals count against the address, so codes cannot be tried one after another; redemptions do not (a class redeems together).
        if (error instanceof ApiError) await recordAttempt(db, throttle.windowMs, keys);
        throw error;
      }
    },
  });
};
