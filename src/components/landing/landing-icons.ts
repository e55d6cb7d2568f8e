import bookUser from 'lucide-static/icons/book-user.svg?raw';
import check from 'lucide-static/icons/check.svg?raw';
import ellipsis from 'lucide-static/icons/ellipsis.svg?raw';
import house from 'lucide-static/icons/house.svg?raw';
import inbox from 'lucide-static/icons/inbox.svg?raw';
import lock from 'lucide-static/icons/lock.svg?raw';
import send from 'lucide-static/icons/send.svg?raw';
import shieldCheck from 'lucide-static/icons/shield-check.svg?raw';
import trash from 'lucide-static/icons/trash-2.svg?raw';
import userLock from 'lucide-static/icons/user-lock.svg?raw';
import userX from 'lucide-static/icons/user-round-x.svg?raw';
import lucide from 'lucide-static/package.json';
import { symbolFromSvg } from '../../icons/symbol';

// The few Lucide icons a landing page draws, written into the page as one hidden sheet of
// <symbol>s (LandingIcons.astro; LandingIcon.astro draws one): the app's sprite is a file of every
// icon, one more request and more bytes than a landing page may spend (decision 038).
// The first six for the page's own words; the rest are the app's places, drawn in the pictures of it.
const ICONS = {
  check,
  lock,
  'shield-check': shieldCheck,
  trash,
  'user-lock': userLock,
  'user-x': userX,
  house,
  inbox,
  send,
  'book-user': bookUser,
  ellipsis,
} as const;
export type LandingIconName = keyof typeof ICONS;

/** The sheet's inner SVG, with the ISC notice the licence asks to travel with every copy. */
export const LANDING_ICON_SHEET =
  `<!-- Lucide icons (lucide-static ${lucide.version}), ISC licence: https://lucide.dev/license -->` +
  Object.entries(ICONS)
    .map(([name, svg]) => symbolFromSvg(`lp-${name}`, svg))
    .join('');
