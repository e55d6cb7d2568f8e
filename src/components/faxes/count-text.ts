import creditCount from 'virtual:message/send.creditCount';
import creditCountOne from 'virtual:message/send.creditCountOne';
import pageCount from 'virtual:message/send.pageCount';
import pageCountOne from 'virtual:message/send.pageCountOne';
import { translator } from '../../i18n/translator';

// Pages and credits counted in words ("1 page", "3 credits"), apart from ./fax-text.ts so that a
// page showing only counts (/send) carries none of a fax's status and failure words.

// The send page's namespace is large: of it, only the counts.
const t = translator({ send: { pageCount, pageCountOne, creditCount, creditCountOne } });

export function pagesText(count: number): string {
  return count === 1 ? t('send.pageCountOne') : t('send.pageCount', { count });
}

export function creditsText(count: number): string {
  return count === 1 ? t('send.creditCountOne') : t('send.creditCount', { count });
}
