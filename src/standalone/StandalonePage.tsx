import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { translatorFor } from '../../i18n/catalogues';
import { locales, startingLocale, type ConsoleLocale } from '../../i18n/locales';
import type { Translate } from '../../i18n/translate';

/**
 * The language of a page that stands outside the console (the QR confirm page, registration): it
 * starts as the console would, is kept when chosen, and sets <html lang>, which the http client
 * sends as Accept-Language so the server's messages follow the page.
 */
export function useStandaloneLocale(titleKey: string) {
  const [locale, setLocale] = useState<ConsoleLocale>(startingLocale);
  const t = useMemo(() => translatorFor(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t(titleKey);
  }, [locale, t, titleKey]);
  const chooseLocale = (next: ConsoleLocale) => {
    localStorage.setItem('locale', next);
    setLocale(next);
  };
  return { locale, t, chooseLocale };
}

/** The frame of such a page: one card, its title and the language switcher, small enough for a phone. */
export function StandalonePage({
  title,
  t,
  locale,
  onLocale,
  children,
}: {
  title: string;
  t: Translate;
  locale: ConsoleLocale;
  onLocale(locale: ConsoleLocale): void;
  children: ReactNode;
}) {
  return (
    <main className="page">
      <div className="card">
        <div className="top">
          <h1>{title}</h1>
          <select aria-label={t('app.language')} value={locale} onChange={(event) => onLocale(event.target.value as ConsoleLocale)}>
            {locales.map((option) => (
              <option key={option.locale} value={option.locale}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        {children}
      </div>
    </main>
  );
}
