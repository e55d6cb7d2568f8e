import type { CarrierName, InboundCarrierEvent } from '../carrier/types';
import { getDb } from '../db/client';
import { creditPeriodOf } from '../db/queries/credit-period';
import { type InboundOutcome, markInboundEventHandled, recordInboundEvent } from '../db/queries/inbound-faxes';
import { findNumberOwner, type InboundCall, type NumberOwner, type ReceivedEnd } from '../db/queries/received-faxes';
import { readConfig } from '../env';
import { ApiError } from '../http/api-error';
import { faxDocumentKey } from '../storage/documents';
import { userStore } from '../user-store/stub';
import { inboundFaxId } from './inbound-fax-id';
import { MediaNotReady, storeInboundMedia, UnusableMedia } from './inbound-media';
import { mailFaxReceived } from './mail-received';

// A carrier's news about a call to one of our numbers, however it arrives (Telnyx's webhook, the
// loopback network in-process): recorded, turned into the number owner's RECEIVE fax, and pushed
// to their open pages (decision 018). Events may come twice, late or out of order; each step is
// idempotent, and an error is thrown so the carrier redelivers.

export type InboundResult = InboundOutcome | 'duplicate';

/** How long a carrier's media link may take to hand over a fax. */
const MEDIA_TIMEOUT_MS = 60_000;

export async function handleInboundEvent(env: Env, provider: CarrierName, event: InboundCarrierEvent): Promise<InboundResult> {
  const now = Date.now();
  if (!(await recordInboundEvent(env.DB, provider, event, now))) return 'duplicate';

  const owner = await findNumberOwner(getDb(env), event.to);
  if (!owner) {
    // Not a fax anyone here can read (released, never assigned, or another instance's number):
    // acknowledged, so the carrier stops, and kept in carrier_inbound_events for support.
    console.warn('Inbound fax to a number nobody owns, refused', { provider, eventId: event.eventId, to: event.to });
    await markInboundEventHandled(env.DB, provider, event.eventId, { faxId: null, outcome: 'NO_OWNER', at: now });
    return 'NO_OWNER';
  }

  const userId = owner.id;
  const faxId = await inboundFaxId(readConfig(env).FAX_ID_SECRET, provider, event.carrierFaxId, userId);
  const call: InboundCall = { faxId, userId, from: event.from, to: event.to, now };
  // The owner's store makes, charges and ends the fax, and pushes each change to their pages.
  const [changed, outcome] = await applyToFax(env, call, owner, event);
  // On every delivery of an end, not only the one that made the fax: a send that failed is tried again.
  if (event.kind !== 'inbound.started') await mailFaxReceived(env, userId, call.faxId);
  await markInboundEventHandled(env.DB, provider, event.eventId, {
    faxId: call.faxId,
    outcome: changed ? outcome : 'IGNORED',
    at: Date.now(),
  });
  return changed ? outcome : 'IGNORED';
}

async function applyToFax(
  env: Env,
  { userId, ...call }: InboundCall,
  owner: NumberOwner,
  event: InboundCarrierEvent,
): Promise<[boolean, InboundOutcome]> {
  const store = userStore(env, userId);
  // The end may come first (or alone): the page then shows "receiving…" while the document is copied.
  const noted = await store.noteReceivingFax(call, event.kind === 'inbound.started' ? event.pagesReceived : null);
  if (event.kind === 'inbound.started') return [noted.changed, 'STARTED'];
  // Already ended (a repeat, or closed as abandoned): its media is not fetched again.
  if (!noted.receiving) return [false, 'IGNORED'];
  const end = await endOf(env, { userId, ...call }, event);
  const ended = await store.endReceivedFax(call, end, creditPeriodOf(owner));
  return [ended, end.kind === 'received' ? 'RECEIVED' : 'FAILED'];
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
