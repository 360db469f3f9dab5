import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carousel } from '../../schema/carousel';
import { carouselGroup } from '../../schema/carouselGroup';
import { category } from '../../schema/category';
import { chapter } from '../../schema/chapter';
import { course } from '../../schema/course';
import { series as seriesEntity } from '../../schema/series';
import { teacher } from '../../schema/teacher';
import { transferApplication } from '../../schema/transferApplication';
import { video, videoVersion } from '../../schema/video';
import { tenant } from '../../schema/tenant';
import { user, userStatuses } from '../../schema/user';
import { mailAttemptOutcomes, mailStatuses } from '../../schema/mailOutbox';
import { voucher, voucherObjectTypes, voucherResourceTypes } from '../../schema/voucher';
import { blankText, createdAt, createdAtMs, epochMs, identityId } from './columns';
import { entityTable, SEARCH_COLUMN, searchColumn, searchIndex, searchText } from './entityTable';

export const tenants = pgTable(
  'tenants',
  {
    tenant_id: identityId('tenant_id'),
    name: text('name').notNull(),
    display_name: text('display_name').notNull(),
    description: blankText('description'),
    create_time: createdAtMs('create_time'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    [SEARCH_COLUMN]: searchColumn(searchText(sql.identifier, tenant.keyword)),
  },
  (table) => [
    uniqueIndex('tenants_name_unique').on(sql`lower(${table.name})`),
    searchIndex('tenants', table[SEARCH_COLUMN]),
  ],
);

export const users = pgTable(
  'users',
  {
    user_id: identityId('user_id'),
    user_name: text('user_name').notNull(),
    password_hash: text('password_hash').notNull(),
    real_name: blankText('real_name'),
    nick_name: blankText('nick_name'),
    email: blankText('email'),
    mobile: blankText('mobile'),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id, { onDelete: 'restrict' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    point: integer('point').notNull().default(0),
    create_time: createdAtMs('create_time'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // SPEC.md's other reading of the status, kept by the database so every answer carries it.
    availability: text('availability')
      .notNull()
      .generatedAlwaysAs(sql`case when status = 'active' then 'Release' else 'Deactive' end`),
    [SEARCH_COLUMN]: searchColumn(searchText(sql.identifier, user.keyword)),
  },
  (table) => [
    uniqueIndex('users_user_name_unique').on(sql`lower(${table.user_name})`),
    // The list's order (newest first, the id breaking ties), over everyone and within one tenant:
    // the first and a deep page, and a tenant's page, read the index in order instead of sorting.
    index('users_create_time_idx').on(table.create_time, table.user_id),
    index('users_tenant_create_time_idx').on(table.tenant_id, table.create_time, table.user_id),
    // The case-insensitive unique index cannot give the list's order by name.
    index('users_user_name_idx').on(table.user_name, table.user_id),
    searchIndex('users', table[SEARCH_COLUMN]),
    // The few accounts that are no learner (administrators): the dashboard's learners are the counted accounts less these.
    index('users_staff_idx').on(table.tenant_id).where(sql`not ('learner' = any(${table.roles}))`),
    // The dashboard's learners of the week, counted from this index alone (the roles are not in the time index).
    index('users_learners_created_idx').on(table.create_time).where(sql`'learner' = any(${table.roles})`),
  ],
);

/** Tokens are stored as SHA-256 hashes: a read of this table does not yield a usable session. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    // The token replaced at the last renewal stays valid briefly for requests already in flight.
    previous_token_hash: text('previous_token_hash'),
    previous_valid_until: timestamp('previous_valid_until', { withTimezone: true }),
    created_at: createdAt('created_at'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    user_agent: blankText('user_agent'),
    ip: blankText('ip'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.token_hash),
    index('sessions_previous_token_hash_idx').on(table.previous_token_hash),
    index('sessions_user_idx').on(table.user_id),
  ],
);

/** Attempts per key within a window: failed sign-ins by address and name, QR codes issued by address. */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Facts about this installation, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const carouselGroups = entityTable(carouselGroup);
export const teachers = entityTable(teacher);
/** `sort_order` numbers siblings 1, 2, 3... with no gap; moves renumber them in one transaction. */
export const categories = entityTable(category, {
  extra: { sort_order: integer('sort_order').notNull() },
  indexes: (column) => [index('categories_parent_order_idx').on(column('parent_id'), column('sort_order'))],
});
export const videos = entityTable(video);
export const videoVersions = entityTable(videoVersion, {
  foreignKeys: { video_id: { column: () => videos.id, onDelete: 'cascade' } },
  // One version per format and quality, so playback is never ambiguous; it also serves lookups by video.
  indexes: (column) => [uniqueIndex('video_versions_video_format_quality_unique').on(column('video_id'), column('format'), column('quality'))],
});

export const courses = entityTable(course, {
  foreignKeys: { category_id: { column: () => categories.id, onDelete: 'restrict' } },
  indexes: (column) => [
    // Finds the courses that name a teacher (a teacher named on a course cannot be deleted).
    index('courses_teacher_ids_idx').using('gin', column('teacher_ids')),
    // The dashboard's courses added this week: a range, not a scan of the catalogue.
    index('courses_created_at_idx').on(column('created_at')),
  ],
});
/**
 * Chapters (`parent_id` 0) and their sections, numbered 1..n among their siblings by `sort_order`.
 * Deleting a course deletes its chapters; a video that a section plays cannot be deleted.
 */
export const chapters = entityTable(chapter, {
  foreignKeys: {
    course_id: { column: () => courses.id, onDelete: 'cascade' },
    video_id: { column: () => videos.id, onDelete: 'restrict' },
  },
  extra: { sort_order: integer('sort_order').notNull() },
  indexes: (column) => [
    index('chapters_course_parent_order_idx').on(column('course_id'), column('parent_id'), column('sort_order')),
    // The courses a renamed video shows in (their trees change), and a video's delete checking none plays it.
    index('chapters_video_idx').on(column('video_id')),
  ],
});

/** Series: `available` (published) is changed only by publish and unpublish; `created_at` is SPEC.md's `create_at`. */
export const series = entityTable(seriesEntity, {
  foreignKeys: { category_id: { column: () => categories.id, onDelete: 'restrict' } },
  extra: { available: boolean('available').notNull().default(false) },
  // Finds the series that name a teacher (a teacher named on a series cannot be deleted).
  indexes: (column) => [index('series_teacher_ids_idx').using('gin', column('teacher_ids'))],
});

/**
 * The courses of a series, in `sort_order` (new ones go last). Deleting a series or a course
 * removes its rows here: a deleted course simply leaves the series it was in.
 */
export const seriesCourses = pgTable(
  'series_courses',
  {
    series_id: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort_order: integer('sort_order').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series_id, table.course_id] }),
    index('series_courses_series_order_idx').on(table.series_id, table.sort_order),
    // A course's delete finds its rows here without scanning every series.
    index('series_courses_course_idx').on(table.course_id),
  ],
);

