export const locales = [
  { locale: 'zh-CN', name: '简体中文' },
  { locale: 'en-US', name: 'English' },
  { locale: 'ja-JP', name: '日本語' },
] as const;
export type ConsoleLocale = (typeof locales)[number]['locale'];
export const DEFAULT_LOCALE: ConsoleLocale = 'zh-CN';

/** 'ja', 'ja-JP', 'zh-Hans-CN', 'EN-gb': the language decides, the region does not. */
export function matchLocale(tag: string | null | undefined): ConsoleLocale | undefined {
  const language = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (!language) return undefined;
  return locales.find(({ locale }) => locale.toLowerCase().startsWith(`${language}-`))?.locale;
}

/** SPEC.md: the ?locale= parameter, else the stored choice, else the browser's languages, else Chinese. */
export function resolveLocale(sources: { query?: string | null; stored?: string | null; browser?: readonly string[] }): ConsoleLocale {
  return (
    matchLocale(sources.query) ??
    matchLocale(sources.stored) ??
    (sources.browser ?? []).map(matchLocale).find(Boolean) ??
    DEFAULT_LOCALE
  );
}

/** The locale to start in; a ?locale= choice is kept, so the console stays in it after the link. */
export function startingLocale(): ConsoleLocale {
  const query = new URLSearchParams(window.location.search).get('locale');
  const locale = resolveLocale({ query, stored: localStorage.getItem('locale'), browser: navigator.languages ?? [navigator.language] });
  if (query !== null) {
    if (matchLocale(query)) localStorage.setItem('locale', locale);
    // Taken, then taken off the address: a list reads any query as its own state and would drop its default filter.
    const address = new URL(window.location.href);
    address.searchParams.delete('locale');
    window.history.replaceState(window.history.state, '', address);
  }
  return locale;
}
