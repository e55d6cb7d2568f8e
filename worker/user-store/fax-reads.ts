import type { FaxSearch } from '../../src/common/fax-search';
import type { FaxDirection, FaxTotals, ReceiveStatus, SendStatus } from '../../src/common/faxes';
import { type RecentFaxes, recentOf, unreadOf } from '../../src/common/recent-faxes';
import { contactNamesByNumber, hasStoreContacts } from '../db/store/contacts';
import { applyCreditPeriod } from '../db/store/credit-period';
import { readBalance } from '../db/store/credits';
import {
  type AllFaxCounters,
  countScheduledFaxes,
  type FaxCounterValues,
  faxTotalsOf,
  readAllFaxCounters,
  readFaxCounters,
  readFaxTotals,
} from '../db/store/fax-counters';
import { searchStoreFaxes } from '../db/store/fax-search';
import { type FaxPosition, findSendingStoreFax, findStoreFax, listStoreFaxEvents, listStoreFaxes } from '../db/store/faxes';
import { findLastStoreReceivedFax, listStoreReceivingFaxes } from '../db/store/received-faxes';
import { readRecentFaxRows } from '../db/store/recent-faxes';
import type { StoreFaxRow } from '../db/store/schema';
import type { CreditPeriod, StoreCredits } from '../domain/credits';
import { toFaxEventView } from '../views/faxes';
import { faxView, faxViews, type StoreRoom } from './room';

// What the pages read of the user's faxes and credits: each read is one call, answered from the
// store with each row read once (tests/integration/row-reads.test.ts).

/** What every signed-in page shows from the store, and on the dashboard its lists and setup facts. */
export interface StorePageFigures {
  totals: FaxTotals;
  credits: StoreCredits;
  /** On the dashboard: its unread faxes and recent activity. */
  recentFaxes: RecentFaxes | null;
  /** Whether the phonebook has a contact, when asked (the dashboard's setup checklist); else null. */
  hasContacts: boolean | null;
}

/** What a page asks of the store beyond what every page shows. */
export interface PageFiguresWanted {
  /** The dashboard's lists. */
  recentFaxes: boolean;
  /** Whether there is a contact (one row at most): only while the setup checklist may show. */
  hasContacts: boolean;
}

export const faxReadMethods = {
  async findFax(this: StoreRoom, userId: string, faxId: string): Promise<StoreFaxRow | null> {
    await this.ready(userId);
    return findStoreFax(this.store, faxId);
  },

  /**
   * The fax with its timeline, when it is of `livemode`: a live fax for the site and live keys, a
   * sandbox fax for test keys (decision 048); another mode's is not found.
   */
  async faxDetails(this: StoreRoom, userId: string, faxId: string, livemode: boolean) {
    await this.ready(userId);
    const fax = findStoreFax(this.store, faxId);
    if (fax?.livemode !== livemode) return null;
    return { fax: faxView(this, fax), timeline: listStoreFaxEvents(this.store, faxId).map(toFaxEventView) };
  },

  /**
   * One page of the faxes of one direction `search` finds (keyset after `after`), and how many it
   * finds: the live faxes, or with `livemode` false the sandbox's (test keys', decision 048).
   */
  async listFaxes(
    this: StoreRoom,
    userId: string,
    direction: FaxDirection,
    after: FaxPosition | null,
    limit: number,
    search: FaxSearch,
    livemode = true,
  ) {
    await this.ready(userId);
    const { rows, total } = searchStoreFaxes(this.store, direction, after, limit, search, livemode);
    return { faxes: faxViews(this, rows), total };
  },

  async faxTotals(this: StoreRoom, userId: string): Promise<FaxTotals> {
    await this.ready(userId);
    return readFaxTotals(this.store);
  },

  /** What a signed-in page shows from the store: the counts, the credits and, on the dashboard, its lists and whether there is a contact. */
  async pageFigures(this: StoreRoom, userId: string, period: CreditPeriod, wanted: PageFiguresWanted): Promise<StorePageFigures> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, Date.now());
    const counters = readAllFaxCounters(this.store);
    return {
      totals: faxTotalsOf(counters, countScheduledFaxes(this.store)),
      credits: creditsOf(this, counters),
      recentFaxes: wanted.recentFaxes ? recentFaxesOf(this, counters.RECEIVE) : null,
      hasContacts: wanted.hasContacts ? hasStoreContacts(this.store) : null,
    };
  },

  /** The dashboard's lists (GET /api/recentFaxes), as the page is rendered with them. */
  async recentFaxes(this: StoreRoom, userId: string): Promise<RecentFaxes> {
    await this.ready(userId);
    return recentFaxesOf(this, readFaxCounters(this.store, 'RECEIVE'));
  },

  /** The spec's send document: the fax on its way, the newest sent, and the lifetime count. */
  async sendStatus(this: StoreRoom, userId: string): Promise<SendStatus> {
    await this.ready(userId);
    const sending = findSendingStoreFax(this.store);
    const [last] = listStoreFaxes(this.store, 'SEND', null, 1);
    return {
      sendingFax: sending ? faxView(this, sending) : null,
      lastSentEntry: last ? faxView(this, last) : null,
      lifetimeSendCount: readFaxCounters(this.store, 'SEND').lifetime,
    };
  },

  /** The spec's receive document: faxes arriving now, the newest arrived, and the lifetime count. */
  async receiveStatus(this: StoreRoom, userId: string): Promise<ReceiveStatus> {
    await this.ready(userId);
    const receivingFax: ReceiveStatus['receivingFax'] = {};
    for (const fax of listStoreReceivingFaxes(this.store)) {
      receivingFax[fax.id] = { start: fax.start, remoteDisplay: faxView(this, fax).remoteDisplay, pagesReceived: fax.pagesSent };
    }
    const last = findLastStoreReceivedFax(this.store);
    return {
      receivingFax,
      lastReceivedEntry: last ? faxView(this, last) : null,
      lifetimeReceiveCount: readFaxCounters(this.store, 'RECEIVE').lifetime,
    };
  },

  /** The balance of the current credit period (taken first if the store has not seen it) and the lifetime counts. */
  async credits(this: StoreRoom, userId: string, period: CreditPeriod): Promise<StoreCredits> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, Date.now());
    return creditsOf(this, readAllFaxCounters(this.store));
  },

  /** The phonebook's names of these numbers (those it has), for mails about the user's faxes. */
  async contactNames(this: StoreRoom, userId: string, numbers: string[]): Promise<Record<string, string>> {
    await this.ready(userId);
    return Object.fromEntries(contactNamesByNumber(this.store, numbers));
  },
};

export type FaxReadMethods = typeof faxReadMethods;

function creditsOf(room: StoreRoom, counters: AllFaxCounters): StoreCredits {
  return {
    send: readBalance(room.store, 'send'),
    receive: readBalance(room.store, 'receive'),
    lifetimeSendCount: counters.SEND.lifetime,
    lifetimeReceiveCount: counters.RECEIVE.lifetime,
  };
}

function recentFaxesOf(room: StoreRoom, received: FaxCounterValues): RecentFaxes {
  const rows = readRecentFaxRows(room.store, received);
  // One look into the phonebook for the names of both lists.
  const views = faxViews(room, [...rows.unread, ...rows.recent]);
  return { unread: unreadOf(views.slice(0, rows.unread.length)), recent: recentOf(views.slice(rows.unread.length)) };
}
