import { localStorageStore, type Store } from 'react-admin';
import { LIST_VIEWS, PAGE_SIZES, THEMES } from '../schema/screenChoices';
import { storageKeys } from './storage';

/** Choices SPEC.md keeps under its own plain keys, with how each is read back. */
const plainKeys: Record<string, (raw: string) => unknown> = {
  [storageKeys.locale]: (raw) => raw,
  [storageKeys.tabType]: (raw) => ((LIST_VIEWS as readonly string[]).includes(raw) ? raw : undefined),
  [storageKeys.pageSize]: (raw) => {
    const size = Number(raw);
    return (PAGE_SIZES as readonly number[]).includes(size) ? size : undefined;
  },
  [storageKeys.theme]: (raw) => ((THEMES as readonly string[]).includes(raw) ? raw : undefined),
};

/**
 * react-admin's store, except that the language, the list view and the page size are kept under
 * SPEC.md's keys (locale, tabType, pageSize), and the theme under `theme`: preferences, they
 * survive a sign-out, which resets the rest.
 */
export function consoleStore(): Store {
  const inner = localStorageStore('1', 'CourseConsole');
  const listeners = new Map<string, Set<(value: unknown) => void>>();
  const publish = (key: string, value: unknown) => listeners.get(key)?.forEach((listener) => listener(value));
  const isPlain = (key: string) => key in plainKeys;

  return {
    setup: inner.setup,
    teardown: inner.teardown,
    getItem(key, defaultValue) {
      if (!isPlain(key)) return inner.getItem(key, defaultValue);
      const raw = localStorage.getItem(key);
      const value = raw === null ? undefined : plainKeys[key](raw);
      return (value ?? defaultValue) as never;
    },
    setItem(key, value) {
      if (!isPlain(key)) return inner.setItem(key, value);
      if (value === undefined || value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, String(value));
      publish(key, value);
    },
    removeItem(key) {
      if (!isPlain(key)) return inner.removeItem(key);
      localStorage.removeItem(key);
      publish(key, undefined);
    },
    removeItems: inner.removeItems,
    reset: inner.reset,
    subscribe(key, callback) {
      if (!isPlain(key)) return inner.subscribe(key, callback);
      const set = listeners.get(key) ?? new Set();
      set.add(callback as (value: unknown) => void);
      listeners.set(key, set);
      return () => set.delete(callback as (value: unknown) => void);
    },
  };
}
