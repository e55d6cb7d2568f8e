import { DurableObject } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { createLoopbackCarrier, loopbackWebhookRequest } from '../carrier/loopback';
import { type LoopbackWebhook, parseLoopbackWebhook } from '../carrier/loopback-events';
import { type LoopbackStep, loopbackInboundFaxId, planLoopbackCall } from '../carrier/loopback-plan';
import type { EchoedAttemptRef } from '../carrier/types';
import { readConfig } from '../env';
import { copyObject, readObject, writePdf } from '../storage/bucket';
import { waitForOthers } from '../storage/local-steps';
import { applyCarrierEvents, receiveCarrierWebhook } from '../webhooks/carrier-webhook';

// One simulated fax call of the loopback network (one object per call, named by its carrier id).
// It plays the call's script (loopback-plan.ts) with alarms: each event, when due, is signed and
// handed to the same webhook code a real carrier's request reaches. Like a real carrier it
// redelivers an event the Worker did not accept, with growing pauses, and keeps the order of each
// side's events. The two sides of a call to a number of this instance are two legs, as on a real
// network, each with its own events: they play side by side, so the receiver's events never queue
// behind the sender's (decision 043), and the sender hears the call ended only once the receiver
// has the whole fax.

export interface LoopbackCall {
  carrierFaxId: string;
  reference: EchoedAttemptRef;
  from: string;
  to: string;
  pageCount: number;
  /** R2 key of the PDF being sent (the receiving side gets a copy). */
  documentKey: string;
  inbound: boolean;
  msPerPage: number;
  /** A test key's fax (decision 048): its events are applied in-process, unsigned; absent on older calls. */
  sandbox?: boolean;
}

type Side = LoopbackStep['side'];

/** A step of one side, with when it is due and its place in the whole script (its event's id). */
type LineStep = LoopbackStep & { due: number; index: number };

/** The call and its script, written once when the call is placed. */
interface LinePlan {
  call: LoopbackCall;
  legs: Record<Side, LineStep[]>;
}

/**
 * How far each side has got, written after every event: kept apart from the plan, which for the
 * largest fax is 357 steps (50 KB) that rewriting with each event made 18 MB of writes (decision 054).
 */
interface LineProgress {
  next: Record<Side, number>;
  failures: Record<Side, number>;
}

const MAX_REDELIVERIES = 15;

/** The events that tell the sending side how the call ended. */
const ENDS: ReadonlySet<string> = new Set(['fax.delivered', 'fax.failed']);

export class LoopbackFaxLine extends DurableObject<Env> {
  /** Starts the call; placing the same call again changes nothing. */
  async placeCall(call: LoopbackCall): Promise<void> {
    if (await this.ctx.storage.get<LinePlan>('plan')) return;
    const placedAt = Date.now();
    const steps = planLoopbackCall({ ...call, attempt: call.reference.attempt }, call.msPerPage).map((step, index) => ({
      ...step,
      due: placedAt + step.afterMs,
      index,
    }));
    const legs = { sender: steps.filter((s) => s.side === 'sender'), receiver: steps.filter((s) => s.side === 'receiver') };
    const progress: LineProgress = { next: { sender: 0, receiver: 0 }, failures: { sender: 0, receiver: 0 } };
    await this.ctx.storage.put({ plan: { call, legs } satisfies LinePlan, progress });
    await this.ctx.storage.setAlarm(steps[0]?.due ?? placedAt);
  }

  override async alarm(): Promise<void> {
    const kept = await this.ctx.storage.get<LinePlan | LineProgress>(['plan', 'progress']);
    const plan = kept.get('plan') as LinePlan | undefined;
    const progress = kept.get('progress') as LineProgress | undefined;
    // A call kept by an older build (its plan and progress under one key) is not played on.
    if (!plan || !progress) return this.ctx.storage.deleteAll();
    // The receiver's copy of the PDF is made while its first events are handed over, not after them.
    const handsOverMedia = plan.legs.receiver.slice(progress.next.receiver).find((step) => step.mediaPages);
    if (handsOverMedia?.mediaPages) void this.mediaOf(plan.call, handsOverMedia.mediaPages).catch(() => null);
    const receiver = this.play(plan, progress, 'receiver');
    const sender = this.play(plan, progress, 'sender', receiver);
    const wakes = (await Promise.all([sender, receiver])).filter((at): at is number => at !== null);
    if (wakes.length > 0) return this.ctx.storage.setAlarm(Math.min(...wakes));
    // The call is over: nothing of it is kept.
    await this.ctx.storage.deleteAll();
  }

