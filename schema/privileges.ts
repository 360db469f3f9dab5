/** Privilege codes are `resource:action`; the server enforces them, the console shows what they allow. */
export const privileges = [
  'course:read', 'course:write', 'course:delete',
  'category:read', 'category:write', 'category:delete',
  'teacher:read', 'teacher:write', 'teacher:delete',
  'video:read', 'video:write', 'video:delete',
  'series:read', 'series:write', 'series:delete', 'series:publish',
  'tenant:read', 'tenant:write', 'tenant:delete',
  'user:read', 'user:write', 'user:status',
  'audit:read', 'audit:decide',
  'enrollment:read', 'enrollment:status',
  'voucher:read', 'voucher:write', 'voucher:abolish', 'voucher:send',
  'carousel:read', 'carousel:write', 'carousel:delete',
] as const;

export type Privilege = (typeof privileges)[number];

export const roles = ['admin', 'tenant_admin', 'learner'] as const;
export type Role = (typeof roles)[number];

/** What each role may do. A tenant administrator's privileges stop at the own tenant's records. */
export const rolePrivileges: Record<Role, readonly Privilege[]> = {
  admin: privileges,
  tenant_admin: [
    'user:read', 'user:status',
    'audit:read', 'audit:decide',
    'enrollment:read', 'enrollment:status',
  ],
  learner: [],
};

export function privilegesOf(userRoles: readonly string[]): Privilege[] {
  const granted = new Set<Privilege>();
  for (const role of userRoles) for (const privilege of rolePrivileges[role as Role] ?? []) granted.add(privilege);
  return privileges.filter((privilege) => granted.has(privilege));
}

/** Roles that may use the console at all: a learner signing in is told there is no permission. */
export const consoleRoles: readonly Role[] = ['admin', 'tenant_admin'];

export const hasConsoleRole = (userRoles: readonly string[]) => userRoles.some((role) => consoleRoles.includes(role as Role));
