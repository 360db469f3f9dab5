import { places, screens } from '../../schema/places';
import { privileges, privilegesOf, rolePrivileges } from '../../schema/privileges';
import { hasPrivilege, privilegeForAction } from '../../src/privileges';

describe('privilegesOf', () => {
  test('an administrator has every privilege', () => {
    expect(privilegesOf(['admin'])).toEqual([...privileges]);
  });

  test('a tenant administrator holds exactly what the resources declare it holds', () => {
    const declared = [...Object.values(places), ...Object.values(screens)].flatMap(({ privileges }) => ('grants' in privileges ? privileges.grants.tenant_admin ?? [] : []));
    expect(new Set(privilegesOf(['tenant_admin']))).toEqual(new Set(declared));
    expect(privilegesOf(['tenant_admin'])).toEqual(
      expect.arrayContaining(['audit:decide', 'audit:read', 'enrollment:read', 'enrollment:status', 'user:read', 'user:status', 'dashboard:read']),
    );
    for (const operatorsOnly of ['user:write', 'course:read', 'tenant:read', 'voucher:read', 'series:publish'])
      expect(privilegesOf(['tenant_admin'])).not.toContain(operatorsOnly);
  });

  test('every code a resource declares exists, custom actions and screens included, each once', () => {
    expect(privileges).toEqual(expect.arrayContaining(['course:read', 'series:publish', 'user:status', 'voucher:abolish', 'voucher:send', 'dashboard:read']));
    expect(new Set(privileges).size).toBe(privileges.length);
    expect(rolePrivileges.learner).toEqual([]);
  });

  test('a learner, an unknown role or no role has none', () => {
    expect(privilegesOf(['learner'])).toEqual([]);
    expect(privilegesOf(['superuser'])).toEqual([]);
    expect(privilegesOf([])).toEqual([]);
  });

  test('roles combine without duplicates', () => {
    const combined = privilegesOf(['tenant_admin', 'admin', 'tenant_admin', 'learner']);
    expect(new Set(combined).size).toBe(combined.length);
    expect(combined).toHaveLength(privileges.length);
  });
});

describe('hasPrivilege', () => {
  const granted = ['user:read', 'carousel:read'];

  test('a single code', () => {
    expect(hasPrivilege('user:read', granted)).toBe(true);
    expect(hasPrivilege('user:write', granted)).toBe(false);
  });

  test('any of a list', () => {
    expect(hasPrivilege(['course:read', 'carousel:read'], granted)).toBe(true);
    expect(hasPrivilege(['course:read', 'course:write'], granted)).toBe(false);
    expect(hasPrivilege([], granted)).toBe(false);
  });

  test('nothing granted passes nothing', () => {
    expect(hasPrivilege('user:read', [])).toBe(false);
  });
});

describe('privilegeForAction', () => {
  const carousel = { read: 'carousel:read', write: 'carousel:write', delete: 'carousel:delete' };

  test.each([
    ['list', 'carousel:read'],
    ['show', 'carousel:read'],
    ['export', 'carousel:read'],
    ['create', 'carousel:write'],
    ['edit', 'carousel:write'],
    ['delete', 'carousel:delete'],
  ])('%s needs %s', (action, privilege) => {
    expect(privilegeForAction(carousel, action)).toBe(privilege);
  });
});
