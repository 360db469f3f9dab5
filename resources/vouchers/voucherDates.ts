import { formatDate, localMoment } from '../../src/fields/format';

/**
 * A voucher is valid through the day chosen: the day's last millisecond in the user's own time
 * zone, as epoch milliseconds. Null for anything that is not a `YYYY-MM-DD` day.
 */
export const endOfDay = (day: unknown): number | null => localMoment(day, 0, [23, 59, 59, 999]);

/**
 * The day an expiry falls on in the user's time zone, as a date input shows it; '' for none. A day
 * stays as it is: react-admin's DateInput formats the value it was given once more.
 */
export function dayOf(value: unknown): string {
  if (typeof value === 'number') return formatDate(value);
  return typeof value === 'string' && endOfDay(value) !== null ? value : '';
}
