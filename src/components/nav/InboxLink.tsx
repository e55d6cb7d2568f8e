import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { FaxCounts } from '../../common/faxes';
import navMessages from 'virtual:messages/nav';
import { translator } from '../../i18n/translator';
import { $faxCounts, seedFaxCounts } from '../../stores/fax-counts';
import './nav.css';

const t = translator({ nav: navMessages });

interface Props {
  /** The counts rendered with the page; the store keeps them live after (no fetch at load). */
  initial: FaxCounts | null;
  current: boolean;
}

/** "Inbox" in the navigation, with the unread count as a badge while there is any. */
export default function InboxLink({ initial, current }: Props) {
  useEffect(() => seedFaxCounts(initial), [initial]);
  const counts = useStore($faxCounts) ?? initial;
  const unread = counts?.unreadReceived ?? 0;
  return (
    // Read aloud as "Inbox, 2 unread": the badge is only for the eye, the sentence only for the ear
    // (no aria-label, which would hide the visible name speech-control users say).
    <a href="/inbox" aria-current={current ? 'page' : undefined}>
      {unread > 0 ? (
        <>
          <span aria-hidden="true">{t('nav.inbox')}</span>
          <span className="nav-badge" aria-hidden="true">
            {unread}
          </span>
          <span className="visually-hidden">{t('nav.inboxUnread', { count: unread })}</span>
        </>
      ) : (
        t('nav.inbox')
      )}
    </a>
  );
}
