import navMessages from 'virtual:messages/nav';
import type { FaxCounts } from '../../common/faxes';
import { translator } from '../../i18n/translator';
import type { IconName } from '../../icons/icon-names';
import { $faxCounts, seedFaxCounts } from '../../stores/fax-counts';
import Icon from '../icons/Icon';
import { useSeededStore } from '../page-data/use-seeded-store';

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
 * beside Sent. It is named by what it shows, the badge's figure included, with the word the eye
 * does not need said to the ear ("Inbox 2 unread"): speech control finds it by what it shows
 * (WCAG 2.5.3), a screen reader hears what the figure counts.
 */
export default function CountedNavLink({ href, label, icon, current, look, kind, initial }: Props) {
  const counts = useSeededStore($faxCounts, initial, () => seedFaxCounts(initial)) ?? initial;
  const count = (kind === 'unread' ? counts?.unreadReceived : counts?.scheduled) ?? 0;
  const badge = count > 0 && (
    <>
      <span className={kind === 'unread' ? 'count' : 'count quiet'}>{count}</span>
      <span className="visually-hidden">{t(kind === 'unread' ? 'nav.unreadWord' : 'nav.scheduledWord')}</span>
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
