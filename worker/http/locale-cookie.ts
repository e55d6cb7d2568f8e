import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE_MAX_AGE_S } from '../../src/common/session-timing';
import { chooseLocale, LOCALE_COOKIE } from '../../src/i18n/locale';

/**
 * Pages remember the reader's locale in a `locale` cookie for a year (spec §9): set when missing,
 * and set back to the locale shown when it names one this build cannot load (logged, spec §8).
 */
export const localeCookie: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.path.startsWith('/api/') || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
  const sent = getCookie(c, LOCALE_COOKIE);
  const { locale, unavailable } = chooseLocale(sent);
  if (unavailable) console.warn(`Locale ${unavailable} could not be loaded; the page is shown in ${locale}`);
  if (sent === locale) return;
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  // Astro's and the asset binding's responses have immutable headers.
  const res = new Response(c.res.body, c.res);
  res.headers.append('Set-Cookie', `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`);
  c.res = undefined;
  c.res = res;
};
