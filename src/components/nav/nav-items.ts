import type { KeyOf } from '../../i18n/translator';
import type { IconName } from '../../icons/icon-names';

// The app's places, in the order the sidebar lists them (docs/design.md, "App chrome"). The phone's
// tab bar shows those marked `tab` and puts the others under More.

export interface NavItem {
  href: string;
  label: KeyOf<'nav'>;
  icon: IconName;
  /** The count shown beside it, live (NavCount). */
  count?: 'unread' | 'scheduled';
  /** On the phone's tab bar; the rest are under More. */
  tab?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/dashboard', label: 'nav.dashboard', icon: 'house' },
  { href: '/inbox', label: 'nav.inbox', icon: 'inbox', count: 'unread', tab: true },
  { href: '/sent', label: 'nav.sent', icon: 'send', count: 'scheduled', tab: true },
  { href: '/phonebook', label: 'nav.contacts', icon: 'book-user', tab: true },
  { href: '/trash', label: 'nav.trash', icon: 'trash-2' },
];

/** The place a path belongs to: a fax's page is part of the inbox or the history it came from. */
export function isCurrent(item: NavItem, path: string): boolean {
  return path === item.href || path.startsWith(`${item.href}/`);
}
