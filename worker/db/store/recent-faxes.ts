import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { RECENT_SHOWN, UNREAD_SHOWN } from '../../../src/common/recent-faxes';
import { builtOnce } from './built-once';
import type { FaxCounterValues } from './fax-counters';
import { findSendingStoreFax, historyOf, listStoreFaxes } from './faxes';
import type { StoreScope } from './open-store';
import { listStoreReceivingFaxes } from './received-faxes';
import { type StoreFaxRow, storeFaxes } from './schema';

// The rows the dashboard lists (src/common/recent-faxes.ts says which are shown, and in what order):
// each read is a few entries of a list's index, whatever the history's size.

export interface RecentFaxRows {
  unread: StoreFaxRow[];
  /** More than are shown: recentOf picks the newest of them, faxes on their way first. */
  recent: StoreFaxRow[];
}

/**
 * The newest unread received faxes, as the inbox's "unread" filter finds them. The counter says
 * how many there are, so nothing is read when none are, and the walk along the history stops at
 * the last one there is.
 */
function listUnreadStoreFaxes(store: StoreScope, unread: number): StoreFaxRow[] {
  if (unread <= 0) return [];
  const f = storeFaxes;
  const query = builtOnce(store, 'unread faxes', (s) =>
    s
      .select()
      .from(f)
      .where(and(historyOf('RECEIVE'), eq(f.read, false), ne(f.status, 'RECEIVING')))
      .orderBy(desc(f.start), desc(f.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return query.all({ limit: Math.min(unread, UNREAD_SHOWN) });
}

export function readRecentFaxRows(store: StoreScope, received: FaxCounterValues): RecentFaxRows {
  const sending = findSendingStoreFax(store);
  return {
    unread: listUnreadStoreFaxes(store, received.unread),
    recent: [
      ...(sending ? [sending] : []),
      ...listStoreReceivingFaxes(store),
      ...listStoreFaxes(store, 'SEND', null, RECENT_SHOWN),
      ...listStoreFaxes(store, 'RECEIVE', null, RECENT_SHOWN),
    ],
  };
}
