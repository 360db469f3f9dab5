import { catalogues } from '../../i18n/catalogues';
import { TooManyRequests } from '../../server/errors';
import { fieldLabel, localeFromHeader, translate, type ServerLocale } from '../../server/messages';

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

  test('weights decide, not only the order', () => {
    expect(localeFromHeader('en;q=0.3, ja;q=0.8')).toBe('ja-JP');
    expect(localeFromHeader('zh;q=0, en')).toBe('en-US');
    expect(localeFromHeader('fr;q=1, ja;q=0.5, zh;q=0.5')).toBe('ja-JP');
  });
});

describe('translate', () => {
  test('reads the console catalogue and fills in the placeholders', () => {
    expect(translate('en-US', 'app.error.duplicate', { field: 'ucode', value: 'home' })).toBe('ucode "home" is already in use');
    expect(translate('ja-JP', 'ra.validation.required')).toBe(catalogues['ja-JP'].ra.validation.required);
    expect(translate('zh-CN', 'app.error.too_many_attempts', { minutes: 15 })).toBe('失败次数过多，请 15 分钟后再试');
  });

  test('a placeholder without its argument stays as it is', () => {
    expect(translate('en-US', 'app.error.route_not_found', { method: 'GET' })).toBe('No such address: GET %{url}');
  });

  test('an unknown key is returned as it is', () => {
    expect(translate('ja-JP', 'app.error.no_such_message')).toBe('app.error.no_such_message');
  });
});

describe('fieldLabel', () => {
  test('names a field by the label its form shows, in the language asked for', () => {
    expect(fieldLabel('en-US', 'carousel_group', 'ucode')).toBe('Code (ucode)');
    expect(fieldLabel('zh-CN', 'carousel_group', 'name')).toBe((catalogues['zh-CN'].resources as any).carousel_group.fields.name);
  });

  test('falls back to the wire name, and names a nested field by its top field', () => {
    expect(fieldLabel('en-US', undefined, 'ucode')).toBe('ucode');
    expect(fieldLabel('en-US', 'carousel_group', 'no_such_field')).toBe('no_such_field');
    expect(fieldLabel('en-US', undefined, 'teacher_ids.2')).toBe('teacher_ids');
  });

  test('names a search parameter without a label of its own as the search box, in each language', () => {
    expect(fieldLabel('en-US', 'course', 'keyword')).toBe('Search');
    expect(fieldLabel('zh-CN', 'mail_outbox', 'keyword')).toBe('搜索');
    expect(fieldLabel('ja-JP', 'audit_log', 'keyword')).toBe('検索');
    expect(fieldLabel('zh-CN', 'enroll_statis', 'keyword')).toBe((catalogues['zh-CN'].resources as any).enroll_statis.fields.keyword);
  });
});

describe('a sign-in lockout', () => {
  const say = (seconds: number, locale: ServerLocale = 'en-US') => {
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
