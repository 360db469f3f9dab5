import { catalogues } from '../../i18n/locales';
import { fieldLabel, localeFromHeader, translate } from '../../server/messages';

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
});