/** Carousels: neither their group nor their target course can be deleted while they name it. */
export const carousels = entityTable(carousel, {
  foreignKeys: {
    carousel_group_id: { column: () => carouselGroups.id, onDelete: 'restrict' },
    target_id: { column: () => courses.id, onDelete: 'restrict' },
  },
});

/**
 * QR sign-in tickets. The code holds the ticket; the browser that asked for it holds the binding
 * (a cookie). Both are stored as hashes, so every instance can answer every step.
 */
export const qrTickets = pgTable(
  'qr_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticket_hash: text('ticket_hash').notNull(),
    binding_hash: text('binding_hash').notNull(),
    status: text('status', { enum: ['pending', 'scanned', 'confirmed', 'refused', 'collected'] }).notNull().default('pending'),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'cascade' }),
    requester_ip: blankText('requester_ip'),
    requester_user_agent: blankText('requester_user_agent'),
    created_at: createdAt('created_at'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    collected_at: timestamp('collected_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('qr_tickets_ticket_hash_unique').on(table.ticket_hash), uniqueIndex('qr_tickets_binding_hash_unique').on(table.binding_hash)],
);

/**
 * Learners' applications to move organisation. The organisations are not foreign keys: a decided
 * application outlives a deleted tenant as history, and approving one to a deleted tenant is refused.
 */
export const tenantTransferApplications = entityTable(transferApplication, {
  foreignKeys: { user_id: { column: () => users.user_id, onDelete: 'cascade' } },
  extra: {
    // Stored as a timestamp like every other time, answered as epoch ms.
    create_time: createdAtMs('create_time'),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    decided_by: integer('decided_by').references(() => users.user_id, { onDelete: 'set null' }),
    // The learner's name lower-cased, the keyword search's column: the name lives on the user, so
    // triggers keep this copy (migration 0035) where other tables generate theirs.
    [SEARCH_COLUMN]: text(SEARCH_COLUMN),
  },
  indexes: (column) => [
    // One pending application per learner, even when two arrive at once.
    uniqueIndex('tenant_transfer_applications_one_pending').on(column('user_id')).where(sql`status = 'pending'`),
    searchIndex('tenant_transfer_applications', column(SEARCH_COLUMN)),
    // An organisation's applications, from it and to it, each read in the list's order and merged (see `anyOf`).
    index('tenant_transfer_applications_from_tenant_create_time_idx').on(column('from_tenant_id'), column('create_time'), column('tenant_transfer_application_id')),
    index('tenant_transfer_applications_to_tenant_create_time_idx').on(column('to_tenant_id'), column('create_time'), column('tenant_transfer_application_id')),
  ],
});

/**
 * Enrolments: a learner in a course, enabled (`available`) or not. `tenant_id` is the learner's
 * organisation, copied by a trigger when the row is written and when the learner moves, so a tenant
 * administrator's list is one indexed condition (migration 0011).
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: identityId('id'),
    target_id: integer('target_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learner_id: integer('learner_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    available: boolean('available').notNull().default(true),
    tenant_id: integer('tenant_id'),
    create_at: createdAtMs('create_at'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One enrolment per learner and course: enrolling twice (a second voucher) changes nothing.
    uniqueIndex('enrollments_target_learner_unique').on(table.target_id, table.learner_id),
    // The list's order (newest first), over everything, one course, one learner and one tenant.
    index('enrollments_create_at_idx').on(table.create_at, table.id),
    index('enrollments_target_create_at_idx').on(table.target_id, table.create_at, table.id),
    index('enrollments_learner_create_at_idx').on(table.learner_id, table.create_at, table.id),
    index('enrollments_tenant_create_at_idx').on(table.tenant_id, table.create_at, table.id),
  ],
);

/**
 * Enabled enrolments per course, kept exact by statement triggers on `enrollments` (migration 0011)
 * so the statistic never counts a million rows: `tenant_id` 0 is the platform's total, any other the
 * count among that organisation's learners.
 */
export const enrollmentCounts = pgTable(
  'enrollment_counts',
  {
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tenant_id: integer('tenant_id').notNull(),
    enrollment_count: integer('enrollment_count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.course_id, table.tenant_id] }),
    // The statistic's order: most enrolments first within a scope.
    index('enrollment_counts_scope_count_idx').on(table.tenant_id, table.enrollment_count, table.course_id),
    check('enrollment_counts_not_negative', sql`${table.enrollment_count} >= 0`),
  ],
);

/**
 * Vouchers (schema/voucher.ts). `resource_id` names a course or a series and `object_id` a tenant
 * or a user, as the type beside each says, so neither is a foreign key: the routes check them.
 * `available_number` goes down by one per redemption, under the voucher's row lock; the checks
 * keep it between 0 and `count` whatever a statement tries.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: identityId('id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: blankText('description'),
    resource_type: text('resource_type', { enum: voucherResourceTypes }).notNull(),
    resource_id: integer('resource_id').notNull(),
    object_type: text('object_type', { enum: voucherObjectTypes }).notNull().default('*'),
    object_id: integer('object_id'),
    count: integer('count').notNull(),
    available_number: integer('available_number').notNull(),
    expire_at: epochMs('expire_at').notNull(),
    available: boolean('available').notNull().default(true),
    created_at: createdAt('created_at'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    [SEARCH_COLUMN]: searchColumn(searchText(sql.identifier, voucher.keyword)),
  },
  (table) => [
    // A code is unique whatever its case, as a learner may type it in either.
    uniqueIndex('vouchers_code_unique').on(sql`lower(${table.code})`),
    index('vouchers_name_idx').on(table.name, table.id),
    index('vouchers_expire_at_idx').on(table.expire_at, table.id),
    searchIndex('vouchers', table[SEARCH_COLUMN]),
    check('vouchers_count_positive', sql`${table.count} >= 1`),
    check('vouchers_available_number_range', sql`${table.available_number} between 0 and ${table.count}`),
    check('vouchers_object_for_type', sql`(${table.object_type} = '*') = (${table.object_id} is null)`),
  ],
);

/**
 * Who redeemed which voucher: once per user and voucher. A redeemed voucher cannot be deleted
 * (abolish it instead), so the history stays; a deleted user's rows go with the user.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: identityId('id'),
    voucher_id: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id, { onDelete: 'cascade' }),
    create_time: createdAtMs('create_time'),
  },
  (table) => [
    uniqueIndex('voucher_redemptions_voucher_user_unique').on(table.voucher_id, table.user_id),
    // A user's delete finds its rows without scanning every redemption.
    index('voucher_redemptions_user_idx').on(table.user_id),
    // The dashboard's redemptions this week: a range.
    index('voucher_redemptions_create_time_idx').on(table.create_time),
  ],
);

/**
 * Every mail the server sends (a voucher's), written in the transaction of the action that causes
 * it and delivered by the delivery loop (server/mail/mailer.ts): `status` and `next_attempt_at`
 * say what it waits for, `mail_attempts` what each try met. Sent and failed rows are pruned after
 * MAIL_RETENTION_DAYS (server/housekeeping.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: mailStatuses }).notNull().default('queued'),
    voucher_id: integer('voucher_id').references(() => vouchers.id, { onDelete: 'set null' }),
    attempt_count: integer('attempt_count').notNull().default(0),
    created_at: createdAtMs('created_at'),
    last_attempt_at: epochMs('last_attempt_at'),
    next_attempt_at: epochMs('next_attempt_at').notNull().default(sql`now()`),
    sent_at: epochMs('sent_at'),
    // The list's search: any recipient or the subject (mail_search_text, migration 0021).
    [SEARCH_COLUMN]: searchColumn(sql`mail_search_text("to", "subject")`),
  },
  (table) => [
    check('mail_outbox_status', sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`),
    // The delivery loop's look-up: what is due, soonest first, among the mail not yet done.
    index('mail_outbox_due_idx').on(table.next_attempt_at).where(sql`${table.status} in ('queued', 'sending')`),
    index('mail_outbox_voucher_idx').on(table.voucher_id),
    searchIndex('mail_outbox', table[SEARCH_COLUMN]),
  ],
);

/** Each attempt to hand a mail to the SMTP server: when, what came of it and the server's answer. */
export const mailAttempts = pgTable(
  'mail_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mail_id: bigint('mail_id', { mode: 'number' })
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    attempted_at: createdAtMs('attempted_at'),
    outcome: text('outcome', { enum: mailAttemptOutcomes }).notNull(),
    smtp_code: integer('smtp_code'),
    response: text('response').notNull().default(''),
  },
  (table) => [
    check('mail_attempts_outcome', sql`${table.outcome} in ('sent', 'refused', 'unreachable')`),
    index('mail_attempts_mail_idx').on(table.mail_id, table.attempted_at),
  ],
);

/**
 * The exact number of rows of a list for each combination of the columns its filters and scope
 * compare (`key`, as a JSON object of those columns' values; `{}` is the whole table), kept by the
 * statement trigger `count_rows` (migration 0014) in the same transaction as the write, so a list
 * answers its total from one row instead of counting a million.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    table_name: text('table_name').notNull(),
    key: jsonb('key').notNull(),
    row_count: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.table_name, table.key] })],
);

/**
 * The number of rows in each block of 1,024 ids (`block` = id / 1024) of a table whose lists page
 * deep in id order, kept by the statement trigger `count_id_blocks` (migration 0022): a deep page
 * finds the block holding its first row from these sums instead of stepping over every row before it.
 */
export const idBlocks = pgTable(
  'id_blocks',
  {
    table_name: text('table_name').notNull(),
    block: bigint('block', { mode: 'number' }).notNull(),
    row_count: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.table_name, table.block] })],
);

