import { formatMoney } from '../../src/fields/format';

/** A course's price as the list shows it: 'free' when it is 0 or empty, else money in the user's locale. */
export function coursePrice(value: unknown, locale: string, free: string): string {
  const amount = value === null || value === undefined || value === '' ? 0 : Number(value);
  return amount === 0 || Number.isNaN(amount) ? free : formatMoney(amount, locale);
}
