import type { CarrierName, InboundCarrierEvent } from '../../carrier/types';

// The inbox of carrier deliveries to our numbers as it was before decision 042
// (carrier_inbound_events): one row per carrier event. Nothing writes it any more; the cron hands
// the events whose handling never finished to their owners' stores and empties it
// (jobs/move-inbound-events.ts).

interface OldInboundRow {
  provider: CarrierName;
  event_id: string;
  carrier_fax_id: string;
  from_number: string | null;
  to_number: string;
  page_count: number;
  media_url: string | null;
  media_key: string | null;
  occurred_at: number;
  handled_at: number | null;
}

export interface OldInboundEvent {
  provider: CarrierName;
  eventId: string;
  /** The event as it can be told again; null when it was handled (nothing left to do). */
  pending: InboundCarrierEvent | null;
}

/**
 * The next rows. The kind of a pending event was not kept: one with a document is told again as
 * the fax received (its pages announced), one without as a call started; both are idempotent in
 * the owner's store.
 */
export async function listOldInboundEvents(d1: D1Database, limit: number): Promise<OldInboundEvent[]> {
  const { results } = await d1
    .prepare('SELECT * FROM carrier_inbound_events ORDER BY received_at LIMIT ?')
    .bind(limit)
    .all<OldInboundRow>();
  return results.map((row) => {
    const base = {
      eventId: row.event_id,
      carrierFaxId: row.carrier_fax_id,
      from: row.from_number,
      to: row.to_number,
      occurredAt: row.occurred_at,
    };
    const media = row.media_key ? { r2Key: row.media_key } : row.media_url ? { url: row.media_url } : null;
    const pending: InboundCarrierEvent | null =
      row.handled_at !== null
        ? null
        : media
          ? { ...base, kind: 'inbound.received', pageCount: row.page_count, media }
          : { ...base, kind: 'inbound.started', pagesReceived: row.page_count };
    return { provider: row.provider, eventId: row.event_id, pending };
  });
}

export async function deleteOldInboundEvent(d1: D1Database, provider: CarrierName, eventId: string): Promise<void> {
  await d1.prepare('DELETE FROM carrier_inbound_events WHERE provider = ? AND event_id = ?').bind(provider, eventId).run();
}
