import { places } from './places';
import { z } from 'zod';
import { passwordRules, userName } from './auth';
import { defineEntity, type EntityInput } from './entity';
import { codePattern, datetime, readOnly, text, textarea } from './fields';

/** An organisation: its learners and its administrators belong to it. */
export const tenant = defineEntity({
  ...places.tenant,
  table: 'tenants',
  keyword: ['display_name', 'name'],
  fields: {
    display_name: text({ required: true, max: 64, list: true, sortable: true }),
    /** The code: unique whatever the case. */
    name: text({ required: true, max: 32, pattern: codePattern, unique: true, list: true, sortable: true }),
    description: textarea({ max: 500, list: true }),
    create_time: readOnly(datetime({ list: true, sortable: true })),
  },
});

/**
 * `POST /uc/v1/tenants`: the tenant and the name and password of its first administrator, made
 * together or not at all. The password is write-only: never answered, stored only as a hash.
 */
export const tenantCreateBody = tenant.input.extend({
  admin_user_name: userName.zod,
  admin_password: passwordRules.meta({ writeOnly: true, description: 'Write-only: never answered, stored only as a hash.' }),
});

/** `GET /uc/v1/tenants/{id}/public`: all the registration page may know of an organisation. */
export const publicTenant = z.object({ tenant_id: z.number().int(), display_name: z.string() });

export type PublicTenant = z.output<typeof publicTenant>;
export type TenantInput = EntityInput<typeof tenant>;
export type TenantCreateBody = z.output<typeof tenantCreateBody>;
