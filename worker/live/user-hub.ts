import { DurableObject } from 'cloudflare:workers';
import {
  type ContactFields,
  type ContactFileFormat,
  type ContactImportReport,
  type ContactView,
  MAX_CONTACTS,
} from '../../src/common/contacts';
import type { FaxSearch } from '../../src/common/fax-search';
import type { FaxDirection, FaxTotals, FaxView, ReceiveStatus, SendStatus } from '../../src/common/faxes';
import { LIVE_CLOSE_SESSION_ENDED, LIVE_HELLO_PREFIX, LIVE_PING, LIVE_PONG, type LiveEvent } from '../../src/common/live-messages';
import { type RecentFaxes, recentOf, unreadOf } from '../../src/common/recent-faxes';
import type { DeleteForeverResult, TrashChangeResult } from '../../src/common/trash';
import { TRASH_RETENTION_MS } from '../../src/common/trash';
import { getDb } from '../db/client';
import { recordFaxLedger } from '../db/queries/fax-ledger';
import type { ReceivedEnd } from '../db/queries/received-faxes';
import * as contactStore from '../db/store/contacts';
import { copyHistoryFromD1 } from '../db/store/copy-from-d1';
import { applyCreditPeriod } from '../db/store/credit-period';
import { readBalance } from '../db/store/credits';
import { findStoreAttempt, type StoreFaxAttemptRow, setStoreCarrierFaxId, setStoreDocumentKey } from '../db/store/fax-attempts';
import { type CommitResult, commitStoreFaxChange, type FaxChange } from '../db/store/fax-changes';
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
import { listSilentStoreReceivingFaxes, listStalledStoreSendFaxes, oldestOpenFaxChange } from '../db/store/fax-sweeps';
import {
  createSendFaxes,
  type FaxPosition,
  findSendingStoreFax,
  findStoreFax,
  listBroadcastFaxes,
  listStoreFaxEvents,
  listStoreFaxes,
  type NewStoreSendFax,
} from '../db/store/faxes';
import { clearLedgerPending, listLedgerPending, noteLedgerPending } from '../db/store/ledger-backlog';
import { migrateUserStore, openUserStore, type UserStore } from '../db/store/open-store';
import {
  endStoreReceivedFax,
  findLastStoreReceivedFax,
  listStoreReceivingFaxes,
  noteStoreReceivingFax,
  type StoreInboundCall,
  setStoreFaxRead,
} from '../db/store/received-faxes';
import { readRecentFaxRows } from '../db/store/recent-faxes';
import {
  cancelScheduledFaxes,
  dueScheduledFaxes,
  nextSendAt,
  rescheduleFaxes,
  type ScheduleChange,
  startScheduledFax,
} from '../db/store/scheduled-faxes';
import type { StoreFaxRow } from '../db/store/schema';
import { readStoreOwner, saveStoreOwner } from '../db/store/store-owner';
import {
  countTrashedFaxes,
  findTrashedFaxes,
  listTrashedFaxes,
  moveFaxesToTrash,
  oldestTrashedFaxes,
  oldestTrashing,
} from '../db/store/trash';
import { type CheckedRow, planContactImport } from '../domain/contact-import';
import type { ContactChange, ContactPage, ContactPosition } from '../domain/contacts';
import type { CreditPeriod, StoreCredits } from '../domain/credits';
import { isTerminalStatus } from '../domain/fax-status';
import { ABANDONED_CALL_MS, owedDispatchAttempt, STALLED_DISPATCH_MS } from '../domain/fax-sweeps';
import { purgeCutoff } from '../domain/trash';
import { enqueueFaxJob } from '../queues/fax-messages';
import { toContactView } from '../views/contacts';
import { toFaxEventView, toFaxView } from '../views/faxes';
import { deleteFaxesForever } from './fax-deletion';

/** What a send comes to in the store: accepted and charged, or refused with why. */
export type SendOutcome =
  | { accepted: true; faxes: FaxView[] }
  | { accepted: false; reason: 'CREDITS'; available: number; needed: number }
  | { accepted: false; reason: 'UNVERIFIED' };

export type ScheduleOutcome = { faxes: FaxView[] } | 'NOT_FOUND' | 'STARTED';

/** Scheduled faxes started per alarm; more come a second later. */
const STARTS_PER_ALARM = 100;

