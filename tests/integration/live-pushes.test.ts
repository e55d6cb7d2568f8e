import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { showsChange } from '../../worker/domain/fax-push';
import { storedDocument } from '../support/documents';
import { customTokenFor, openLive } from '../support/live';
import { senderWithCredits, sendFax } from '../support/send-fax';

// Each change a user's pages can see is pushed once (issue 30): a push that repeats what the page
// already has costs every open page a re-render and the object a send per socket.

interface Pushed {
  type: string;
  fax?: FaxView;
}

describe('live pushes of a sent fax', () => {
  it('one push per change, from accepted to delivered', async () => {
    const sender = await senderWithCredits(10);
    const socket = await openLive(await customTokenFor(sender.cookie));
    const fileId = await storedDocument(sender.userId, 2);
    const response = await sendFax(sender.cookie, { toNumber: '+12125550123', fileId, coverpage: false, pageCount: 2 });
    expect(response.status).toBe(201);
    await socket.waitForEvent<Pushed>((e) => e.type === 'fax.updated' && e.fax?.status === 'DELIVERED', 20_000);
    const pushed = socket.events() as Pushed[];
    console.log(
      `pushes per sent fax: ${pushed.length} (${pushed.map((e) => (e.fax ? `${e.type}:${e.fax.status}:${e.fax.pagesSent}` : e.type)).join(', ')})`,
    );
    const faxes = pushed.flatMap((e) => (e.type === 'fax.updated' && e.fax ? [e.fax] : []));
    // Each push shows the page something it did not have: accepted, sending, each page, delivered.
    expect(faxes.filter((fax, i) => i > 0 && !showsChange(faxes[i - 1]!, fax))).toEqual([]);
    expect(faxes.map((fax) => `${fax.status}:${fax.pagesSent}`)).toEqual([
      'QUEUED:0',
      'SENDING:0',
      'SENDING:1',
      'SENDING:2',
      'DELIVERED:2',
    ]);
  });
});
