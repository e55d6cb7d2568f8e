// Light, dark or as the system says (docs/design.md, "Themes"). The choice made in Settings is kept
// in the `theme` cookie, so the server renders <html data-theme> with it and nothing flashes; with
// no cookie (or `system`) the page follows prefers-color-scheme. Prerendered pages always follow it.

export const THEME_COOKIE = 'theme';
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A year, as the time zone's cookie. */
const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The theme a `theme` cookie names; anything else (absent, unknown) follows the system. */
export function readTheme(cookieValue: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(cookieValue ?? '') ? (cookieValue as Theme) : 'system';
}

/** The `document.cookie` assignment that keeps a choice for the pages the server renders next. */
export function themeCookie(theme: Theme, https: boolean): string {
  const secure = https ? '; Secure' : '';
  return `${THEME_COOKIE}=${theme}; Max-Age=${THEME_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}