export type ReadChange = { fax: FaxView; totals: FaxTotals } | 'NOT_FOUND' | 'NOT_A_RECEIVED_FAX';

export type TrashChange = TrashChangeResult | 'NOT_FOUND' | 'IN_PROGRESS';

export type ForeverDeletion = DeleteForeverResult | 'NOT_FOUND' | 'NOT_IN_TRASH';

/** Faxes deleted forever per batch, and batches per call ("empty the trash", the purge). */
const DELETE_BATCH = 100;
const DELETE_BATCHES_PER_CALL = 5;

/** How often, at the most, an object with a fax on its way looks at it again (its alarm). */
const WATCH_MS = STALLED_DISPATCH_MS;

/** When the alarm tries again at ledger rows D1 refused. */
const LEDGER_RETRY_MS = 60_000;

interface SocketAttachment {
  sessionId: string;
}

function sessionOf(socket: WebSocket): string | null {
  return (socket.deserializeAttachment() as SocketAttachment | null)?.sessionId ?? null;
}

/**
 * One per user: holds that user's open WebSockets (hibernation API, so idle sockets cost nothing)
 * and fans out change events, and keeps the user's own store (worker/store/, decision 023), whose
 * schema is brought up to date whenever the object starts.
 */
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

export class UserHub extends DurableObject<Env> {
  readonly store: UserStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = openUserStore(ctx);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  // ---- The user's faxes and credits (decision 023). Every change runs here, one call at a time,
  // ---- and its live push leaves from here once it is committed. Each call names the user: the
  // ---- first one copies the user's history out of D1 if it is still there.

  private readyFor: string | null = null;

  private async ready(userId: string): Promise<void> {
    if (this.readyFor === userId) return;
    // Nothing else runs in the object until the copy is whole: a charge in between would be
    // overwritten by the balance the copy sets.
    await this.ctx.blockConcurrencyWhile(async () => {
      saveStoreOwner(this.store, userId);
      while (!(await copyHistoryFromD1(getDb(this.env), this.store, userId, 25, Date.now()))) {
        // one more batch of pages
      }
    });
    this.readyFor = userId;
    // Faxes copied on their way, or left open when the object last stopped, are watched again.
    await this.watchOpenFaxes();
  }

  /** The faxes as the API shows them, each with its other party's name from the phonebook. */
  private views(rows: readonly StoreFaxRow[]): FaxView[] {
    const numbers = rows.flatMap((row) => (row.remoteNumber ? [row.remoteNumber] : []));
    const names = numbers.length > 0 ? contactStore.contactNamesByNumber(this.store, numbers) : new Map<string, string>();
    return rows.map((row) => toFaxView(row, (row.remoteNumber && names.get(row.remoteNumber)) || null));
  }

  private view(row: StoreFaxRow): FaxView {
    return this.views([row])[0]!;
  }

  /** Tells the user's pages that a fax changed (and their credits, after a charge or refund). */
  private async pushFax(row: StoreFaxRow, creditsChanged: boolean): Promise<void> {
    const at = Date.now();
    await this.publish({ type: 'fax.updated', at, fax: this.view(row), totals: readFaxTotals(this.store) });
    if (creditsChanged) await this.publish({ type: 'account.updated', at });
  }

  /**
   * A fax that has ended goes into D1's anonymised ledger (decision 010). Should D1 fail, the fax
   * is noted in the store and the alarm writes its row later, so none is lost (decision 023).
   */
  private async recordEnded(row: StoreFaxRow): Promise<void> {
    if (!isTerminalStatus(row.status)) return;
    try {
      await recordFaxLedger(getDb(this.env), row);
    } catch (err) {
      console.warn('Could not write the ledger row of fax', row.id, '- the alarm will', err);
      noteLedgerPending(this.store, row.id);
      await this.watchOpenFaxes();
    }
  }

  /** Writes the ledger rows D1 refused before; what fails again waits for the next alarm. */
  private async writePendingLedger(): Promise<void> {
    for (const faxId of listLedgerPending(this.store)) {
      const row = findStoreFax(this.store, faxId);
      try {
        if (row) await recordFaxLedger(getDb(this.env), row);
        clearLedgerPending(this.store, faxId);
      } catch (err) {
        console.warn('The ledger row of fax', faxId, 'is still not written; the next alarm tries again', err);
        return;
      }
    }
  }