  /**
   * Hands one side's due events over in order; answers when that side wants the alarm again (its
   * next event's time, or a redelivery's), or null once it has nothing left. The sender's end
   * waits for `receiver` (the other leg's play) to be over.
   */
  private async play(
    plan: LinePlan,
    progress: LineProgress,
    side: Side,
    receiver: Promise<number | null> | null = null,
  ): Promise<number | null> {
    const steps = plan.legs[side];
    while (progress.next[side] < steps.length) {
      const step = steps[progress.next[side]]!;
      if (step.due > Date.now()) return step.due;
      if (receiver && ENDS.has(step.type)) {
        const receiverWakes = await receiver;
        if (receiverWakes !== null) return receiverWakes;
      }
      if (!(await this.deliver(plan.call, step, step.index))) {
        progress.failures[side] += 1;
        if (progress.failures[side] > MAX_REDELIVERIES) {
          console.warn('Loopback line gave up on call', plan.call.carrierFaxId, 'at event', step.index);
          progress.next[side] = steps.length;
          await this.ctx.storage.put('progress', progress);
          return null;
        }
        await this.ctx.storage.put('progress', progress);
        return Date.now() + Math.min(60_000, 500 * 2 ** progress.failures[side]);
      }
      progress.failures[side] = 0;
      progress.next[side] += 1;
      await this.ctx.storage.put('progress', progress);
      // Events due at once (a fast network's 349 pages) are handed over one by one, each after the
      // Worker had a chance to serve others: in memory, back to back, they would shut out every
      // request until the last one (decision 041).
      await waitForOthers();
    }
    return null;
  }

  /** Sends one event; true once the Worker accepted it (or there is nothing to send). */
  private async deliver(call: LoopbackCall, step: LoopbackStep, index: number): Promise<boolean> {
    const { LOOPBACK_SIGNING_KEY } = readConfig(this.env);
    if (!LOOPBACK_SIGNING_KEY && !call.sandbox) return false;
    const receiver = step.side === 'receiver';
    // The receiving number's leg of the call has its own carrier id, like on a real network.
    const carrierFaxId = receiver ? loopbackInboundFaxId(call.carrierFaxId) : call.carrierFaxId;
    let type = step.type;
    let failureReason = step.failureReason;
    let inbound: LoopbackWebhook['inbound'] = null;
    if (receiver) {
      inbound = { from: call.from, to: call.to };
      if (step.pagesSent !== null) inbound.pageCount = step.pagesSent;
      if (step.mediaPages) {
        const mediaKey = await this.mediaOf(call, step.mediaPages);
        if (mediaKey) inbound.mediaKey = mediaKey;
        // The sent PDF is gone: the receiver is told its fax failed rather than left waiting.
        else if (type === 'fax.received') [type, failureReason] = ['fax.failed', 'CARRIER_ERROR'];
      }
    }
    const body: LoopbackWebhook = {
      // Stable per call and step: a redelivery is recognised as the same event.
      id: `${carrierFaxId}:${index}`,
      type,
      occurredAt: Date.now(),
      carrierFaxId,
      reference: receiver ? null : call.reference,
      pagesSent: receiver ? null : step.pagesSent,
      failureReason,
      inbound,
    };
    try {
      if (call.sandbox) {
        // No request crosses a network, so there is nothing to sign: the event is read by the
        // same parser and applied by the same code as a signed one, and the attempt's owner is
        // still proven by the reference signed with FAX_REFERENCE_SECRET at dispatch.
        const events = parseLoopbackWebhook(body);
        if (!events) return false;
        await applyCarrierEvents(this.env, 'loopback', events);
        return true;
      }
      const request = await loopbackWebhookRequest(LOOPBACK_SIGNING_KEY!, body);
      const result = await receiveCarrierWebhook(this.env, createLoopbackCarrier(this.env), request);
      return result.status === 200;
    } catch (err) {
      console.warn('Loopback webhook not accepted, will redeliver', body.id, err);
      return false;
    }
  }

  /** The receiving side's copy being made, kept in memory only (a line that restarts copies again). */
  private media: { pages: number; copy: Promise<string | null> } | null = null;

  /** The receiving side's copy of `pages` pages: the one under way, or a new one (a failed copy is tried again). */
  private mediaOf(call: LoopbackCall, pages: number): Promise<string | null> {
    if (this.media?.pages !== pages) {
      const copy = this.copyMedia(call, pages);
      this.media = { pages, copy };
      copy.catch(() => {
        if (this.media?.copy === copy) this.media = null;
      });
    }
    return this.media.copy;
  }

  /**
   * The receiving side's copy of the PDF (its first `pages` pages when the call broke off), kept by
   * "the carrier" like a real one keeps media; null when the PDF is gone.
   */
  private async copyMedia(call: LoopbackCall, pages: number): Promise<string | null> {
    const key = `loopback/received/${loopbackInboundFaxId(call.carrierFaxId)}.pdf`;
    if (pages >= call.pageCount) {
      // The whole fax: streamed from one object to the other, never held (it may be 50 MB).
      const copied = await copyObject(this.env, call.documentKey, key, null, { httpMetadata: { contentType: 'application/pdf' } });
      return copied ? key : null;
    }
    const source = await readObject(this.env, call.documentKey);
    if (!source) return null;
    await writePdf(this.env, key, await firstPages(await source.arrayBuffer(), pages));
    return key;
  }
}

async function firstPages(pdf: ArrayBuffer, pages: number): Promise<ArrayBuffer> {
  const source = await PDFDocument.load(pdf);
  const part = await PDFDocument.create();
  const copied = await part.copyPages(
    source,
    Array.from({ length: Math.min(pages, source.getPageCount()) }, (_, i) => i),
  );
  for (const page of copied) part.addPage(page);
  const bytes = await part.save();
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
