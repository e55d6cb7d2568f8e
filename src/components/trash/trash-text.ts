import faxSelectionMessages from 'virtual:messages/faxSelection';
import trashMessages from 'virtual:messages/trash';
import type { FaxView } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import type { FaxRowWords } from '../faxes/FaxRow';
import { recipientText } from '../faxes/fax-text';

// How the trash words its faxes, of both directions, and what it asks before deleting forever.

const t = translator({ faxSelection: faxSelectionMessages, trash: trashMessages });

/** What the trash asks before deleting forever: the ticked faxes (or one row's), or all of them. */
export type Confirming = { kind: 'faxes'; faxIds: string[] } | { kind: 'all'; count: number } | null;

export function trashWords(fax: FaxView, when: string): FaxRowWords {
  const sent = fax.direction === 'SEND';
  const number = fax.remoteDisplay ?? (sent ? t('trash.unknownNumber') : t('trash.unknownSender'));
  const named = fax.contactName && fax.remoteDisplay ? fax.contactName : null;
  const party = { direction: t(sent ? 'trash.sentTo' : 'trash.receivedFrom'), number: recipientText(fax), when };
  return {
    name: named ?? number,
    sub: named ? t(sent ? 'trash.sentVia' : 'trash.receivedVia', { number }) : t(sent ? 'trash.sent' : 'trash.received'),
    unread: null,
    openLabel: t('trash.openLabel', party),
    selectLabel: t('faxSelection.select', { fax: t('trash.select', party) }),
    menuLabel: t('trash.menuLabel', party),
    marks: [],
    purgeLabel: t('trash.purge'),
  };
}

export function trashConfirmation(confirming: NonNullable<Confirming>): { title: string; detail: string } {
  const count = confirming.kind === 'all' ? confirming.count : confirming.faxIds.length;
  const one = count === 1;
  const detail = one ? t('trash.confirmDetailOne') : t('trash.confirmDetail');
  if (confirming.kind === 'all') return { title: one ? t('trash.confirmEmptyTitleOne') : t('trash.confirmEmptyTitle', { count }), detail };
  return { title: one ? t('trash.confirmDeleteTitleOne') : t('trash.confirmDeleteTitle', { count }), detail };
}
