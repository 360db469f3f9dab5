import { catalogues } from '../../i18n/locales';
import { TooManyRequests } from '../../server/errors';
import { localeFromHeader, serverCatalogues, serverLocales, translate } from '../../server/messages';

describe('localeFromHeader', () => {
  test.each([
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['ja', 'ja-JP'],
    ['JA-jp', 'ja-JP'],
    ['fr, en;q=0.5', 'en-US'],
    ['fr-FR, de', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('%p -> %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale);
  });
});

describe('translate', () => {
  test('fills in the placeholders', () => {
    expect(translate('en-US', 'app.error.duplicate', { field: 'ucode', value: 'home' })).toBe('ucode "home" is already in use');
    expect(translate('zh-CN', 'app.error.too_many_attempts', { minutes: 15 })).toBe('失败次数过多，请 15 分钟后再试');
  });

  test('a placeholder without its argument stays as it is', () => {
    expect(translate('en-US', 'app.error.route_not_found', { method: 'GET' })).toBe('No such address: GET %{url}');
  });

  test('speaks the locale asked for', () => {
    expect(translate('ja-JP', 'ra.validation.required')).toBe('必須項目です');
  });

  test('a key the locale lacks falls back to English', () => {
    const { 'app.error.in_use': _, ...withoutInUse } = serverCatalogues['ja-JP'];
    jest.replaceProperty(serverCatalogues, 'ja-JP', withoutInUse);
    expect(translate('ja-JP', 'app.error.in_use')).toBe('The record is still in use and cannot be deleted');
    jest.restoreAllMocks();
    expect(translate('ja-JP', 'app.error.in_use')).toBe('このレコードは使用中のため削除できません');
  });

  test('the three catalogues have the same keys', () => {
    const english = Object.keys(serverCatalogues['en-US']).sort();
    expect(Object.keys(serverCatalogues['zh-CN']).sort()).toEqual(english);
    expect(Object.keys(serverCatalogues['ja-JP']).sort()).toEqual(english);
  });

  test('the translations keep every placeholder of the English message', () => {
    const placeholders = (message: string) => [...new Set(message.match(/%\{\w+\}/g) ?? [])].sort();
    const lost = Object.entries(serverCatalogues['en-US']).flatMap(([key, message]) =>
      (['zh-CN', 'ja-JP'] as const)
        .filter((locale) => placeholders(serverCatalogues[locale][key] ?? '').join() !== placeholders(message).join())
        .map((locale) => `${locale} ${key}`),
    );
    expect(lost).toEqual([]);
  });

  test('an unknown key is returned as it is', () => {
    expect(translate('ja-JP', 'app.error.no_such_message')).toBe('app.error.no_such_message');
  });
});

test('Accept-Language weights decide, not only the order', () => {
  expect(localeFromHeader('en;q=0.3, ja;q=0.8')).toBe('ja-JP');
  expect(localeFromHeader('zh;q=0, en')).toBe('en-US');
  expect(localeFromHeader('fr;q=1, ja;q=0.5, zh;q=0.5')).toBe('ja-JP');
});

describe('validation texts', () => {
  // The form checks first and the server checks again: a rule broken either way must read the same.
  test.each(serverLocales)('the server says what the %s form says', (locale) => {
    const keys = Object.keys(serverCatalogues[locale]).filter((key) => /^(ra|app)\.validation\./.test(key));
    expect(keys.length).toBeGreaterThan(10);
    const consoleText = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[locale]);
    expect(Object.fromEntries(keys.map((key) => [key, consoleText(key)]))).toEqual(Object.fromEntries(keys.map((key) => [key, serverCatalogues[locale][key]])));
  });
});

describe('a sign-in lockout', () => {
  const say = (seconds: number, locale: (typeof serverLocales)[number] = 'en-US') => {
    const refusal = new TooManyRequests(seconds);
    return translate(locale, refusal.messageKey, refusal.args);
  };

  test('tells the wait in minutes, rounded up, in every language', () => {
    expect(say(892)).toBe('Too many failed attempts, please try again in 15 minutes');
    expect(say(61)).toBe('Too many failed attempts, please try again in 2 minutes');
    expect(say(892, 'zh-CN')).toBe('失败次数过多，请 15 分钟后再试');
    expect(say(892, 'ja-JP')).toBe('失敗が多すぎます。15 分後にもう一度お試しください');
  });

  test('a minute or less is one minute', () => {
    for (const seconds of [1, 59, 60]) expect(say(seconds)).toBe('Too many failed attempts, please try again in a minute');
    expect(say(30, 'zh-CN')).toBe('失败次数过多，请 1 分钟后再试');
    expect(say(30, 'ja-JP')).toBe('失敗が多すぎます。1 分後にもう一度お試しください');
  });

  test('keeps the seconds for Retry-After', () => {
    expect(new TooManyRequests(892).retryAfterSeconds).toBe(892);
  });
});