/**
 * The number of rows in each span of time of a table's time column (`block` = the epoch seconds /
 * `span`), kept by the statement trigger `count_time_blocks` (migration 0023): quarter hours count
 * a time range (every time zone's midnight falls on one), days find a deep page in time order.
 */
export const timeBlocks = pgTable(
  'time_blocks',
  {
    table_name: text('table_name').notNull(),
    span: integer('span').notNull(),
    block: bigint('block', { mode: 'number' }).notNull(),
    row_count: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.table_name, table.span, table.block] })],
);

/**
 * How far a table's counts in `row_counts` and `time_blocks` have been folded: every row with an id
 * at or below `folded_to` is counted there, and none above it. Rows past it are counted from the
 * primary key by the readers, until the next fold adds them (server/db/countFolding.ts, migration
 * 0031): so writing a row adds nothing to the counters at commit. The audit trail's.
 */
export const countWatermarks = pgTable('count_watermarks', {
  table_name: text('table_name').primaryKey(),
  folded_to: bigint('folded_to', { mode: 'number' }).notNull().default(0),
});

/**
 * The exact number of rows of a table that a searched pattern matches within a counted key (as in
 * `row_counts`: `{}` for the whole table, `{"tenant_id": 7}` for one organisation's part), for the
 * patterns searched lately. A list searched again answers its total from here, kept true by the
 * statement trigger `count_keywords` on each searched table (migration 0029), rather than counting
 * its matches anew on every page. `ready` is false while a pattern is being counted for the first
 * time (server/db/keywordCounts.ts).
 */
