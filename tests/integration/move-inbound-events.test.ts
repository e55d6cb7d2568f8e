import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { moveInboundEventsToStores } from '../../worker/jobs/move-inbound-events';
import { receivedFaxesOf, receiver } from '../support/receive';
import { storeSql } from '../support/user-store';

// D1's carrier_inbound_events of before decision 042 empties into the receiving numbers' owners'
// stores: an event whose handling never finished is handed over (nothing received is lost), a
// handled one just goes, and running the mover again hands nothing over twice.

async function oldInboundRow(to: string, handled: boolean): Promise<string> {
  const eventId = `evt-${crypto.randomUUID()}`;
  await env.DB.prepare(
    `INSERT INTO carrier_inbound_events (provider, event_id, carrier_fax_id, from_number, to_number, page_count, occurred_at, received_at, handled_at, outcome)
     VALUES ('telnyx', ?, ?, '+16132484850', ?, 1, ?, ?, ?, ?)`,
  )
    .bind(eventId, crypto.randomUUID(), to, Date.now(), Date.now(), handled ? Date.now() : null, handled ? 'STARTED' : null)
    .run();
  return eventId;
}

describe('moving carrier inbound events out of D1', () => {
  it('hands the unfinished ones to their owners’ stores once, drops the handled ones, and leaves D1 empty', async () => {
    const b = await receiver(10, 0);
    const pending = await oldInboundRow(b.number, false);
    await oldInboundRow(b.number, true);

    let moved = 0;
    for (let run = 0; run < 3; run++) moved += await moveInboundEventsToStores(env, 1);
    expect(moved).toBe(2);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM carrier_inbound_events').first('n')).toBe(0);

    // The unfinished call is in the owner's inbox, still arriving; the event is recorded there once.
    expect(await receivedFaxesOf(b.userId)).toEqual([expect.objectContaining({ status: 'RECEIVING', remote_number: '+16132484850' })]);
    expect(await storeSql(b.userId, 'SELECT event_id FROM carrier_receipts WHERE event_id = ?', pending)).toHaveLength(1);
    expect(await moveInboundEventsToStores(env)).toBe(0);
  });
});
