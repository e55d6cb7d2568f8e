import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { postTelnyxWebhook } from '../support/carrier';
import { receivedFaxesOf, receiver, telnyxInboundCall } from '../support/receive';

// An account being deleted takes no new faxes (decision 018): its deletion may already have
// cleared its faxes and documents, and a fax written now would outlive the account.

describe('a fax to the number of an account being deleted', () => {
  it('is acknowledged and kept nowhere, as for a number nobody owns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const b = await receiver(10, 0);
    await env.DB.prepare('UPDATE users SET deleting_at = ? WHERE id = ?').bind(Date.now(), b.userId).run();
    const inbound = await telnyxInboundCall(b.number);
    expect((await postTelnyxWebhook(inbound.started)).status).toBe(200);
    expect(await receivedFaxesOf(b.userId)).toEqual([]);
    // Logged, and no row kept for it anywhere (decision 042).
    const row = await env.DB.prepare('SELECT 1 FROM carrier_inbound_events WHERE carrier_fax_id = ?').bind(inbound.carrierFaxId).first();
    expect(row).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('nobody owns'), expect.anything());
  });
});