  /**
   * Keeps an alarm set while there is something to watch: a fax on its way (a lost dispatch, a
   * silent call) or a fax in the trash (its purge when the retention ends).
   */
  private async watchOpenFaxes(): Promise<void> {
    const now = Date.now();
    const dues: number[] = [];
    const oldest = oldestOpenFaxChange(this.store);
    if (oldest !== null) dues.push(Math.max(now + WATCH_MS, oldest + STALLED_DISPATCH_MS));
    const scheduled = nextSendAt(this.store);
    if (scheduled !== null) dues.push(Math.max(now, scheduled));
    const trashedSince = oldestTrashing(this.store);
    if (trashedSince !== null) dues.push(Math.max(now, trashedSince + TRASH_RETENTION_MS));
    if (listLedgerPending(this.store, 1).length > 0) dues.push(now + LEDGER_RETRY_MS);
    const set = await this.ctx.storage.getAlarm();
    if (dues.length === 0) {
      if (set !== null) await this.ctx.storage.deleteAlarm();
      return;
    }
    // Exactly when the first of them is due: a fax moved to a later time moves the alarm too.
    const due = Math.min(...dues);
    if (set !== due) await this.ctx.storage.setAlarm(due);
  }

  /**
   * Accepts one fax or every recipient's fax of a send to many, all charged in one transaction or
   * none (decision 023). A fax to send at once is dispatched by the caller; a scheduled one by the
   * alarm when its time comes.
   */
  async acceptSends(userId: string, faxes: NewStoreSendFax[], period: CreditPeriod, sendLimit: number | null): Promise<SendOutcome> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, faxes[0]?.now ?? Date.now());
    // Until the account's address is confirmed it may send only a few faxes (decision 008's addendum).
    if (sendLimit !== null && readFaxCounters(this.store, 'SEND').lifetime + faxes.length > sendLimit) {
      return { accepted: false, reason: 'UNVERIFIED' };
    }
    const result = createSendFaxes(this.store, faxes);
    if (!result.accepted) return { accepted: false, reason: 'CREDITS', available: result.available, needed: result.needed };
    for (const [i, row] of result.faxes.entries()) await this.pushFax(row, i === result.faxes.length - 1);
    await this.watchOpenFaxes();
    return { accepted: true, faxes: result.faxes.map((row) => this.view(row)) };
  }

  /** The faxes of one send to many, in the order given; empty when the user has none by that id. */
  async broadcastFaxes(userId: string, broadcastId: string): Promise<FaxView[]> {
    await this.ready(userId);
    return listBroadcastFaxes(this.store, broadcastId).map((row) => this.view(row));
  }

  /** The phonebook's names of these numbers (those it has), for mails about the user's faxes. */
  async contactNames(userId: string, numbers: string[]): Promise<Record<string, string>> {
    await this.ready(userId);
    return Object.fromEntries(contactStore.contactNamesByNumber(this.store, numbers));
  }

  /** What sending these sent faxes again needs: number, document, cover page and caller id of each. */
  async sendableCopies(userId: string, faxIds: string[]) {
    await this.ready(userId);
    return faxIds.flatMap((id) => {
      const fax = findStoreFax(this.store, id);
      if (fax?.direction !== 'SEND' || !fax.remoteNumber || !fax.fileId) return [];
      return [{ toNumber: fax.remoteNumber, fileId: fax.fileId, coverPage: fax.coverPage, anonymous: fax.anonymous }];
    });
  }

  /** Moves scheduled faxes (named, or the waiting ones of a send to many) to another time. */
  async reschedule(
    userId: string,
    target: { faxIds: string[] } | { broadcastId: string },
    sendAt: number,
    now: number,
  ): Promise<ScheduleOutcome> {
    await this.ready(userId);
    return this.afterScheduleChange(rescheduleFaxes(this.store, target, sendAt, now), false);
  }

  /** Cancels scheduled faxes before they start; their credits come back at once. */
  async cancelScheduled(userId: string, target: { faxIds: string[] } | { broadcastId: string }, now: number): Promise<ScheduleOutcome> {
    await this.ready(userId);
    return this.afterScheduleChange(cancelScheduledFaxes(this.store, target, now), true);
  }

  private async afterScheduleChange(change: ScheduleChange, ended: boolean): Promise<ScheduleOutcome> {
    if (typeof change === 'string') return change;
    for (const [i, row] of change.faxes.entries()) {
      await this.pushFax(row, ended && i === change.faxes.length - 1);
      if (ended) await this.recordEnded(row);
    }
    await this.watchOpenFaxes();
    return { faxes: change.faxes.map((row) => this.view(row)) };
  }

  /** Scheduled faxes whose time has come start: each becomes a fax on its way and is dispatched. */
  private async startDueFaxes(userId: string, now: number): Promise<void> {
    const due = dueScheduledFaxes(this.store, now, STARTS_PER_ALARM);
    for (const fax of due) {
      const row = startScheduledFax(this.store, fax.id, now);
      if (!row) continue;
      await this.pushFax(row, false);
      await enqueueFaxJob(this.env, { kind: 'fax.dispatch', faxId: fax.id, userId, attempt: 1 });
    }
    if (due.length === STARTS_PER_ALARM) await this.ctx.storage.setAlarm(Date.now() + 1000);
  }

  async findFax(userId: string, faxId: string): Promise<StoreFaxRow | null> {
    await this.ready(userId);
    return findStoreFax(this.store, faxId);
  }

  async faxDetails(userId: string, faxId: string) {
    await this.ready(userId);
    const fax = findStoreFax(this.store, faxId);
    return fax ? { fax: this.view(fax), timeline: listStoreFaxEvents(this.store, faxId).map(toFaxEventView) } : null;
  }

  async findAttempt(userId: string, faxId: string, attempt: number): Promise<StoreFaxAttemptRow | null> {
    await this.ready(userId);
    return findStoreAttempt(this.store, faxId, attempt);
  }

  /** Commits one planned step of a sent fax (fax/attempt-change.ts) and pushes it. */
  async commitFaxChange(userId: string, change: FaxChange): Promise<CommitResult> {
    await this.ready(userId);
    const result = commitStoreFaxChange(this.store, change);
    if (result !== 'committed') return result;
    const row = findStoreFax(this.store, change.faxId);
    if (row) {
      const refunded = (change.refund?.toPaid ?? 0) + (change.refund?.toDefault ?? 0);
      await this.pushFax(row, refunded > 0);
      await this.recordEnded(row);
    }
    await this.watchOpenFaxes();
    return result;
  }

  async noteCarrierFaxId(userId: string, faxId: string, attempt: number, carrierFaxId: string): Promise<void> {
    await this.ready(userId);
    setStoreCarrierFaxId(this.store, faxId, attempt, carrierFaxId);
  }

  async setDocumentKey(userId: string, faxId: string, key: string): Promise<void> {
    await this.ready(userId);
    setStoreDocumentKey(this.store, faxId, key);
  }

  /** One page of the faxes of one direction `search` finds (keyset after `after`), and how many it finds. */
  async listFaxes(userId: string, direction: FaxDirection, after: FaxPosition | null, limit: number, search: FaxSearch) {
    await this.ready(userId);
    const { rows, total } = searchStoreFaxes(this.store, direction, after, limit, search);
    return { faxes: this.views(rows), total };
  }

  async faxTotals(userId: string): Promise<FaxTotals> {
    await this.ready(userId);
    return readFaxTotals(this.store);
  }

  /**
   * What a signed-in page shows from the store, in one call with each row read once (tests/integration/row-reads.test.ts):
   * the counts, the credits and, on the dashboard, its lists and whether there is a contact.
   */
  async pageFigures(userId: string, period: CreditPeriod, wanted: PageFiguresWanted): Promise<StorePageFigures> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, Date.now());
    const counters = readAllFaxCounters(this.store);
    return {
      totals: faxTotalsOf(counters, countScheduledFaxes(this.store)),
      credits: this.creditsOf(counters),
      recentFaxes: wanted.recentFaxes ? this.recentFaxesOf(counters.RECEIVE) : null,
      hasContacts: wanted.hasContacts ? contactStore.hasStoreContacts(this.store) : null,
    };
  }

  /** The dashboard's lists (GET /api/recentFaxes), as the page is rendered with them. */
  async recentFaxes(userId: string): Promise<RecentFaxes> {
    await this.ready(userId);
    return this.recentFaxesOf(readFaxCounters(this.store, 'RECEIVE'));
  }

  private recentFaxesOf(received: FaxCounterValues): RecentFaxes {
    const rows = readRecentFaxRows(this.store, received);
    // One look into the phonebook for the names of both lists.
    const views = this.views([...rows.unread, ...rows.recent]);
    return { unread: unreadOf(views.slice(0, rows.unread.length)), recent: recentOf(views.slice(rows.unread.length)) };
  }

  /** The spec's send document: the fax on its way, the newest sent, and the lifetime count. */
  async sendStatus(userId: string): Promise<SendStatus> {
    await this.ready(userId);
    return this.sendStatusOf(readFaxCounters(this.store, 'SEND'));
  }

  private sendStatusOf(counters: FaxCounterValues): SendStatus {
    const sending = findSendingStoreFax(this.store);
    const [last] = listStoreFaxes(this.store, 'SEND', null, 1);
    return {
      sendingFax: sending ? this.view(sending) : null,
      lastSentEntry: last ? this.view(last) : null,
      lifetimeSendCount: counters.lifetime,
    };
  }

  /** The spec's receive document: faxes arriving now, the newest arrived, and the lifetime count. */
  async receiveStatus(userId: string): Promise<ReceiveStatus> {
    await this.ready(userId);
    return this.receiveStatusOf(readFaxCounters(this.store, 'RECEIVE'));
  }

  private receiveStatusOf(counters: FaxCounterValues): ReceiveStatus {
    const receivingFax: ReceiveStatus['receivingFax'] = {};
    for (const fax of listStoreReceivingFaxes(this.store)) {
      receivingFax[fax.id] = { start: fax.start, remoteDisplay: this.view(fax).remoteDisplay, pagesReceived: fax.pagesSent };
    }
    const last = findLastStoreReceivedFax(this.store);
    return {
      receivingFax,
      lastReceivedEntry: last ? this.view(last) : null,
      lifetimeReceiveCount: counters.lifetime,
    };
  }

  /** A call is being answered (decision 018): its fax exists with the pages in so far. */
  async noteReceivingFax(userId: string, call: StoreInboundCall, pagesReceived: number | null): Promise<boolean> {
    await this.ready(userId);
    const changed = noteStoreReceivingFax(this.store, call, pagesReceived);
    const row = changed ? findStoreFax(this.store, call.faxId) : null;
    if (row) await this.pushFax(row, false);
    await this.watchOpenFaxes();
    return changed;
  }

  async isStillReceiving(userId: string, faxId: string): Promise<boolean> {
    await this.ready(userId);
    return findStoreFax(this.store, faxId)?.status === 'RECEIVING';
  }

  /** Ends the call's fax once, charging the receive credits of the current period as far as they go. */
  async endReceivedFax(userId: string, call: StoreInboundCall, end: ReceivedEnd, period: CreditPeriod): Promise<boolean> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, call.now);
    if (!endStoreReceivedFax(this.store, call, end)) return false;
    const row = findStoreFax(this.store, call.faxId);
    if (row) {
      await this.pushFax(row, end.kind === 'received');
      await this.recordEnded(row);
    }
    return true;
  }

  /** Marks a received fax read or unread; the user's other tabs are told when it changed. */
  async setFaxRead(userId: string, faxId: string, read: boolean, now: number): Promise<ReadChange> {
    await this.ready(userId);
    const fax = findStoreFax(this.store, faxId);
    if (!fax) return 'NOT_FOUND';
    if (fax.direction !== 'RECEIVE' || fax.status === 'RECEIVING') return 'NOT_A_RECEIVED_FAX';
    const changed = setStoreFaxRead(this.store, faxId, read, now);
    const row = findStoreFax(this.store, faxId) ?? fax;
    if (changed) await this.pushFax(row, false);
    return { fax: this.view(row), totals: readFaxTotals(this.store) };
  }

  // ---- The trash (decision 024).

  /** Moves the faxes into the trash (`into`) or back, all or none; every open page is told. */
  async moveToTrash(userId: string, faxIds: string[], into: boolean, now: number): Promise<TrashChange> {
    await this.ready(userId);
    const result = moveFaxesToTrash(this.store, faxIds, into, now);
    if (typeof result === 'string') return result;
    for (const row of result.moved) await this.pushFax(row, false);
    await this.watchOpenFaxes();
    const changed = new Set(result.moved.map((row) => row.id));
    const faxes = faxIds.flatMap((id) => {
      const row = changed.has(id) ? result.moved.find((fax) => fax.id === id) : findStoreFax(this.store, id);
      return row ? [this.view(row)] : [];
    });
    return { faxes, totals: readFaxTotals(this.store), trashTotal: countTrashedFaxes(this.store) };
  }

  async listTrash(userId: string, after: FaxPosition | null, limit: number) {
    await this.ready(userId);
    return { faxes: this.views(listTrashedFaxes(this.store, after, limit)), total: countTrashedFaxes(this.store) };
  }

  /**
   * Deletes faxes in the trash forever: those named (all must be in the trash, or nothing is
   * deleted), or with 'ALL' a bounded part of the whole trash, oldest trashing first; answers what
   * is left for the page to go on with.
   */
  async deleteForever(userId: string, faxIds: string[] | 'ALL'): Promise<ForeverDeletion> {
    await this.ready(userId);
    if (faxIds !== 'ALL') {
      const found = findTrashedFaxes(this.store, faxIds);
      if (!found) return 'NOT_FOUND';
      if (found.notTrashed > 0) return 'NOT_IN_TRASH';
      const deleted = await this.deleteBatch(userId, found.trashed);
      return { deleted, remaining: countTrashedFaxes(this.store) };
    }
    let deleted = 0;
    for (let batch = 0; batch < DELETE_BATCHES_PER_CALL; batch++) {
      const faxes = oldestTrashedFaxes(this.store, DELETE_BATCH);
      if (faxes.length === 0) break;
      deleted += await this.deleteBatch(userId, faxes);
    }
    return { deleted, remaining: countTrashedFaxes(this.store) };
  }

  /** Purges what has been in the trash longer than TRASH_RETENTION_DAYS, a bounded part per alarm. */
  private async purgeExpiredTrash(userId: string, now: number): Promise<void> {
    for (let batch = 0; batch < DELETE_BATCHES_PER_CALL; batch++) {
      const expired = oldestTrashedFaxes(this.store, DELETE_BATCH, purgeCutoff(now));
      if (expired.length === 0) return;
      await this.deleteBatch(userId, expired);
    }
    // More than a call's worth expired: come back soon for the rest.
    await this.ctx.storage.setAlarm(Date.now() + 1000);
  }

  /**
   * One batch deleted forever, with nothing else running in the object meanwhile: a restore
   * arriving while the batch's documents are being deleted waits, so it never gets back a fax
   * whose PDF is gone.
   */
  private async deleteBatch(userId: string, faxes: StoreFaxRow[]): Promise<number> {
    const deleted = await this.ctx.blockConcurrencyWhile(() => deleteFaxesForever(this.env, this.store, userId, faxes));
    if (deleted.length > 0) {
      await this.publish({
        type: 'faxes.deleted',
        at: Date.now(),
        faxIds: deleted.map((fax) => fax.id),
        totals: readFaxTotals(this.store),
        trashTotal: countTrashedFaxes(this.store),
      });
    }
    return deleted.length;
  }

  /** The balance of the current credit period (taken first if the store has not seen it) and the lifetime counts. */
  async credits(userId: string, period: CreditPeriod): Promise<StoreCredits> {
    await this.ready(userId);
    applyCreditPeriod(this.store, period, Date.now());
    return this.creditsOf(readAllFaxCounters(this.store));
  }

  private creditsOf(counters: AllFaxCounters): StoreCredits {
    return {
      send: readBalance(this.store, 'send'),
      receive: readBalance(this.store, 'receive'),
      lifetimeSendCount: counters.SEND.lifetime,
      lifetimeReceiveCount: counters.RECEIVE.lifetime,
    };
  }

  // ---- The user's phonebook (decision 026): one contact per fax number, at most
  // ---- MAX_CONTACTS. Every change tells the user's open pages with `contacts.updated`.

  private async pushContacts(): Promise<void> {
    await this.publish({ type: 'contacts.updated', at: Date.now() });
  }

  /** One page of the phonebook in name order matching every search term, the next page's keyset, and the matches' total. */
  async listContacts(userId: string, terms: string[], after: ContactPosition | null, limit: number): Promise<ContactPage> {
    await this.ready(userId);
    const rows = contactStore.listStoreContacts(this.store, terms, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      contacts: page.map(toContactView),
      next: rows.length > limit && last ? { sortKey: last.sortKey, id: last.id } : null,
      total: contactStore.countStoreContacts(this.store, terms),
    };
  }

  async contact(userId: string, contactId: string): Promise<ContactView | null> {
    await this.ready(userId);
    const row = contactStore.findStoreContact(this.store, contactId);
    return row ? toContactView(row) : null;
  }

  /** The contact with this fax number (E.164), if the phonebook has one. */
  async contactWithNumber(userId: string, faxNumber: string): Promise<ContactView | null> {
    await this.ready(userId);
    const row = contactStore.findStoreContactByNumber(this.store, faxNumber);
    return row ? toContactView(row) : null;
  }

  async addContact(userId: string, fields: ContactFields, now: number): Promise<ContactChange> {
    await this.ready(userId);
    const existing = contactStore.findStoreContactByNumber(this.store, fields.faxNumber);
    if (existing) return { ok: false, code: 'CONTACT_EXISTS', existing: toContactView(existing) };
    if (contactStore.countStoreContacts(this.store) >= MAX_CONTACTS) return { ok: false, code: 'TOO_MANY_CONTACTS' };
    const row = contactStore.insertStoreContact(this.store, crypto.randomUUID(), fields, now);
    await this.pushContacts();
    return { ok: true, contact: toContactView(row) };
  }

  async editContact(userId: string, contactId: string, fields: ContactFields, now: number): Promise<ContactChange> {
    await this.ready(userId);
    if (!contactStore.findStoreContact(this.store, contactId)) return { ok: false, code: 'NOT_FOUND' };
    const existing = contactStore.findStoreContactByNumber(this.store, fields.faxNumber);
    if (existing && existing.id !== contactId) return { ok: false, code: 'CONTACT_EXISTS', existing: toContactView(existing) };
    const row = contactStore.updateStoreContact(this.store, contactId, fields, now);
    if (!row) return { ok: false, code: 'NOT_FOUND' };
    await this.pushContacts();
    return { ok: true, contact: toContactView(row) };
  }

  /** Deletes all of these contacts, or none when one is not in the phonebook (answers false). */
  async deleteContacts(userId: string, contactIds: string[]): Promise<boolean> {
    await this.ready(userId);
    const deleted = contactStore.deleteStoreContacts(this.store, contactIds);
    if (deleted) await this.pushContacts();
    return deleted;
  }

  /** What importing these checked rows does with the phonebook as it is now. */
  private planImport(format: ContactFileFormat, rows: CheckedRow[]): ContactImportReport {
    const room = MAX_CONTACTS - contactStore.countStoreContacts(this.store);
    return planContactImport(format, rows, contactStore.contactNumbers(this.store), room);
  }

  /** What importing these checked rows would do now: the rows kept, and each refused row with why. */
  async previewContactImport(userId: string, format: ContactFileFormat, rows: CheckedRow[]): Promise<ContactImportReport> {
    await this.ready(userId);
    return this.planImport(format, rows);
  }

  /** Imports the good rows of the plan made against the phonebook as it is now, in one transaction. */
  async importContacts(userId: string, format: ContactFileFormat, rows: CheckedRow[], now: number): Promise<ContactImportReport> {
    await this.ready(userId);
    const report = this.planImport(format, rows);
    const good = report.rows.flatMap((row) => (row.ok ? [row.contact] : []));
    contactStore.insertStoreContacts(this.store, good, now);
    if (report.good > 0) await this.pushContacts();
    return { ...report, imported: report.good };
  }

  /** The whole phonebook in name order (export). */
  async exportContacts(userId: string): Promise<ContactView[]> {
    await this.ready(userId);
    return contactStore.listAllStoreContacts(this.store).map(toContactView);
  }

  /**
   * The object's own watch over its faxes on their way (domain/fax-sweeps.ts): a dispatch that
   * never ran is queued again (the dispatch decides from the store, so a message that was only
   * late changes nothing twice), and a call silent for hours is closed as failed, charging nothing.
   */
  override async alarm(): Promise<void> {
    const userId = readStoreOwner(this.store);
    if (!userId) return;
    await this.ready(userId);
    const now = Date.now();
    for (const { fax, current } of listStalledStoreSendFaxes(this.store, now - STALLED_DISPATCH_MS)) {
      const attempt = owedDispatchAttempt(fax, current, now);
      if (attempt === null) continue;
      console.warn(`Fax ${fax.id}: attempt ${attempt} was never dispatched; queueing it again`);
      await enqueueFaxJob(this.env, { kind: 'fax.dispatch', faxId: fax.id, userId, attempt });
    }
    for (const fax of listSilentStoreReceivingFaxes(this.store, now - ABANDONED_CALL_MS)) {
      const call = { faxId: fax.id, from: fax.remoteNumber, to: fax.localNumber ?? '', now };
      if (endStoreReceivedFax(this.store, call, { kind: 'failed', reason: 'CARRIER_ERROR', pagesReceived: 0 })) {
        const row = findStoreFax(this.store, fax.id);
        if (row) {
          await this.pushFax(row, false);
          await this.recordEnded(row);
        }
      }
    }
    await this.startDueFaxes(userId, now);
    await this.writePendingLedger();
    await this.purgeExpiredTrash(userId, now);
    await this.watchOpenFaxes();
  }

  /**
   * Copies the next pages (at most `maxPages`) of this user's history out of D1 into the store, and
   * once all are there the balance and counters; answers whether the copy is complete (decision 023).
   */
  async copyHistoryFromD1(userId: string, maxPages = 25): Promise<boolean> {
    saveStoreOwner(this.store, userId);
    return copyHistoryFromD1(getDb(this.env), this.store, userId, maxPages, Date.now());
  }

  /**
   * Empties the user's store, every table and fact of it, as the account is deleted. The schema
   * is brought back empty, so a late call to this object (a push after the deletion) still works.
   */
  async deleteStore(): Promise<void> {
    await this.ctx.storage.deleteAll();
    await migrateUserStore(this.store);
  }

  // ---- What a page rendered from this user's data may have missed (decision 033): every push
  // ---- counts, and the count is kept in memory only, so a restarted object starts a new series
  // ---- (another `epoch`) and every page rendered before it reads again.

  private readonly epoch = crypto.randomUUID().slice(0, 8);
  private pushes = 0;

  /** Where the pushes stand now; the Worker reads it before anything a page shows. */
  liveMark(): string {
    return `${this.epoch}.${this.pushes}`;
  }

  /** Accepts an upgrade the Worker has already authenticated; the session id comes in a header. */
  override async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('x-session-id');
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket' || !sessionId) {
      return new Response('Expected an authenticated WebSocket upgrade', { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ sessionId } satisfies SocketAttachment);
    // First of all, where the pushes stand: the page compares it with the mark it was rendered at.
    server.send(LIVE_HELLO_PREFIX + this.liveMark());
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the event to every open socket of this user but those of `exceptSessionId`; answers how many got it. */
  async publish(event: LiveEvent, exceptSessionId: string | null = null): Promise<number> {
    this.pushes++;
    const frame = JSON.stringify(event);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      if (exceptSessionId && sessionOf(socket) === exceptSessionId) continue;
      try {
        socket.send(frame);
        delivered++;
      } catch {
        // A socket closing at this moment misses the event; its page re-reads state on reconnect.
      }
    }
    return delivered;
  }

  /** Closes the sockets opened under a session that has ended (sign-out). */
  async endSession(sessionId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      if (sessionOf(socket) === sessionId) socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
    }
  }

  /**
   * Closes every socket of the user (signed out everywhere, password changed, account deleted)
   * but those of `keepSessionId`, which are handed to `newSessionId`: the browser that changed the
   * password keeps its page live under its new session instead of racing its own sign-out.
   */
  async endAllSessions(keep: { keepSessionId: string; newSessionId: string } | null = null): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      if (keep && sessionOf(socket) === keep.keepSessionId) {
        socket.serializeAttachment({ sessionId: keep.newSessionId } satisfies SocketAttachment);
      } else {
        socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended');
      }
    }
  }

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The page only ever sends heartbeats, which the auto-response handles; anything else is a
    // client we do not know, so it is told and dropped.
    if (message !== LIVE_PING) socket.close(1003, 'Unsupported frame');
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 are reserved and may not be sent back.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'Closing');
  }
}