export const keywordCounts = pgTable(
  'keyword_counts',
  {
    table_name: text('table_name').notNull(),
    pattern: text('pattern').notNull(),
    key: jsonb('key').notNull(),
    row_count: bigint('row_count', { mode: 'number' }).notNull().default(0),
    ready: boolean('ready').notNull().default(false),
    kept_at: timestamp('kept_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.table_name, table.pattern, table.key] })],
);

/**
 * How many courses of a scope (as in `enrollment_counts`: an organisation, or 0 for the platform)
 * have each enrolment count, kept by the statement trigger `count_enrollment_levels` on
 * `enrollment_counts` (migration 0025): the statistic's deep page finds the count its row falls on,
 * and skips only the courses of that count.
 */
export const enrollmentCountLevels = pgTable(
  'enrollment_count_levels',
  {
    tenant_id: integer('tenant_id').notNull(),
    enrollment_count: integer('enrollment_count').notNull(),
    courses: integer('courses').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenant_id, table.enrollment_count] })],
);

/**
 * The platform's levels (tenant 0) by blocks of 1,024 course ids (`course_id / 1024`), kept by the
 * same trigger (migration 0039): within the count reached, the platform's deep page finds the block
 * its row falls in, and skips only that block's courses of that count, not the whole level's (19,130
 * of count 5's 69,184 courses for page 10,000 at scale). An organisation's scope is its learners'
 * courses, few enough to skip.
 */
