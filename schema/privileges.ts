import { places, screens } from './places';

export const roles = ['admin', 'tenant_admin', 'learner'] as const;
export type Role = (typeof roles)[number];

/** Privilege codes are `resource:action`; the server enforces them, the console shows what they allow. */
export type PrivilegeCode = `${string}:${string}`;

/**
 * A resource's privileges, declared with the resource (its place in schema/places.ts, which its
 * defineEntity spreads): the code each action needs, and the codes each role besides the
 * administrator holds. The administrator holds every declared code; a tenant administrator's stop
 * at the own tenant's records. A new code needs nothing else: the server grants and enforces it,
 * the console's canAccess and menu follow it, and the access matrix checks that a route asks for it.
 */
export interface PrivilegeDeclaration {
  read: PrivilegeCode;
  write?: PrivilegeCode;
  delete?: PrivilegeCode;
  /** Custom actions and the code each needs (`publish: 'series:publish'`). */
  actions?: Readonly<Record<string, PrivilegeCode>>;
  grants?: Readonly<Partial<Record<Exclude<Role, 'admin'>, readonly PrivilegeCode[]>>>;
}

type Declaration = (typeof places)[keyof typeof places]['privileges'] | (typeof screens)[keyof typeof screens]['privileges'];
/** Every string in a declaration: its codes (a grant's role names are keys, not values). */
type CodesIn<T> = T extends string ? T : T extends readonly unknown[] ? CodesIn<T[number]> : T extends object ? CodesIn<T[keyof T]> : never;
/** A code some resource declares. */
export type Privilege = CodesIn<Declaration>;

const declarations: readonly PrivilegeDeclaration[] = [...Object.values(places), ...Object.values(screens)].map((place) => place.privileges);

/** Every declared code, in declaration order, each once. */
export const privileges: readonly Privilege[] = [
  ...new Set(declarations.flatMap(({ read, write, delete: remove, actions }) => [read, write, remove, ...Object.values(actions ?? {})])),
].filter((code): code is Privilege => code !== undefined);

/** What each role may do: the administrator everything, the others what the declarations grant them. */
export const rolePrivileges: Record<Role, readonly Privilege[]> = Object.fromEntries(
  roles.map((role) => [
    role,
    role === 'admin' ? privileges : privileges.filter((code) => declarations.some((declaration) => declaration.grants?.[role]?.includes(code))),
  ]),
) as Record<Role, readonly Privilege[]>;

export function privilegesOf(userRoles: readonly string[]): Privilege[] {
  const granted = new Set<Privilege>();
  for (const role of userRoles) for (const privilege of rolePrivileges[role as Role] ?? []) granted.add(privilege);
  return privileges.filter((privilege) => granted.has(privilege));
}

/** Roles that may use the console at all: a learner signing in is told there is no permission. */
export const consoleRoles: readonly Role[] = ['admin', 'tenant_admin'];

export const hasConsoleRole = (userRoles: readonly string[]) => userRoles.some((role) => consoleRoles.includes(role as Role));
