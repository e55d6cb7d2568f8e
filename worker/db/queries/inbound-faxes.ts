import type { CarrierEvent, CarrierName } from '../../carrier/types';

/**
 * Records an inbound fax a carrier announced, once per carrier event, for the receiving path to
 * pick up (`handled_at` null until then). Answers false when this event was already recorded.
 */
export async function recordInboundFax(
  d1: D1Database,
  provider: CarrierName,
  event: Extract<CarrierEvent, { kind: 'inbound.received' }>,
  now: number,
): Promise<boolean> {
  const media = 'url' in event.media ? { url: event.media.url, key: null } : { url: null, key: event.media.r2Key };
  const [, inserted] = await d1.batch([
    d1.prepare('INSERT OR IGNORE INTO webhook_events (provider, event_id, received_at) VALUES (?, ?, ?)').bind(provider, event.eventId, now),
    d1
      .prepare(
        `INSERT OR IGNORE INTO carrier_inbound_events
           (provider, event_id, carrier_fax_id, from_number, to_number, page_count, media_url, media_key, occurred_at, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(provider, event.eventId, event.carrierFaxId, event.from, event.to, event.pageCount, media.url, media.key, event.occurredAt, now),
  ]);
  return inserted!.meta.changes === 1;
}
