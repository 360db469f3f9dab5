import type { TranslationMessages } from 'ra-core';
import type { ConsoleLocale } from './locales';

const loaders: Record<ConsoleLocale, () => Promise<TranslationMessages>> = {
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
  'en-US': async () => (await import('./en-US')).enUS,
  'ja-JP': async () => (await import('./ja-JP')).jaJP,
};

/**
 * A language's catalogue, fetched when it is first shown: the console's first visit carries one, not
 * three. Kept apart from the i18n provider, which reaches react-admin's core, so that the console's
 * entry can ask for the first catalogue before that code has run (src/startingCatalogue.ts).
 */
export const loadCatalogue = (locale: ConsoleLocale) => loaders[locale]();
