import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatMoney } from '../../src/fields/format';
import type { ListColumn } from '../../src/list/columns';

/** A course's price as the list shows it: 'free' when it is 0 or empty, else money in the user's locale. */
export function coursePrice(value: unknown, locale: string, free: string): string {
  const amount = value === null || value === undefined || value === '' ? 0 : Number(value);
  return amount === 0 || Number.isNaN(amount) ? free : formatMoney(amount, locale);
}

/** The price column of the course and series lists: 'free' for 0 or none, otherwise money in the user's locale. */
export function usePriceColumn(): ListColumn {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const shown = (record: RaRecord) => coursePrice(record.price, locale, translate('resources.course.free'));
  return { source: 'price', sortable: true, render: shown, text: shown };
}
