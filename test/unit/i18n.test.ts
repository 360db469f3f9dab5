import type { TranslationMessages } from 'ra-core';
import { catalogues } from '../../i18n/catalogues';
import { locales, matchLocale, resolveLocale } from '../../i18n/locales';

/** Every leaf of a catalogue as 'ra.action.delete' → its message. */
function leaves(messages: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const path = prefix + key;
    if (value && typeof value === 'object') for (const [leaf, text] of leaves(value, `${path}.`)) found.set(leaf, text);
    else found.set(path, String(value));
  }
  return found;
}

const placeholders = (message: string) => new Set(message.match(/%\{\w+\}/g) ?? []);

const english = leaves(catalogues['en-US'] as TranslationMessages);
const translated = locales.map(({ locale }) => locale).filter((locale) => locale !== 'en-US');

describe('catalogues', () => {
  test('English has the react-admin keys and ours', () => {
    expect(english.get('ra.action.delete')).toBe('Delete');
    expect(english.get('app.list.delete_confirm')).toBe('Do you want to delete this item?');
  });

  test.each(translated)('%s has exactly the keys of en-US', (locale) => {
    const keys = leaves(catalogues[locale]);
    const differences = {
      missing: [...english.keys()].filter((key) => !keys.has(key)),
      extra: [...keys.keys()].filter((key) => !english.has(key)),
    };
    expect(differences).toEqual({ missing: [], extra: [] });
  });

  test.each(translated)('%s keeps every placeholder of the English app.* and resources.* messages', (locale) => {
    const messages = leaves(catalogues[locale]);
    const lost: string[] = [];
    for (const [key, message] of english) {
      if (!key.startsWith('app.') && !key.startsWith('resources.')) continue;
      const theirs = placeholders(messages.get(key) ?? '');
      for (const placeholder of placeholders(message)) if (!theirs.has(placeholder)) lost.push(`${key}: ${placeholder}`);
    }
    expect(lost).toEqual([]);
  });
});

describe('matchLocale', () => {
  test.each([
    ['ja', 'ja-JP'],
    ['JA-jp', 'ja-JP'],
    ['zh-Hans-CN', 'zh-CN'],
    ['en_GB', 'en-US'],
    ['  en-US ', 'en-US'],
    ['fr', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%p -> %p', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });
});

describe('resolveLocale', () => {
  test('the query wins over the stored choice and the browser', () => {
    expect(resolveLocale({ query: 'ja', stored: 'en-US', browser: ['zh-CN'] })).toBe('ja-JP');
  });

  test('without a usable query, the stored choice wins over the browser', () => {
    expect(resolveLocale({ query: 'fr', stored: 'en-US', browser: ['ja-JP'] })).toBe('en-US');
    expect(resolveLocale({ query: null, stored: 'en-US', browser: ['ja-JP'] })).toBe('en-US');
  });

  test('then the first browser language we speak', () => {
    expect(resolveLocale({ stored: null, browser: ['fr-FR', 'de', 'ja', 'en-US'] })).toBe('ja-JP');
  });

  test('Chinese when nothing matches', () => {
    expect(resolveLocale({ query: 'fr', stored: 'de', browser: ['ko-KR'] })).toBe('zh-CN');
    expect(resolveLocale({})).toBe('zh-CN');
  });
});