export const enrollmentCountLevelBlocks = pgTable(
  'enrollment_count_level_blocks',
  {
    tenant_id: integer('tenant_id').notNull(),
    enrollment_count: integer('enrollment_count').notNull(),
    course_block: integer('course_block').notNull(),
    courses: integer('courses').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenant_id, table.enrollment_count, table.course_block] })],
);

/**
 * Versions of what a server keeps in memory (migration 0024), raised in the transaction of every
 * write that changes it, whichever instance writes: a server keeps a tree's text with the version
 * it was built at, and sends it again while the database still holds that version. `name` says
 * what is kept: 'chapter_tree' with a course's id as `scope`, 'category_tree' with 0.
 */
export const versions = pgTable(
  'versions',
  {
    name: text('name').notNull(),
    scope: integer('scope').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.scope] })],
);

/**
 * The audit trail (schema/auditLog.ts): one row per record created, changed or deleted through the
 * API, written by the trigger `audit_change` in the transaction of the change (migration 0017), and
 * one per sign-in, refused sign-in and sign-out. Who acted is kept by id and by name, without a
 * foreign key: the trail outlives the users it names. `tenant_id` is the organisation the record
 * belongs to (a tenant administrator reads its own), `before` and `after` the record's fields.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: createdAtMs('at'),
    user_id: integer('user_id'),
    user: text('user_name').notNull().default(''),
    ip: blankText('ip'),
    tenant_id: integer('tenant_id'),
    entity: text('entity').notNull(),
    record_id: integer('record_id'),
    title: blankText('title'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    // The trail's search: who acted and the record's title, lower-cased. Written with the row by its
    // writers (the audit trigger, `recordSignEvent`) rather than generated: PostgreSQL prepares a
    // generated column's expression afresh for every insert, a cost on every audited write (migration 0042).
    [SEARCH_COLUMN]: text(SEARCH_COLUMN).notNull(),
  },
  (table) => [
    // The pager's order (newest first) over everything, and within each filter and the tenant's scope.
    index('audit_logs_at_idx').on(table.at, table.id),
    index('audit_logs_tenant_at_idx').on(table.tenant_id, table.at, table.id),
    index('audit_logs_user_at_idx').on(table.user, table.at, table.id),
    index('audit_logs_entity_at_idx').on(table.entity, table.at, table.id),
    searchIndex('audit_logs', table[SEARCH_COLUMN]),
  ],
);

/**
 * Every file uploaded to the files folder (server/storage/unusedFiles.ts), so one that no record
 * names is removed once it is older than the grace period: `uploaded_at` is when it arrived (or,
 * for a file older than this table, when the sweep first saw it), `removed_at` when the sweep
 * removed it. A removed key stays here: it is never taken again, and a record naming it is refused.
 * Writes naming a key key-share lock its row, which the sweep's row lock waits for (and skips).
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    key: text('key').primaryKey(),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    removed_at: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [index('uploaded_files_kept_idx').on(table.uploaded_at).where(sql`${table.removed_at} is null`)],
);
