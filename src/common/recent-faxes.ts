import type { FaxView } from './faxes';

// What the dashboard lists (decision 036): the newest unread received faxes, and the newest
// faxes sent and received with every fax still on its way. The Worker builds both from the user's
// store (the page it renders, GET /api/recentFaxes) and the page keeps them true from the pushes
// with the same rules, so a push and a read never disagree on what is shown.

/** Unread faxes the dashboard shows (the inbox has the rest). */
export const UNREAD_SHOWN = 4;
/** Faxes in the dashboard's recent activity. */
export const RECENT_SHOWN = 6;

export interface RecentFaxes {
  /** The newest unread received faxes, newest first, at most UNREAD_SHOWN. */
  unread: FaxView[];
  /** Faxes on their way first, then the newest sent and received, at most RECENT_SHOWN. */
  recent: FaxView[];
}

/** A fax being sent or arriving right now (a scheduled fax is not on its way until it starts). */
export function isOnItsWay(fax: FaxView): boolean {
  return fax.status === 'RECEIVING' || fax.status === 'SENDING' || (fax.status === 'QUEUED' && fax.sendAt === null);
}

/** What the unread counter counts: arrived, not read, not in the trash. */
export function isUnread(fax: FaxView): boolean {
  return fax.direction === 'RECEIVE' && fax.status !== 'RECEIVING' && !fax.read && fax.trashedAt === null;
}

/** Newest first, as the histories order: by start, then by id. */
function newestFirst(a: FaxView, b: FaxView): number {
  return b.start - a.start || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/** One row per fax, the newest version of each. */
function latest(faxes: readonly FaxView[]): FaxView[] {
  const byId = new Map<string, FaxView>();
  for (const fax of faxes) {
    const known = byId.get(fax.id);
    if (!known || fax.updated >= known.updated) byId.set(fax.id, fax);
  }
  return [...byId.values()];
}

/** The recent activity among `faxes`: out of the trash, those on their way first, then newest first. */
export function recentOf(faxes: readonly FaxView[]): FaxView[] {
  const kept = latest(faxes).filter((fax) => fax.trashedAt === null);
  const moving = kept.filter(isOnItsWay).sort(newestFirst);
  const rest = kept.filter((fax) => !isOnItsWay(fax)).sort(newestFirst);
  return [...moving, ...rest].slice(0, RECENT_SHOWN);
}

/** The unread faxes among `faxes`, newest first. */
export function unreadOf(faxes: readonly FaxView[]): FaxView[] {
  return latest(faxes).filter(isUnread).sort(newestFirst).slice(0, UNREAD_SHOWN);
}

/**
 * Both lists after a pushed change of one fax. A push older than the version shown changes
 * nothing (pushes may come out of order); a fax that left the list (read, trashed) leaves it.
 */
export function withPushedFax(shown: RecentFaxes, fax: FaxView): RecentFaxes {
  const known = [...shown.unread, ...shown.recent].find((one) => one.id === fax.id);
  if (known && known.updated > fax.updated) return shown;
  const others = (list: FaxView[]): FaxView[] => list.filter((one) => one.id !== fax.id);
  return { unread: unreadOf([...others(shown.unread), fax]), recent: recentOf([...others(shown.recent), fax]) };
}

/** Both lists without faxes deleted forever. */
export function withoutFaxes(shown: RecentFaxes, faxIds: readonly string[]): RecentFaxes {
  const gone = new Set(faxIds);
  return { unread: shown.unread.filter((fax) => !gone.has(fax.id)), recent: shown.recent.filter((fax) => !gone.has(fax.id)) };
}
