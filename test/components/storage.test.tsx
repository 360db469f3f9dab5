import type { UserInfo } from '../../schema/auth';
import { clearSession, getPrivileges, getToken, getUserInfo, parsePrivilegesHeader, storeSession } from '../../src/storage';

const admin: UserInfo = {
  user_id: 1,
  user_name: 'admin',
  real_name: 'Ada Admin',
  nick_name: 'ada',
  email: 'ada@example.com',
  mobile: '',
  tenant_id: null,
  roles: ['admin'],
};

beforeEach(() => localStorage.clear());

test('storeSession keeps the token, who signed in and their privileges, and sets the token cookie', () => {
  storeSession('token/1+2', admin, ['carousel:read']);
  expect(getToken()).toBe('token/1+2');
  expect(localStorage.getItem('auth')).toBe('token/1+2');
  expect(getUserInfo()).toEqual(admin);
  expect(getPrivileges()).toEqual(['carousel:read']);
  expect(document.cookie).toContain(`token=${encodeURIComponent('token/1+2')}`);
  clearSession();
});

test('clearSession forgets the session and every cookie, and nothing else', () => {
  storeSession('secret', admin, ['carousel:read']);
  document.cookie = 'other=1; path=/';
  document.cookie = 'third=x; path=/';
  localStorage.setItem('pageSize', '20');
  clearSession();
  expect(localStorage.getItem('auth')).toBeNull();
  expect(localStorage.getItem('userInfo')).toBeNull();
  expect(localStorage.getItem('privileges')).toBeNull();
  expect(getToken()).toBeUndefined();
  expect(getUserInfo()).toBeUndefined();
  expect(getPrivileges()).toEqual([]);
  expect(document.cookie).toBe('');
  expect(localStorage.getItem('pageSize')).toBe('20');
});

test('stored privileges that are not a JSON array of strings count as none or are filtered', () => {
  localStorage.setItem('privileges', '{bad json');
  expect(getPrivileges()).toEqual([]);
  localStorage.setItem('privileges', JSON.stringify(['user:read', 3, null]));
  expect(getPrivileges()).toEqual(['user:read']);
});

describe('parsePrivilegesHeader', () => {
  test('a JSON array of codes', () => {
    expect(parsePrivilegesHeader('["user:read","audit:read"]')).toEqual(['user:read', 'audit:read']);
  });

  test.each([null, '', 'not json', '{"user:read":true}', '"user:read"', 'null'])('%p counts as no privilege', (header) => {
    expect(parsePrivilegesHeader(header)).toEqual([]);
  });

  test('entries that are not strings are dropped', () => {
    expect(parsePrivilegesHeader('["user:read", 1, {"a":1}, null]')).toEqual(['user:read']);
  });
});
