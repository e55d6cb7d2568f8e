import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { outboxTo } from '../support/account';
import { postTelnyxWebhook } from '../support/carrier';
import { uniqueEmail } from '../support/client';
import { makePdf } from '../support/documents';
import { addFaxMailAddress, confirmedFaxMailAddress, removeFaxMailAddress } from '../support/fax-mail';
import { receiver, TELNYX_MEDIA_HOST, telnyxInboundCall } from '../support/receive';
import { waitFor } from '../support/wait';

// Received faxes by e-mail (decision 028): every address the user confirmed gets
// each received fax with who sent it, its pages, a link to open it and the PDF attached, unless the
// PDF is over the 10 MB limit, then the link alone. Unconfirmed and removed addresses get nothing.

let mediaPdf: () => Promise<Uint8Array>;

beforeEach(() => {
  mediaPdf = () => makePdf(2);
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== TELNYX_MEDIA_HOST) return realFetch(input, init);
    return new Response(await mediaPdf(), { headers: { 'content-type': 'application/pdf' } });
  });
});

interface OutboxAttachmentRaw {
  filename: string;
  contentType: string;
  size: number;
}

async function receiveFax(number: string): Promise<string> {
  const inbound = await telnyxInboundCall(number, { pages: 2 });
  for (const event of [inbound.started, inbound.received]) expect((await postTelnyxWebhook(event)).status).toBe(200);
  return inbound.faxId;
}

/** The mail about a received fax to `email`, once the queue job has sent it. */
function faxMailTo(email: string) {
  return waitFor(async () => (await outboxTo(email)).find((m) => m.subject.startsWith('Fax from')), { what: `the fax mailed to ${email}` });
}

describe('received faxes mailed to the chosen addresses', () => {
  it('sends each confirmed address the fax with its PDF attached, the sender, the pages and a link; nothing to an unconfirmed one', async () => {
    const b = await receiver();
    const office = uniqueEmail('office');
    const home = uniqueEmail('home');
    const pending = uniqueEmail('pending');
    await confirmedFaxMailAddress(b.cookie, office);
    await confirmedFaxMailAddress(b.cookie, home);
    expect((await addFaxMailAddress(b.cookie, pending)).status).toBe(201);

    const faxId = await receiveFax(b.number);
    const day = new Date().toISOString().slice(0, 10);
    for (const address of [office, home]) {
      const mail = await faxMailTo(address);
      expect(mail.subject).toBe('Fax from (613) 248-4850, 2 pages');
      expect(mail.text).toContain(`You have a new fax from (613) 248-4850 to ${formatPhoneForDisplay(b.number)}: 2 pages.`);
      expect(mail.text).toContain('The fax is attached as a PDF.');
      expect(mail.text).toContain(`http://localhost:8787/faxDetails/${faxId}`);
      expect(mail.text).toContain(`gets the faxes of the account ${b.email}`);
      const attachments = JSON.parse((mail as unknown as { attachments: string }).attachments) as OutboxAttachmentRaw[];
      expect(attachments).toEqual([
        { filename: `fax-from-16132484850-${day}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
      ]);
      expect(attachments[0]!.size).toBeGreaterThan(500);
    }
    // The account's own notice still comes; the address waiting for its link gets no fax.
    expect((await outboxTo(b.email)).map((m) => m.subject)).toEqual(['New fax from (613) 248-4850']);
    expect((await outboxTo(pending)).map((m) => m.subject)).toEqual(['Confirm this address for faxes from FaxFlow']);
  });

  it('sends a link instead of a PDF over 10 MB, and one mail, not two, when the account address is on the list', async () => {
    const b = await receiver();
    await confirmedFaxMailAddress(b.cookie, b.email);
    mediaPdf = () => makePdf(2, { padBytes: 10.5 * 1024 * 1024 });
    const faxId = await receiveFax(b.number);
    const mail = await faxMailTo(b.email);
    expect(mail.text).toMatch(/Its PDF \(10\.\d MB\) is too large to attach: open the fax with the link below\./);
    expect(mail.text).toContain(`http://localhost:8787/faxDetails/${faxId}`);
    expect(JSON.parse((mail as unknown as { attachments: string }).attachments)).toEqual([]);
    // The account's own notice is sent (or not) before the carrier's webhook is answered.
    expect((await outboxTo(b.email)).map((m) => m.subject)).toEqual([
      'Fax from (613) 248-4850, 2 pages',
      'Confirm this address for faxes from FaxFlow',
    ]);
  });

  it('stops mailing an address once it is removed', async () => {
    const b = await receiver();
    const gone = uniqueEmail('gone');
    const address = await confirmedFaxMailAddress(b.cookie, gone);
    expect((await removeFaxMailAddress(b.cookie, address.id)).status).toBe(200);
    await receiveFax(b.number);
    // The jobs for the addresses are queued, and the account's notice sent, before the webhook is answered.
    expect((await outboxTo(b.email)).map((m) => m.subject)).toEqual(['New fax from (613) 248-4850']);
    expect((await outboxTo(gone)).map((m) => m.subject)).toEqual(['Confirm this address for faxes from FaxFlow']);
  });
});
