import Negotiator from 'negotiator';
import { catalogues } from '../i18n/catalogues';
import { matchLocale, type ConsoleLocale } from '../i18n/locales';
import { createTranslator, type MessageArgs, type Translate } from '../i18n/translate';

/**
 * The server speaks from the console's own catalogues (i18n/), so a rule broken in a form and at the
 * server reads the same, and a field is named by the label the form shows.
 */
export type ServerLocale = ConsoleLocale;
export const FALLBACK_LOCALE: ServerLocale = 'en-US';

const english = createTranslator(FALLBACK_LOCALE, catalogues[FALLBACK_LOCALE]);
const translators: Record<ServerLocale, Translate> = {
  'en-US': english,
  'zh-CN': createTranslator('zh-CN', catalogues['zh-CN'], english),
  'ja-JP': createTranslator('ja-JP', catalogues['ja-JP'], english),
};

/** The most wanted language of Accept-Language (by q weight) that we speak; English when none. */
export function localeFromHeader(acceptLanguage: string | undefined): ServerLocale {
  const wanted = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? '' } }).languages();
  return wanted.map(matchLocale).find((locale) => locale !== undefined) ?? FALLBACK_LOCALE;
}

export function translate(locale: ServerLocale, key: string, args: MessageArgs = {}): string {
  return translators[locale](key, args);
}

/** A list's search parameters (schema/entity.ts: `keyword`, or series' `word`): the list's search box. */
const SEARCH_PARAMETERS = new Set(['keyword', 'word']);

/**
 * A field as the form labels it ('Code (ucode)'); a search parameter the resource gives no label as
 * the search box is labelled ('Search'); otherwise its wire name.
 */
export function fieldLabel(locale: ServerLocale, resource: string | undefined, field: string): string {
  const name = field.split('.')[0];
  const key = `resources.${resource}.fields.${name}`;
  const label = resource ? translate(locale, key) : key;
  if (label !== key) return label;
  return SEARCH_PARAMETERS.has(name) ? translate(locale, 'ra.action.search') : name;
}
