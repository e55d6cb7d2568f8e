import type { AttemptRef, CarrierName } from '../carrier/types';
import { findStoreAttempt, setStoreCarrierFaxId, setStoreDocumentKey } from '../db/store/fax-attempts';
import { commitStoreFaxChange, type FaxChange } from '../db/store/fax-changes';
import { findStoreFax } from '../db/store/faxes';
import { claimStoreMailedFaxEnd, type MailedBy, type MailedFaxEnd, recordStoreMailedFax } from '../db/store/mailed-faxes';
import type { StoreFaxRow } from '../db/store/schema';
import { planAttemptChange } from '../domain/attempt-change';
import { decideDispatch } from '../domain/dispatch-decision';
import { showsChange } from '../domain/fax-push';
import { type AttemptReport, faxProgressOf, isTerminalStatus, startFaxAttempt } from '../domain/fax-status';
import { enqueueFaxJob } from '../queues/fax-messages';
import { recordEnded } from './ledger';
import { emitFaxEvents } from './outgoing-webhooks';
import { faxView, pushFax, type StoreRoom, watchOpenFaxes } from './room';

// A sent fax's life with the carrier (decision 014), decided where the fax is: the object runs one
// call at a time, so a dispatch's start and a carrier's report are each read, planned (the rules of
// domain/) and committed in one call, with no version to race and no second round trip.

/** applied: the fax moved; unchanged: nothing to do (late, stale); duplicate: already handled; unknown: not ours. */
export type ReportOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown';

export interface AttemptReportInput {
  ref: AttemptRef;
  report: AttemptReport;
  /** The carrier's id for the attempt, recorded the first time it is seen. */
  carrierFaxId: string | null;
  /** The webhook delivery this comes from; null for reports of our own (a refusal at send). */
  receipt: { provider: string; eventId: string } | null;
  retryBaseSeconds: number;
}

/** What the dispatch goes on with: the started (or resumed) fax to hand to the carrier, or why not. */
export type DispatchStart = { decision: 'send'; fax: StoreFaxRow } | { decision: 'wait' | 'ignore' };

export interface DispatchStartInput {
  ref: AttemptRef;
  carrier: CarrierName;
  /** The user's own number, if any, and the service's shared one (for anonymous faxes or none). */
  callerIds: { own: string | null; shared: string };
}

