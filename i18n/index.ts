import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import { catalogues, DEFAULT_LOCALE, locales, matchLocale, startingLocale, type ConsoleLocale } from './locales';

export * from './locales';

export function createI18nProvider(initial: ConsoleLocale = startingLocale()): I18nProvider {
  document.documentElement.lang = initial;
  const provider = polyglotI18nProvider((locale) => catalogues[matchLocale(locale) ?? DEFAULT_LOCALE], initial, [...locales], {
    allowMissing: true,
  });
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      // Server messages follow Accept-Language, which the http client takes from here.
      document.documentElement.lang = locale;
    },
  };
}
