import Polyglot from 'node-polyglot';
import type { TranslationMessages } from 'ra-core';

export type MessageArgs = Record<string, string | number>;
export type Translate = (key: string, args?: MessageArgs) => string;

/**
 * The one interpolation of the product: node-polyglot, as react-admin's i18n provider uses it, so
 * `%{name}` and `smart_count` read the same in the console, the QR page and the server's answers.
 * A key the catalogue lacks is asked of `fallback`, else returned as it is.
 */
export function createTranslator(locale: string, catalogue: TranslationMessages, fallback?: Translate): Translate {
  const polyglot = new Polyglot({
    locale,
    phrases: catalogue as object,
    allowMissing: true,
    onMissingKey: (key: string, args: MessageArgs) => (fallback ? fallback(key, args) : Polyglot.transformPhrase(key, args)),
  });
  return (key, args = {}) => polyglot.t(key, args);
}