export const sentFaxMethods = {
  /** Starts (or resumes) the attempt a dispatch message names, when the fax as it is allows it. */
  async startDispatch(this: StoreRoom, userId: string, { ref, carrier, callerIds }: DispatchStartInput): Promise<DispatchStart> {
    await this.ready(userId);
    const fax = findStoreFax(this.store, ref.faxId);
    if (!fax) return { decision: 'ignore' };
    const current = fax.attempt > 0 ? findStoreAttempt(this.store, fax.id, fax.attempt) : null;
    const decision = decideDispatch(fax, current, ref.attempt);
    if (decision === 'wait' || decision === 'ignore') return { decision };
    if (decision === 'start') {
      const from = fax.anonymous ? callerIds.shared : (callerIds.own ?? callerIds.shared);
      // A sandbox fax's attempts are the loopback network's, whatever carrier live faxes use (decision 048).
      const by = fax.livemode ? carrier : 'loopback';
      if (!(await startAttemptOf(this, fax, ref.attempt, by, from))) return { decision: 'ignore' };
    }
    const started = findStoreFax(this.store, fax.id);
    return started ? { decision: 'send', fax: started } : { decision: 'ignore' };
  },

  /**
   * Records attempt `attempt` as started (a QUEUED attempt row, fax.attempt = n, no pending retry,
   * a timeline entry) before the carrier is called, so every event the carrier sends finds it.
   * Answers false when the attempt may not start (the fax finished, or it started already).
   */
  async startAttempt(
    this: StoreRoom,
    userId: string,
    faxId: string,
    attempt: number,
    carrier: CarrierName,
    from: string,
  ): Promise<boolean> {
    await this.ready(userId);
    const fax = findStoreFax(this.store, faxId);
    return fax?.direction === 'SEND' ? startAttemptOf(this, fax, attempt, carrier, from) : false;
  },

  /**
   * Applies what a carrier (or the dispatch itself) says about one attempt: idempotent per webhook
   * delivery (the delivery is recorded with the change it caused), monotonic whatever the order.
   * `mailedEnd` is the notice the caller mails when the report ended a fax sent by e-mail: claimed
   * with the change, so only one report ever answers it (decision 028).
   */
  async reportAttempt(
    this: StoreRoom,
    userId: string,
    input: AttemptReportInput,
  ): Promise<{ outcome: ReportOutcome; mailedEnd: MailedFaxEnd | null }> {
    await this.ready(userId);
    let queued: number | null = null;
    for (;;) {
      const fax = findStoreFax(this.store, input.ref.faxId);
      const attempt = fax?.direction === 'SEND' ? findStoreAttempt(this.store, fax.id, input.ref.attempt) : null;
      const foreign = attempt?.carrierFaxId != null && input.carrierFaxId !== null && attempt.carrierFaxId !== input.carrierFaxId;
      // A fax deleted since (account deletion), or an event for someone else's call.
      if (!fax || !attempt || foreign) return { outcome: 'unknown', mailedEnd: null };
      const plan = planAttemptChange({
        fax: { ...fax, userId },
        attempt,
        report: input.report,
        carrierFaxId: input.carrierFaxId,
        retryBaseSeconds: input.retryBaseSeconds,
        now: Date.now(),
      });
      if (!plan) return { outcome: 'unchanged', mailedEnd: null };
      // The retry is queued before the commit, so a crash in between cannot lose it (the dispatch
      // waits until the failure is committed, and ignores the message if it never is). Another call
      // may run while it is queued: the report is planned again from the fax as it is then.
      if (plan.retry && plan.retry.attempt !== queued) {
        await enqueueFaxJob(
          this.env,
          { kind: 'fax.dispatch', faxId: fax.id, userId, attempt: plan.retry.attempt },
          plan.retry.delaySeconds,
        );
        queued = plan.retry.attempt;
        continue;
      }
      const committed = await commitChange(this, { ...plan.change, receipt: input.receipt ?? undefined }, fax);
      if (!committed) return { outcome: 'duplicate', mailedEnd: null };
      return { outcome: 'applied', mailedEnd: committed.mailedEnd };
    }
  },

  /**
   * A fax sent by e-mail before its notice was kept here, handed over from D1 by the cron
   * (jobs/move-mailed-faxes.ts): noted, and when the fax has ended already (after `endedSince`;
   * one that ended before is noted as told, too late to tell) its notice is claimed and answered.
   * Handing it over again changes nothing; a fax not in the store (deleted since) is skipped.
   */
  async takeMailedFax(
    this: StoreRoom,
    userId: string,
    faxId: string,
    mailedBy: MailedBy,
    created: number,
    endedSince: number,
  ): Promise<MailedFaxEnd | null> {
    await this.ready(userId);
    const fax = findStoreFax(this.store, faxId);
    if (fax?.direction !== 'SEND') return null;
    const tooLate = isTerminalStatus(fax.status) && (fax.completed ?? fax.updated) < endedSince;
    recordStoreMailedFax(this.store, faxId, mailedBy, created, tooLate ? Date.now() : null);
    return isTerminalStatus(fax.status) ? claimStoreMailedFaxEnd(this.store, fax, Date.now()) : null;
  },

  async noteCarrierFaxId(this: StoreRoom, userId: string, faxId: string, attempt: number, carrierFaxId: string): Promise<void> {
    await this.ready(userId);
    setStoreCarrierFaxId(this.store, faxId, attempt, carrierFaxId);
  },

  async setDocumentKey(this: StoreRoom, userId: string, faxId: string, key: string): Promise<void> {
    await this.ready(userId);
    setStoreDocumentKey(this.store, faxId, key);
  },
};

export type SentFaxMethods = typeof sentFaxMethods;

async function startAttemptOf(room: StoreRoom, fax: StoreFaxRow, attempt: number, carrier: CarrierName, from: string): Promise<boolean> {
  const next = startFaxAttempt(faxProgressOf(fax), attempt);
  if (!next) return false;
  const committed = await commitChange(
    room,
    {
      faxId: fax.id,
      version: fax.updated,
      now: Date.now(),
      fax: { ...next, localNumber: from },
      attemptInsert: { attempt, carrier },
      timeline: [{ kind: 'QUEUED', attempt, pagesSent: null, reason: null }],
    },
    fax,
  );
  return committed !== null;
}

/**
 * Commits one planned step of a sent fax (`before`: the fax it was planned from) and pushes it when
 * the page would show something new; null when its carrier delivery was applied before. Planned
 * and committed with no await between, the fax's version always holds. The step that ends a fax
 * sent by e-mail claims its notice too, before any await: the object writes both at once, and the
 * claim is one conditional update, so the notice is answered to one step only (decision 028).
 */
async function commitChange(room: StoreRoom, change: FaxChange, before: StoreFaxRow): Promise<{ mailedEnd: MailedFaxEnd | null } | null> {
  const result = commitStoreFaxChange(room.store, change);
  if (result === 'conflict') throw new Error(`Fax ${change.faxId} changed between its plan and its commit`);
  if (result === 'duplicate') return null;
  const row = findStoreFax(room.store, change.faxId);
  const ended = row !== null && !isTerminalStatus(before.status) && isTerminalStatus(row.status);
  const mailedEnd = ended ? claimStoreMailedFaxEnd(room.store, row, change.now) : null;
  if (row) {
    const refunded = (change.refund?.toPaid ?? 0) + (change.refund?.toDefault ?? 0);
    if (refunded > 0 || showsChange(faxView(room, before), faxView(room, row))) await pushFax(room, row, refunded > 0);
    await recordEnded(room, row);
    await emitFaxEvents(room, before, row);
  }
  await watchOpenFaxes(room);
  return { mailedEnd };
}
