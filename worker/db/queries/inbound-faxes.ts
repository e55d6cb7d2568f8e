import type { CarrierName, InboundCarrierEvent } from '../../carrier/types';

// The inbox of carrier deliveries to our numbers (carrier_inbound_events): one row per carrier
// event, written before it is acted on and marked handled after. A repeated delivery of a handled
// event changes nothing; one of an event whose handling broke off half-way is handled again (every
// step of handling is idempotent), so an error never loses a fax.

export type InboundOutcome = 'STARTED' | 'RECEIVED' | 'FAILED' | 'IGNORED' | 'NO_OWNER';

/** Records the event; answers true when it is still to be handled (new, or not finished before). */
export async function recordInboundEvent(d1: D1Database, provider: CarrierName, event: InboundCarrierEvent, now: number): Promise<boolean> {
  const media = event.kind === 'inbound.started' ? null : event.media;
  const pages = event.kind === 'inbound.received' ? event.pageCount : (event.pagesReceived ?? 0);
  const [, row] = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO carrier_inbound_events
           (provider, event_id, carrier_fax_id, from_number, to_number, page_count, media_url, media_key, occurred_at, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        provider,
        event.eventId,
        event.carrierFaxId,
        event.from,
        event.to,
        pages,
        media && 'url' in media ? media.url : null,
        media && 'r2Key' in media ? media.r2Key : null,
        event.occurredAt,
        now,
      ),
    d1.prepare('SELECT handled_at FROM carrier_inbound_events WHERE provider = ? AND event_id = ?').bind(provider, event.eventId),
  ]);
  return (row!.results[0] as { handled_at: number | null } | undefined)?.handled_at == null;
}

export async function markInboundEventHandled(
  d1: D1Database,
  provider: CarrierName,
  eventId: string,
  handled: { faxId: string | null; outcome: InboundOutcome; at: number },
): Promise<void> {
  await d1
    .prepare(
      'UPDATE carrier_inbound_events SET handled_at = ?, fax_id = ?, outcome = ? WHERE provider = ? AND event_id = ? AND handled_at IS NULL',
    )
    .bind(handled.at, handled.faxId, handled.outcome, provider, eventId)
    .run();
}
