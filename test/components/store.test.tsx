import { consoleStore } from '../../src/store';

beforeEach(() => localStorage.clear());

describe('the keys SPEC.md names', () => {
  test('are written as plain strings under their own names', () => {
    const store = consoleStore();
    store.setItem('pageSize', 20);
    store.setItem('tabType', 'table');
    store.setItem('locale', 'ja-JP');
    expect(localStorage.getItem('pageSize')).toBe('20');
    expect(localStorage.getItem('tabType')).toBe('table');
    expect(localStorage.getItem('locale')).toBe('ja-JP');
  });

  test('are read back with their types', () => {
    localStorage.setItem('pageSize', '50');
    localStorage.setItem('tabType', 'card');
    localStorage.setItem('locale', 'en-US');
    const store = consoleStore();
    expect(store.getItem('pageSize', 10)).toBe(50);
    expect(store.getItem('tabType', 'table')).toBe('card');
    expect(store.getItem('locale')).toBe('en-US');
  });

  test.each([
    ['pageSize', '7', 10],
    ['pageSize', 'twenty', 10],
    ['pageSize', '"20"', 10],
    ['tabType', 'grid', 'card'],
    ['theme', 'sepia', 'light'],
  ])('an invalid stored %s (%p) gives the default', (key, raw, fallback) => {
    localStorage.setItem(key, raw);
    expect(consoleStore().getItem(key, fallback)).toBe(fallback);
  });

  test('absent gives the default; removing forgets the value', () => {
    const store = consoleStore();
    expect(store.getItem('pageSize', 10)).toBe(10);
    store.setItem('pageSize', 50);
    store.removeItem('pageSize');
    expect(localStorage.getItem('pageSize')).toBeNull();
    expect(store.getItem('pageSize', 10)).toBe(10);
  });

  test('subscribers hear of a new value and stop hearing once unsubscribed', () => {
    const store = consoleStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe('tabType', listener);
    store.setItem('tabType', 'table');
    expect(listener).toHaveBeenCalledWith('table');
    unsubscribe();
    store.setItem('tabType', 'card');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('every other key', () => {
  test("is kept as JSON under react-admin's prefix, not under its own name", () => {
    const store = consoleStore();
    store.setItem('carousel_group.listParams', { page: 2 });
    expect(localStorage.getItem('carousel_group.listParams')).toBeNull();
    const stored = Object.keys(localStorage).find((key) => key.startsWith('RaStore') && key.endsWith('.carousel_group.listParams'));
    expect(stored).toBeDefined();
    expect(JSON.parse(localStorage.getItem(stored!)!)).toEqual({ page: 2 });
    expect(store.getItem('carousel_group.listParams')).toEqual({ page: 2 });
  });

  test('has its subscribers told too', () => {
    const store = consoleStore();
    const listener = jest.fn();
    store.subscribe('sidebar.open', listener);
    store.setItem('sidebar.open', false);
    expect(listener).toHaveBeenCalledWith(false);
  });
});

test('reset (a sign-out) forgets the other keys but keeps pageSize, tabType, locale and theme', () => {
  const store = consoleStore();
  store.setup();
  store.setItem('theme', 'dark');
  store.setItem('pageSize', 20);
  store.setItem('tabType', 'table');
  store.setItem('locale', 'ja-JP');
  store.setItem('sidebar.open', false);
  store.reset();
  expect(store.getItem('sidebar.open')).toBeUndefined();
  expect(Object.keys(localStorage).filter((key) => key.startsWith('RaStore'))).toEqual([]);
  expect(store.getItem('pageSize')).toBe(20);
  expect(store.getItem('tabType')).toBe('table');
  expect(store.getItem('locale')).toBe('ja-JP');
  expect(localStorage.getItem('theme')).toBe('dark');
  expect(store.getItem('theme')).toBe('dark');
  store.teardown();
});
