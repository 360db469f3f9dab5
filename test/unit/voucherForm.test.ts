import { codePattern } from '../../schema/fields';
import { voucher } from '../../schema/voucher';
import { randomVoucherCode } from '../../resources/vouchers/voucherCode';
import { dayOf, endOfDay } from '../../resources/vouchers/voucherDates';

describe('the expiry day', () => {
  test('a day is valid through its last millisecond in the user\'s time zone', () => {
    expect(endOfDay('2027-03-05')).toBe(new Date(2027, 2, 5, 23, 59, 59, 999).getTime());
    expect(endOfDay('2027-12-31')! + 1).toBe(new Date(2028, 0, 1).getTime());
  });

  test('anything but a YYYY-MM-DD day is no expiry', () => {
    for (const value of ['', '5/3/2027', '2027-3-5', null, undefined, 1_700_000_000_000]) expect(endOfDay(value)).toBeNull();
  });

  test('the input shows the day an expiry falls on, and a day as it is (the date input formats twice)', () => {
    expect(dayOf(endOfDay('2027-03-05'))).toBe('2027-03-05');
    expect(dayOf(new Date(2027, 2, 5, 0, 0).getTime())).toBe('2027-03-05');
    expect(dayOf('2027-03-05')).toBe('2027-03-05');
    expect(dayOf(null)).toBe('');
    expect(dayOf('soon')).toBe('');
  });
});

describe('a generated code', () => {
  test('two groups of four letters and digits nobody confuses, which the code rules take', () => {
    const codes = Array.from({ length: 200 }, randomVoucherCode);
    for (const code of codes) {
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      expect(code).toMatch(codePattern.regex);
      expect(voucher.fields.code.zod.safeParse(code).success).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});
