import type { PrivilegeCode, PrivilegeDeclaration } from './privileges';

/**
 * Where each entity lives and who may use it: plain data, free of zod. Each declaration in this
 * folder spreads its place (defineEntity({ ...places.course, ... })), and the console's shell names
 * its resources, menus and calls from here, so its first visit carries no validation code: the
 * screens and their schemas come with the screen (src/lazyScreen.ts).
 */
export interface Place {
  /** The console resource, which is also its route: /carousel_group. */
  resource: string;
  /** The collection's address: creates go there, a record lives at `${api}/{id}`. */
  api: string;
  /** The list's address when it is not the collection's. */
  listApi?: string;
  /** Where creates go when it is not the collection. */
  createApi?: string;
  /** The wire name of the identifier. */
  idKey: string;
  /** The field that names a record. */
  titleField: string;
  /**
   * The order a list opens in (and the server's order when none is asked for). Here rather than
   * in the entity: the shell asks for a list's first page before the screen's code has run
   * (src/firstPage.ts).
   */
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Who may do what with it (a new code is declared by naming it here: see PrivilegeDeclaration). */
  privileges: PrivilegeDeclaration & { write: PrivilegeCode; delete: PrivilegeCode };
}

const coursePrivileges = { read: 'course:read', write: 'course:write', delete: 'course:delete' } as const;

export const places = {
  auditLog: {
    resource: 'audit_log',
    api: '/api/v1/audit_logs',
    listApi: '/api/v1/audit_logs/pager',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'at', order: 'desc' },
    // Written by the server and the database as records change, never by a caller: reading is all there is.
    privileges: { read: 'audit_log:read', write: 'audit_log:read', delete: 'audit_log:read', grants: { tenant_admin: ['audit_log:read'] } },
  },
  carousel: {
    resource: 'carousel',
    api: '/api/v1/carousels',
    listApi: '/api/v1/carousels/pager',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: { read: 'carousel:read', write: 'carousel:write', delete: 'carousel:delete' },
  },
  carouselGroup: {
    resource: 'carousel_group',
    api: '/api/v1/carousel_groups',
    idKey: 'id',
    titleField: 'name',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: { read: 'carousel:read', write: 'carousel:write', delete: 'carousel:delete' },
  },
  category: {
    resource: 'course_category',
    api: '/api/v1/categories',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'id', order: 'asc' },
    privileges: { read: 'category:read', write: 'category:write', delete: 'category:delete' },
  },
  chapter: {
    resource: 'chapter',
    api: '/api/v1/chapters',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'id', order: 'asc' },
    privileges: coursePrivileges,
  },
  course: {
    resource: 'course',
    api: '/api/v1/courses',
    listApi: '/api/v1/courses/pager',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: coursePrivileges,
  },
  enrollment: {
    resource: 'enroll_detail',
    api: '/api/v1/enrollments',
    listApi: '/api/v1/enrollments/pager',
    idKey: 'id',
    titleField: 'target_id',
    defaultSort: { field: 'create_at', order: 'desc' },
    privileges: {
      read: 'enrollment:read',
      write: 'enrollment:status',
      delete: 'enrollment:status',
      grants: { tenant_admin: ['enrollment:read', 'enrollment:status'] },
    },
  },
  mailOutbox: {
    resource: 'mail_outbox',
    api: '/api/v1/mail_outbox',
    listApi: '/api/v1/mail_outbox/pager',
    idKey: 'id',
    titleField: 'subject',
    defaultSort: { field: 'id', order: 'desc' },
    // Mail is written by the actions that send it (a voucher's), never by hand: nothing to create or delete.
    privileges: { read: 'mail:read', write: 'mail:resend', delete: 'mail:resend' },
  },
  series: {
    resource: 'series',
    api: '/api/v1/sys/series',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: { read: 'series:read', write: 'series:write', delete: 'series:delete', actions: { publish: 'series:publish' } },
  },
  teacher: {
    resource: 'teacher',
    api: '/api/v1/teachers',
    listApi: '/api/v1/teachers/pager',
    idKey: 'id',
    titleField: 'name',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: { read: 'teacher:read', write: 'teacher:write', delete: 'teacher:delete' },
  },
  tenant: {
    resource: 'tenant',
    api: '/uc/v1/tenants',
    idKey: 'tenant_id',
    titleField: 'display_name',
    defaultSort: { field: 'id', order: 'asc' },
    privileges: { read: 'tenant:read', write: 'tenant:write', delete: 'tenant:delete' },
  },
  transferApplication: {
    resource: 'user_audit',
    api: '/uc/v1/applies',
    idKey: 'tenant_transfer_application_id',
    titleField: 'user_id',
    defaultSort: { field: 'create_time', order: 'desc' },
    privileges: { read: 'audit:read', write: 'audit:decide', delete: 'audit:decide', grants: { tenant_admin: ['audit:read', 'audit:decide'] } },
  },
  user: {
    resource: 'user',
    api: '/uc/v1/users',
    listApi: '/uc/v1/system/users',
    idKey: 'user_id',
    titleField: 'user_name',
    defaultSort: { field: 'create_time', order: 'desc' },
    privileges: {
      read: 'user:read',
      write: 'user:write',
      delete: 'user:write',
      actions: { status: 'user:status' },
      grants: { tenant_admin: ['user:read', 'user:status'] },
    },
  },
  video: {
    resource: 'video',
    api: '/api/v1/videos',
    listApi: '/api/v1/videos/pager',
    idKey: 'id',
    titleField: 'title',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: { read: 'video:read', write: 'video:write', delete: 'video:delete' },
  },
  videoVersion: {
    resource: 'video_version',
    api: '/api/v1/videos/versions',
    idKey: 'id',
    titleField: 'file',
    defaultSort: { field: 'id', order: 'asc' },
    privileges: { read: 'video:read', write: 'video:write', delete: 'video:delete' },
  },
  voucher: {
    resource: 'voucher',
    api: '/api/v1/vouchers',
    createApi: '/api/v1/vouchers/new',
    idKey: 'id',
    titleField: 'name',
    defaultSort: { field: 'id', order: 'desc' },
    privileges: { read: 'voucher:read', write: 'voucher:write', delete: 'voucher:write', actions: { abolish: 'voucher:abolish', send: 'voucher:send' } },
  },
} as const satisfies Record<string, Place>;

/** A screen that shows no list of records, with its call and who may open it. */
export interface ScreenPlace {
  resource: string;
  api: string;
  privileges: PrivilegeDeclaration;
}

export const screens = {
  /** Every administrator's figures, each within the own scope (server/routes/dashboard.ts). */
  dashboard: {
    resource: 'dashboard',
    api: '/api/v1/dashboard',
    privileges: { read: 'dashboard:read', grants: { tenant_admin: ['dashboard:read'] } },
  },
} as const satisfies Record<string, ScreenPlace>;
