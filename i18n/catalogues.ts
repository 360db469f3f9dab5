import type { TranslationMessages } from 'ra-core';
import { enUS } from './en-US';
import { jaJP } from './ja-JP';
import type { ConsoleLocale } from './locales';
import { createTranslator, type Translate } from './translate';
import { zhCN } from './zh-CN';

/**
 * Every catalogue at once, for the server and the small standalone pages. The console fetches only
 * the language it shows (./loadCatalogue.ts): its first visit carries one catalogue, not three.
 */
export const catalogues: Record<ConsoleLocale, TranslationMessages> = { 'zh-CN': zhCN, 'en-US': enUS, 'ja-JP': jaJP };

/** A catalogue's translator, for pages that run without react-admin (the QR confirm page). */
export const translatorFor = (locale: ConsoleLocale): Translate => createTranslator(locale, catalogues[locale]);
