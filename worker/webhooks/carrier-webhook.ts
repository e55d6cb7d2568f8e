import type { Carrier, CarrierEvent, CarrierName } from '../carrier/types';
import { applyCarrierEvent, type ReportOutcome } from '../fax/lifecycle';
import { handleInboundEvent, type InboundResult } from '../receive/inbound-events';

interface WebhookResult {
  /** 200 handled (or a duplicate), 400 not the carrier's format, 401 bad or stale signature. */
  status: 200 | 400 | 401;
  outcomes: (ReportOutcome | InboundResult)[];
}

/**
 * Everything a carrier's webhook goes through, whichever way it arrives (the HTTP route for
 * Telnyx, in-process for the loopback network): verification, parsing, then each event applied.
 * Failures to apply are thrown, so the carrier redelivers.
 */
export async function receiveCarrierWebhook(env: Env, carrier: Carrier, request: Request): Promise<WebhookResult> {
  const reading = await carrier.readWebhook(request);
  if (reading.kind === 'invalid-signature') return { status: 401, outcomes: [] };
  if (reading.kind === 'malformed') {
    // Signed by the carrier yet unreadable to us (a format change, a fax to a number we cannot
    // parse): the carrier will give up on it, so it must at least reach an operator's logs.
    console.warn(`A signed ${carrier.name} webhook could not be read; answered 400`);
    return { status: 400, outcomes: [] };
  }
  return { status: 200, outcomes: await applyCarrierEvents(env, carrier.name, reading.events) };
}

/**
 * Applies a carrier's events in order, once they are known to be the carrier's: read from a
 * verified webhook, or handed over in-process by the sandbox's lines (decision 048).
 */
export async function applyCarrierEvents(env: Env, carrier: CarrierName, events: CarrierEvent[]): Promise<WebhookResult['outcomes']> {
  const outcomes: WebhookResult['outcomes'] = [];
  for (const event of events) {
    outcomes.push(
      event.kind === 'outbound.status' ? await applyCarrierEvent(env, carrier, event) : await handleInboundEvent(env, carrier, event),
    );
  }
  return outcomes;
}
