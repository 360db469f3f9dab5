import { z } from 'zod';
import { defineEntity } from './entity';
import { choice, datetime, reference, type ReferenceTarget } from './fields';

/** An application waits for one decision: approved (the learner moves) or rejected. */
export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The records an application names, as the user centre keeps them. */
const learnerTarget = (): ReferenceTarget => ({ resource: 'user', table: 'users', idKey: 'user_id', titleField: 'user_name' });
const tenantTarget = (): ReferenceTarget => ({ resource: 'tenant', table: 'tenants', idKey: 'tenant_id', titleField: 'display_name' });

/**
 * A learner's request to move to another organisation (`/user_audit`): answers carry the learner's
 * `user_name` and both organisations, `from_tenant: {tenant_id, display_name}` and `to_tenant`.
 * Learners create them through their own call; administrators only list and decide.
 */
export const transferApplication = defineEntity({
  resource: 'user_audit',
  table: 'tenant_transfer_applications',
  api: '/uc/v1/applies',
  idKey: 'tenant_transfer_application_id',
  titleField: 'user_id',
  // The learner's name lives on the user: the store searches it (server/routes/transferApplications.ts).
  keyword: [],
  defaultSort: { field: 'create_time', order: 'desc' },
  privileges: { read: 'audit:read', write: 'audit:decide', delete: 'audit:decide' },
  fields: {
    user_id: reference(learnerTarget, { required: true, as: 'user', list: true }),
    // A learner may have no organisation yet: then the application is to join one.
    from_tenant_id: reference(tenantTarget, { as: 'from_tenant', list: true }),
    to_tenant_id: reference(tenantTarget, { required: true, as: 'to_tenant', list: true }),
    status: choice(applicationStatuses, { required: true, list: true, filter: true }),
    create_time: datetime({ required: true, list: true, sortable: true }),
  },
});

/** An application as the server answers it: the learner's name beside the declared fields. */
export const transferApplicationRecord = transferApplication.record.extend({ user_name: z.string() });

/** `POST /uc/v1/applies`: a signed-in learner names the organisation to move to. */
// A required single reference takes one id.
export const applyBody = z.object({ to_tenant_id: transferApplication.fields.to_tenant_id.zod as z.ZodType<number> });
