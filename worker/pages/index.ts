import type { PageData } from '../../src/common/page-data';
import { findRoute, type LoadedRoute, routeParam } from '../../src/common/routes';
import { loadBroadcast } from './broadcast';
import { loadDashboard } from './dashboard';
import { loadDevFunnel } from './dev-funnel';
import { loadFax } from './fax';
import { loadFaxHistory } from './fax-history';
import type { PageInput } from './page-input';
import { loadPhonebook } from './phonebook';
import { loadTransaction, loadUpgrade } from './plans';
import { loadSend } from './send';
import { loadSettings } from './settings';
import { loadTrash } from './trash';
import { loadOffer, loadPrivacy } from './visitor-pages';

export type { PageInput } from './page-input';

type Loader = (input: PageInput, param: string) => Promise<PageData | null>;

/**
 * Each page's loader, by its route in src/common/routes.ts: a route marked `loads` must have one
 * here and no other path may (the Record's keys are those routes); `param` is a `/*` route's segment.
 */
const LOADERS: Record<LoadedRoute, Loader> = {
  '/dashboard': loadDashboard,
  '/sent': (input) => loadFaxHistory(input, 'SEND'),
  '/inbox': (input) => loadFaxHistory(input, 'RECEIVE'),
  '/trash': loadTrash,
  '/phonebook': loadPhonebook,
  '/send': loadSend,
  '/settings': loadSettings,
  '/upgrade': loadUpgrade,
  '/transaction': loadTransaction,
  '/dev/funnel': loadDevFunnel,
  '/faxDetails/*': loadFax,
  '/preview': (input) => loadFax(input, input.url.searchParams.get('faxId')?.trim() ?? ''),
  '/broadcast/*': loadBroadcast,
  // A signed-in person is sent on from /login before it renders: nothing to read for them.
  '/login': (input) => (input.user ? Promise.resolve(null) : loadOffer(input)),
  '/terms': loadOffer,
  '/privacy': loadPrivacy,
};

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not valid percent-encoding: no id can match it
  }
}

/**
 * What the page at this address shows first, read for it alone (decision 033); null for a page
 * that needs nothing more than the page context, or whose island reads for itself.
 */
export function loadPageData(input: PageInput): Promise<PageData | null> {
  const route = findRoute(input.url.pathname);
  if (!route?.loads) return Promise.resolve(null);
  return LOADERS[route.path as LoadedRoute](input, decoded(routeParam(route, input.url.pathname)));
}
