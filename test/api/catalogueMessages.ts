import { catalogues } from '../../i18n/catalogues';
import type { ConsoleLocale } from '../../i18n/locales';

export const LOCALES: readonly ConsoleLocale[] = ['zh-CN', 'en-US', 'ja-JP'];

/** Every phrase of a catalogue (each plural variant on its own), as the strings polyglot fills in. */
function phrasesOf(node: unknown, found: string[] = []): string[] {
  if (typeof node === 'string') for (const variant of node.split('||||')) found.push(variant.trim());
  else if (node && typeof node === 'object') for (const value of Object.values(node)) phrasesOf(value, found);
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A phrase as a pattern its filled-in message matches: each `%{name}` any text. Phrases that are
 * nothing but placeholders and punctuation would match any message, so they prove nothing.
 */
function patternOf(phrase: string): RegExp | undefined {
  const literal = phrase.replace(/%\{\w+\}/g, '');
  if (!/\p{L}/u.test(literal)) return undefined;
  return new RegExp(`^${phrase.split(/%\{\w+\}/).map(escape).join('[\\s\\S]*')}$`, 'u');
}

const patterns = Object.fromEntries(
  LOCALES.map((locale) => [locale, phrasesOf(catalogues[locale]).map(patternOf).filter((pattern) => pattern !== undefined)]),
) as Record<ConsoleLocale, RegExp[]>;

/**
 * Whether a message is one of this locale's phrases filled in: a message in English answering a
 * Japanese caller fails, and so does a text that is no phrase of ours.
 */
const verdicts = new Map<string, boolean>();
export function isMessageOf(locale: ConsoleLocale, message: string): boolean {
  const key = `${locale}\u0001${message}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = patterns[locale].some((pattern) => pattern.test(message));
    verdicts.set(key, verdict);
  }
  return verdict;
}
