import { codePattern } from '../../schema/fields';
import { voucher } from '../../schema/voucher';
import { randomVoucherCode } from '../../resources/vouchers/voucherCode';

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
