import { getPrivileges } from './storage';

/** Passes with the one code given, or with any of a list of codes (SPEC.md section 6). */
export function hasPrivilege(required: string | readonly string[], granted: readonly string[] = getPrivileges()): boolean {
  const codes = typeof required === 'string' ? [required] : required;
  return codes.some((code) => granted.includes(code));
}

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | (string & {});

/** The privilege each react-admin action on a resource needs. */
export interface ResourcePrivileges {
  read: string;
  /** Absent when nobody creates or edits its records here (transfer applications are only decided). */
  write?: string;
  delete?: string;
  /** Custom actions and the privilege each needs (`publish: 'series:publish'`). */
  actions?: Record<string, string>;
}

/** Whether the stored session holds the privilege an action on a resource needs (none declared: no). */
export function mayDo(privileges: ResourcePrivileges, action: ResourceAction): boolean {
  const required = privilegeForAction(privileges, action);
  return required !== undefined && hasPrivilege(required);
}

export function privilegeForAction(privileges: ResourcePrivileges, action: ResourceAction): string | undefined {
  const custom = privileges.actions?.[action];
  if (custom) return custom;
  switch (action) {
    case 'create':
    case 'edit':
      return privileges.write;
    case 'delete':
      return privileges.delete;
    default:
      return privileges.read;
  }
}
