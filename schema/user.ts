import { places } from './places';
import { z } from 'zod';
import { passwordRules, userName } from './auth';
import { defineEntity, type EntityInput } from './entity';
import { choice, datetime, integer, readOnly, reference, text } from './fields';
import { roles } from './privileges';
import { tenant } from './tenant';

/** What a user's `status` is on the wire; `availability` says `Release` for an active one. */
export const userStatuses = ['active', 'deactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const user = defineEntity({
  ...places.user,
  table: 'users',
  keyword: ['user_name', 'real_name', 'nick_name'],
  // There is no user:delete: removing an account is a change to the users, as creating one is.
  fields: {
    user_name: userName,
    real_name: text({ max: 64, list: true }),
    nick_name: text({ max: 64, list: true }),
    tenant_id: reference(() => tenant, { as: 'tenant', list: true, filter: true }),
    email: text({ max: 128, pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'app.validation.email' } }),
    mobile: text({ max: 20, pattern: { regex: /^\+?[0-9]{5,19}$/, message: 'app.validation.mobile' } }),
    status: readOnly(choice(userStatuses, { list: true, filter: true })),
    availability: readOnly(choice(['Release', 'Deactive'])),
    point: readOnly(integer()),
    create_time: readOnly(datetime({ list: true, sortable: true })),
  },
});

const tenantId = z.number().int().positive().max(2_147_483_647);
const writeOnlyPassword = passwordRules.meta({ writeOnly: true, description: 'Write-only: never answered, stored only as a hash.' });

/**
 * `POST /uc/v1/users`: an operator makes an account with a role. An administrator belongs to no
 * tenant; an organisation's administrator and a learner belong to one.
 */
export const userCreateBody = user.input.extend({ password: writeOnlyPassword, role: z.enum(roles).default('learner') });

/** `POST /uc/v1/users/register`: a learner signs up to the organisation the registration link names. */
export const registrationBody = z.object({
  tenant_id: tenantId,
  user_name: user.fields.user_name.zod,
  password: writeOnlyPassword,
  real_name: user.fields.real_name.zod,
  email: user.fields.email.zod,
  mobile: user.fields.mobile.zod,
});

const pathId = z.coerce.number().int().positive().max(2_147_483_647);
/** `PUT /uc/v1/tenant/{tenantId}/users/{userId}/active|deactive`. */
export const userStatusParams = z.object({ tenantId: pathId, userId: pathId });

export type UserInput = EntityInput<typeof user>;
export type UserCreateBody = z.output<typeof userCreateBody>;
export type RegistrationBody = z.output<typeof registrationBody>;
