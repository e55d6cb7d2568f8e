import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { FaxCounts } from '../../common/faxes';
import type { IconName } from '../../icons/icon-names';
import navMessages from 'virtual:messages/nav';
import { translator } from '../../i18n/translator';
import { $faxCounts, seedFaxCounts } from '../../stores/fax-counts';
import Icon from '../icons/Icon';

const t = translator({ nav: navMessages });

interface Props {
  href: string;
  /** The place's name, e.g. "Inbox". */
  label: string;
  icon: IconName;
  current: boolean;
  /** The sidebar's row, or the phone's tab. */
  look: 'sidebar' | 'tab';
  kind: 'unread' | 'scheduled';
  /** The counts rendered with the page; the store keeps them live after (no fetch at load). */
  initial: FaxCounts | null;
}

/**
 * A place in the navigation with its live count: unread faxes beside Inbox, scheduled ones
 * beside Sent. Its name is its own words, the count said in full after the name ("Inbox 2
 * unread"), so speech control finds it by what it shows and a screen reader hears the count the
 * badge shows the eye. No aria-label: one over the visible "Inbox 2" failed axe's
 * label-content-name-mismatch (serious).
 */
export default function CountedNavLink({ href, label, icon, current, look, kind, initial }: Props) {
  useEffect(() => seedFaxCounts(initial), [initial]);
  const counts = useStore($faxCounts) ?? initial;
  const count = (kind === 'unread' ? counts?.unreadReceived : counts?.scheduled) ?? 0;
  const badge = count > 0 && (
    <>
      <span className={kind === 'unread' ? 'count' : 'count quiet'} aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{t(kind === 'unread' ? 'nav.unread' : 'nav.scheduled', { count })}</span>
    </>
  );
  return (
    <a className={look === 'tab' ? 'tab' : 'nav-link'} href={href} aria-current={current ? 'page' : undefined}>
      {look === 'tab' ? (
        <>
          <span className="tab-icon">
            <Icon name={icon} />
          </span>
          <span className="tab-label">{label}</span>
        </>
      ) : (
        <>
          <Icon name={icon} />
          <span className="nav-link-label">{label}</span>
        </>
      )}
      {badge}
    </a>
  );
}
