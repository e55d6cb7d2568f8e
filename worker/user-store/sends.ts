import type { FaxView } from '../../src/common/faxes';
import { applyCreditPeriod } from '../db/store/credit-period';
import { readBalance } from '../db/store/credits';
import { readFaxCounters } from '../db/store/fax-counters';
import { createSendFaxes, findStoreFax, listBroadcastFaxes, type NewStoreSendFax } from '../db/store/faxes';
import {
  cancelScheduledFaxes,
  dueScheduledFaxes,
  rescheduleFaxes,
  type ScheduleChange,
  startScheduledFax,
} from '../db/store/scheduled-faxes';
import { type CreditPeriod, spendable } from '../domain/credits';
import { creditsLowEvent } from '../domain/webhook-events';
import { enqueueFaxJob } from '../queues/fax-messages';
import { recordEnded } from './ledger';
import { emitFaxEvents, emitWebhookEvents, faxEventsOf } from './outgoing-webhooks';
import { faxView, faxViews, pushFax, type StoreRoom, watchOpenFaxes } from './room';
import { takeSandboxQuota } from './sandbox';

// Sending: a send (to one or many) accepted and charged at once, and scheduled faxes moved,
// cancelled, and started by the alarm when their time comes.

/** What a send comes to in the store: accepted and charged, or refused with why. */
export type SendOutcome =
  | { accepted: true; faxes: FaxView[] }
  | { accepted: false; reason: 'CREDITS'; available: number; needed: number }
  | { accepted: false; reason: 'UNVERIFIED' }
  /** Sandbox faxes past today's cap (decision 048). */
  | { accepted: false; reason: 'SANDBOX_LIMIT' };

export type ScheduleOutcome = { faxes: FaxView[] } | 'NOT_FOUND' | 'STARTED';

type ScheduleTarget = { faxIds: string[] } | { broadcastId: string };

/** Scheduled faxes started per alarm; more come a second later. */
const STARTS_PER_ALARM = 100;

export const sendMethods = {
  /**
   * Accepts one fax or every recipient's fax of a send to many, all charged in one transaction or
   * none (decision 023). A fax to send at once is dispatched by the caller; a scheduled one by the
   * alarm when its time comes.
   */
  async acceptSends(
    this: StoreRoom,
    userId: string,
    faxes: NewStoreSendFax[],
    period: CreditPeriod,
    sendLimit: number | null,
  ): Promise<SendOutcome> {
    await this.ready(userId);
    const now = faxes[0]?.now ?? Date.now();
    applyCreditPeriod(this.store, period, now);
    // A send is live or the sandbox's (a test key's, decision 048) as a whole: the sandbox's is
    // charged nothing and bounded by its daily cap instead, which it takes in this same call.
    const sandbox = faxes[0]?.livemode === false;
    if (sandbox && !takeSandboxQuota(this.store, faxes.length, now)) return { accepted: false, reason: 'SANDBOX_LIMIT' };
    // Until the account's address is confirmed it may send only a few faxes (decision 008's addendum).
    if (!sandbox && sendLimit !== null && readFaxCounters(this.store, 'SEND').lifetime + faxes.length > sendLimit) {
      return { accepted: false, reason: 'UNVERIFIED' };
    }
    const creditsBefore = spendable(readBalance(this.store, 'send'));
    const result = createSendFaxes(this.store, faxes);
    if (!result.accepted) return { accepted: false, reason: 'CREDITS', available: result.available, needed: result.needed };
    for (const [i, row] of result.faxes.entries()) await pushFax(this, row, i === result.faxes.length - 1);
    // Every fax of a send to many in one go: one queue message for all of them, not one a fax.
    const low = sandbox ? null : creditsLowEvent(creditsBefore, spendable(readBalance(this.store, 'send')));
    await emitWebhookEvents(this, [...result.faxes.flatMap((row) => faxEventsOf(this, null, row)), ...(low ? [low] : [])]);
    await watchOpenFaxes(this);
    return { accepted: true, faxes: faxViews(this, result.faxes) };
  },

  /** The faxes of one send to many, in the order given; empty when the user has none by that id. */
  async broadcastFaxes(this: StoreRoom, userId: string, broadcastId: string): Promise<FaxView[]> {
    await this.ready(userId);
    return faxViews(this, listBroadcastFaxes(this.store, broadcastId));
  },

  /** What sending these sent faxes again needs: number, document, cover page and caller id of each. */
  async sendableCopies(this: StoreRoom, userId: string, faxIds: string[]) {
    await this.ready(userId);
    return faxIds.flatMap((id) => {
      const fax = findStoreFax(this.store, id);
      if (fax?.direction !== 'SEND' || !fax.remoteNumber || !fax.fileId) return [];
      return [{ toNumber: fax.remoteNumber, fileId: fax.fileId, coverPage: fax.coverPage, anonymous: fax.anonymous }];
    });
  },

  /** Moves scheduled faxes (named, or the waiting ones of a send to many) to another time. */
  async reschedule(this: StoreRoom, userId: string, target: ScheduleTarget, sendAt: number, now: number): Promise<ScheduleOutcome> {
    await this.ready(userId);
    return afterScheduleChange(this, rescheduleFaxes(this.store, target, sendAt, now), false);
  },

  /** Cancels scheduled faxes before they start; their credits come back at once. */
  async cancelScheduled(this: StoreRoom, userId: string, target: ScheduleTarget, now: number): Promise<ScheduleOutcome> {
    await this.ready(userId);
    return afterScheduleChange(this, cancelScheduledFaxes(this.store, target, now), true);
  },
};

export type SendMethods = typeof sendMethods;

async function afterScheduleChange(room: StoreRoom, change: ScheduleChange, ended: boolean): Promise<ScheduleOutcome> {
  if (typeof change === 'string') return change;
  for (const [i, row] of change.faxes.entries()) {
    await pushFax(room, row, ended && i === change.faxes.length - 1);
    if (ended) {
      await recordEnded(room, row);
      await emitFaxEvents(room, { status: 'QUEUED', pagesSent: 0, nextAttemptAt: null }, row);
    }
  }
  await watchOpenFaxes(room);
  return { faxes: change.faxes.map((row) => faxView(room, row)) };
}

/** Scheduled faxes whose time has come start (the alarm): each becomes a fax on its way and is dispatched. */
export async function startDueFaxes(room: StoreRoom, userId: string, now: number): Promise<void> {
  const due = dueScheduledFaxes(room.store, now, STARTS_PER_ALARM);
  for (const fax of due) {
    const row = startScheduledFax(room.store, fax.id, now);
    if (!row) continue;
    await pushFax(room, row, false);
    await enqueueFaxJob(room.env, { kind: 'fax.dispatch', faxId: fax.id, userId, attempt: 1 });
  }
  if (due.length === STARTS_PER_ALARM) await room.ctx.storage.setAlarm(Date.now() + 1000);
}
