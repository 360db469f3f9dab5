import { format } from 'date-fns';

/** SPEC.md's time format, the same in every language. */
export const formatDateTime = (epochMs: number) => format(new Date(epochMs), 'yyyy-MM-dd HH:mm:ss');

/** Formatters kept by language and kind: making one loads the language's number data, a few milliseconds each time (a page of cards made dozens). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, kind: 'money' | 'count'): Intl.NumberFormat {
  const key = `${kind} ${locale}`;
  let found = numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, kind === 'money' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {});
    numberFormats.set(key, found);
  }
  return found;
}

/** Money in the user's locale, always with two decimals. */
export const formatMoney = (amount: number, locale: string) => numberFormat(locale, 'money').format(amount);

/** A count in the user's locale (grouped thousands). */
export const formatCount = (count: number, locale: string) => numberFormat(locale, 'count').format(count);

/** Rich text as one line of plain text, for a table cell or a card. */
export function plainText(html: string): string {
  // A space after each block, so paragraphs and list items do not run into one another.
  const spaced = html.replace(/<\/(p|li|h[1-6]|blockquote|pre|div)>|<br\s*\/?>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** The file name of a stored key (`1716200000-ab12cd.mp4` of `videos/1716200000-ab12cd.mp4`). */
export const fileName = (key: string) => key.split('/').pop() ?? key;
