/**
 * Chinese and Japanese lines break between phrases, never inside a word: Chromium finds Japanese
 * phrases itself (auto-phrase); other browsers keep words whole (keep-all breaks at spaces and
 * punctuation only). A phrase longer than its line still breaks rather than overflowing.
 */
export const phraseWrap = {
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
  '@supports (word-break: auto-phrase)': { wordBreak: 'auto-phrase' },
} as const;
