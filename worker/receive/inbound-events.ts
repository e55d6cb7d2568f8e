import type { CarrierName, InboundCarrierEvent } from '../carrier/types';
import { getDb } from '../db/client';
import { creditPeriodOf } from '../db/queries/credit-period';
import { findNumberOwner, type InboundCall, type ReceivedEnd } from '../db/queries/received-faxes';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import { faxDocumentKey } from '../storage/documents';
import { userStore } from '../user-store/stub';
import { inboundFaxId } from './inbound-fax-id';
import { MediaNotReady, storeInboundMedia, UnusableMedia } from './inbound-media';
import { mailFaxReceived } from './mail-received';

// A carrier's news about a call to one of our numbers, however it arrives (Telnyx's webhook, the
// loopback network in-process): turned into the number owner's RECEIVE fax, and pushed to their
// open pages (decision 018). Events may come twice, late or out of order; the owner's store
// refuses an event it has handled (decision 042), every step is idempotent, and an error is
// thrown so the carrier redelivers: a handling that broke off half-way is done again, never lost.

export type InboundOutcome = 'STARTED' | 'RECEIVED' | 'FAILED' | 'IGNORED' | 'NO_OWNER';
export type InboundResult = InboundOutcome | 'duplicate';

/** How long a carrier's media link may take to hand over a fax. */
const MEDIA_TIMEOUT_MS = 60_000;

export async function handleInboundEvent(env: Env, provider: CarrierName, event: InboundCarrierEvent): Promise<InboundResult> {
  // The number's owner is found in D1 (numbers grow with numbers, not faxes).
  const owner = await findNumberOwner(getDb(env), event.to);
  if (!owner) {
    // Not a fax anyone here can read (released, never assigned, or another instance's number):
    // acknowledged, so the carrier stops, logged for support, and nothing is kept.
    console.warn('Inbound fax to a number nobody owns, refused', { provider, eventId: event.eventId, to: event.to });
    return 'NO_OWNER';
  }

  const userId = owner.id;
  const faxId = await inboundFaxId(readConfig(env).FAX_ID_SECRET, provider, event.carrierFaxId, userId);
  const call: InboundCall = { faxId, userId, from: event.from, to: event.to, now: Date.now() };
  const receipt = { provider, eventId: event.eventId };
  const store = userStore(env, userId);
  // The end may come first (or alone): the page then shows "receiving…" while the document is copied.
  const started = event.kind === 'inbound.started';
  const noted = await store.noteReceivingFax(call, started ? event.pagesReceived : null, { ...receipt, handledHere: started });
  if (noted.duplicate) return 'duplicate';
  if (started) return noted.changed ? 'STARTED' : 'IGNORED';

  // Already ended (a repeat, or closed as abandoned): its media is not fetched again.
  let outcome: InboundOutcome = 'IGNORED';
  if (noted.receiving) {
    const end = await endOf(env, call, event);
    const ended = await store.endReceivedFax(call, end, creditPeriodOf(owner));
    if (ended) outcome = end.kind === 'received' ? 'RECEIVED' : 'FAILED';
  }
  // On every delivery of an end until it is recorded, not only the one that made the fax: a mail
  // that failed is tried again.
  await mailFaxReceived(env, userId, faxId);
  await store.recordReceipt(receipt);
  return outcome;
}

/** How the call ends for the user: the pages kept in our storage, or a failure with none. */
async function endOf(env: Env, call: InboundCall, event: Exclude<InboundCarrierEvent, { kind: 'inbound.started' }>): Promise<ReceivedEnd> {
  const announced = event.kind === 'inbound.received' ? event.pageCount : event.pagesReceived;
  const failed = event.kind === 'inbound.failed' ? event.failureReason : null;
  if (!event.media || announced < 1) return { kind: 'failed', reason: failed ?? 'CARRIER_ERROR', pagesReceived: 0 };

  const key = faxDocumentKey(call.userId, call.faxId);
  const config = readConfig(env);
  const limits = { maxBytes: config.MAX_DOCUMENT_BYTES, timeoutMs: MEDIA_TIMEOUT_MS, hosts: config.CARRIER_MEDIA_HOSTS };
  try {
    const stored = await storeInboundMedia(env, event.media, key, limits, announced);
    // A call that broke off keeps the pages that made it: a partial fax.
    return { kind: 'received', pageCount: stored.pageCount, documentKey: key, partial: failed !== null };
  } catch (err) {
    if (err instanceof MediaNotReady) {
      // Answered 503: the carrier redelivers the event, and the link is tried again.
      console.warn('Received fax document not fetched yet', { faxId: call.faxId, reason: err.message });
      throw new ApiError(503, 'MEDIA_NOT_READY');
    }
    if (!(err instanceof UnusableMedia)) throw err;
    console.warn('Received fax without a usable document', { faxId: call.faxId, reason: err.message });
    return { kind: 'failed', reason: failed ?? 'DOCUMENT_UNREADABLE', pagesReceived: 0 };
  }
}
