import { format } from 'date-fns';
import { otherTimeZone } from '../timeZone';

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** `yyyy-MM-dd HH:mm:ss` in a zone other than the runtime's, which date-fns does not know of. */
function formatInZone(epochMs: number, zone: string) {
  let found = zoneFormats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    zoneFormats.set(zone, found);
  }
  const part = Object.fromEntries(found.formatToParts(epochMs).map(({ type, value }) => [type, value]));
  return `${part.year.padStart(4, '0')}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** SPEC.md's time format, the same in every language, in the user's zone (the browser's own, or the browser's as the server draws for it). */
export const formatDateTime = (epochMs: number) => {
  const zone = otherTimeZone();
  return zone ? formatInZone(epochMs, zone) : format(new Date(epochMs), 'yyyy-MM-dd HH:mm:ss');
};

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
