import { createI18nProvider, type ConsoleLocale } from '../../i18n';
import { catalogues } from '../../i18n/catalogues';

/** The console's i18n provider in a test, starting in `locale` with its catalogue at hand (the console fetches it first). */
export const i18nProviderFor = (locale: ConsoleLocale) => createI18nProvider(locale, catalogues[locale]);
