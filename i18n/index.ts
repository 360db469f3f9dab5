import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { loadCatalogue } from './loadCatalogue';
import { DEFAULT_LOCALE, locales, matchLocale, type ConsoleLocale } from './locales';

export * from './locales';

/**
 * The page follows the interface language: server messages follow Accept-Language, which the http
 * client takes from <html lang>, and the browser tab shows the console's title in it.
 */
function showLanguage(locale: string, translate: I18nProvider['translate']) {
  document.documentElement.lang = locale;
  document.title = translate('app.title');
}

/** The console's translations, starting in `initial` with its catalogue (loadCatalogue); another language is fetched when chosen. */
export function createI18nProvider(initial: ConsoleLocale, messages: TranslationMessages): I18nProvider {
  const provider = polyglotI18nProvider(
    (locale) => (locale === initial ? messages : loadCatalogue(matchLocale(locale) ?? DEFAULT_LOCALE)),
    initial,
    [...locales],
    { allowMissing: true },
  );
  showLanguage(initial, provider.translate);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      showLanguage(locale, provider.translate);
    },
  };
}
