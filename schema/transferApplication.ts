import { places } from './places';
import { z } from 'zod';
import { defineEntity } from './entity';
import { choice, datetime, readOnly, reference } from './fields';
import { tenant } from './tenant';
import { user } from './user';

/** An application waits for one decision: approved (the learner moves) or rejected. */
export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/**
 * A learner's request to move to another organisation (`/user_audit`): answers carry the learner's
 * `user_name` and both organisations, `from_tenant: {tenant_id, display_name}` and `to_tenant`.
 * Learners create them through their own call; administrators only list and decide.
 */
export const transferApplication = defineEntity({
  ...places.transferApplication,
  table: 'tenant_transfer_applications',
  // The learner's name lives on the user: the application keeps a copy to search (server/db/schema.ts).
  keyword: [],
  // The server sets all but the target: who applies and from where come from the session.
  fields: {
    user_id: readOnly(reference(() => user, { required: true, as: 'user', list: true })),
    // A learner without an organisation applies to join one.
    from_tenant_id: readOnly(reference(() => tenant, { as: 'from_tenant', list: true })),
    to_tenant_id: reference(() => tenant, { required: true, as: 'to_tenant', list: true }),
    status: readOnly(choice(applicationStatuses, { required: true, list: true, filter: true })),
    create_time: readOnly(datetime({ required: true, list: true, sortable: true })),
  },
});

/** An application as the server answers it: the learner's name beside the declared fields. */
export const transferApplicationRecord = transferApplication.record.extend({ user_name: z.string() });

/** `POST /uc/v1/applies`: a signed-in learner names the organisation to move to (the declared input: one id). */
export const applyBody = transferApplication.input as unknown as z.ZodType<{ to_tenant_id: number }>;
