import { privileges, privilegesOf } from '../../schema/privileges';
import { hasPrivilege, privilegeForAction } from '../../src/privileges';

describe('privilegesOf', () => {
  test('an administrator has every privilege', () => {
    expect(privilegesOf(['admin'])).toEqual([...privileges]);
  });

  test('a tenant administrator has exactly its six codes', () => {
    expect([...privilegesOf(['tenant_admin'])].sort()).toEqual(
      ['audit:decide', 'audit:read', 'enrollment:read', 'enrollment:status', 'user:read', 'user:status'].sort(),
    );
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
