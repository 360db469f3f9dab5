import { formatCount, formatMoney } from '../../src/fields/format';

describe('numbers as the console shows them', () => {
  test('money has two decimals and grouped thousands in each of the three languages, the same formatter each time', () => {
    for (const locale of ['zh-CN', 'en-US', 'ja-JP']) {
      expect([formatMoney(1234.5, locale), formatMoney(0, locale), formatMoney(19, locale), formatMoney(0.005, locale)]).toEqual(['1,234.50', '0.00', '19.00', '0.01']);
    }
  });

  test('a language that groups otherwise is kept apart from the others', () => {
    // A formatter kept by language: German's, asked for between two English ones, does not leak into them.
    expect(formatMoney(1234.5, 'en-US')).toBe('1,234.50');
    expect(formatMoney(1234.5, 'de-DE')).toBe('1.234,50');
    expect(formatMoney(1234.5, 'en-US')).toBe('1,234.50');
  });

  test('a count has grouped thousands and no decimals, and is not taken for money', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatMoney(1234567, 'en-US')).toBe('1,234,567.00');
    expect(formatCount(42, 'ja-JP')).toBe('42');
  });
});
