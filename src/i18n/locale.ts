import { LOCALE } from './t';

// The locale a person reads the site in (spec §2, §9): remembered in a `locale` cookie for a year.
// Only en-US exists for now; a cookie naming another locale is one whose messages cannot be loaded,
// which is only logged (spec §8), and the page is shown in en-US.

export const SUPPORTED_LOCALES = [LOCALE] as const;
export const LOCALE_COOKIE = 'locale';

export interface LocaleChoice {
  locale: (typeof SUPPORTED_LOCALES)[number];
  /** The cookie named a locale whose messages this build does not have (to log), else null. */
  unavailable: string | null;
}

export function chooseLocale(cookieValue: string | null | undefined): LocaleChoice {
  if (!cookieValue || (SUPPORTED_LOCALES as readonly string[]).includes(cookieValue)) return { locale: LOCALE, unavailable: null };
  return { locale: LOCALE, unavailable: cookieValue.slice(0, 35) };
}
