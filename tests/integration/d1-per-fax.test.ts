import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { outboxTo } from '../support/account';
import { insertUser } from '../support/db';
import { makePdf, storedDocument } from '../support/documents';
import { confirmedSender, mailFax } from '../support/fax-mail';
import { assignNumberTo, waitForFaxDone } from '../support/faxes';
import { receivedFaxesOf, setReceiveCredits } from '../support/receive';
import { senderWithCredits, sendFax } from '../support/send-fax';
import { storeSql } from '../support/user-store';
import { waitFor } from '../support/wait';

// Nothing per fax in the global database (issue 30, decision 042): a fax sent through the API,
// dispatched, delivered through the loopback network to a number of this instance and received
// there leaves D1 with exactly the rows it had. What may change grows with users, days and numbers,
// not faxes: rate-limit windows, the local mail outbox (the recipient's mailbox), and the funnel's
// count of accounts that sent their first fax, per day (decision 040). A fax sent by e-mail adds
// only the document its attachments make, as an upload does (decision 042's amendment).

const NOT_PER_FAX = new Set(['rate_limits', 'outbox', 'funnel_counts']);

async function rowCounts(): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const counts = new Map<string, number>();
  for (const { name } of results) {
    if (NOT_PER_FAX.has(name)) continue;
    counts.set(name, (await env.DB.prepare(`SELECT count(*) AS n FROM "${name}"`).first<number>('n')) ?? 0);
  }
  return counts;
}

describe('D1 per fax', () => {
  it('a send and the receive it makes add no row to D1', async () => {
    const sender = await senderWithCredits(10);
    const recipient = await insertUser();
    await setReceiveCredits(recipient.id, 5, 0);
    const to = await assignNumberTo(recipient.id);
    const fileId = await storedDocument(sender.userId, 2);

    const before = await rowCounts();
    const response = await sendFax(sender.cookie, { toNumber: to, fileId, pageCount: 2 });
    expect(response.status).toBe(201);
    const { faxId } = (await response.json()) as { faxId: string };
    expect(await waitForFaxDone(faxId)).toMatchObject({ status: 'DELIVERED' });
    await waitFor(async () => (await receivedFaxesOf(recipient.id)).find((fax) => fax.status === 'RECEIVED'), { what: 'the received fax' });
    const after = await rowCounts();

    const grown = [...after].filter(([table, n]) => n !== before.get(table)).map(([table, n]) => `${table}: ${before.get(table)} → ${n}`);
    console.log(`D1 rows added by one send and its receive: ${grown.length === 0 ? 'none' : grown.join(', ')}`);
    expect(grown).toEqual([]);
  });

  it('a fax sent by e-mail, its notices and its end add no row to D1 but its document', async () => {
    const sender = await confirmedSender();
    const before = await rowCounts();
    const delivery = await mailFax({
      from: sender.address,
      number: '13125550100',
      subject: 'Signed contract',
      files: [{ filename: 'contract.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }],
    });
    expect(delivery.rejected).toBeNull();
    const [fax] = await storeSql<{ id: string }>(sender.userId, "SELECT id FROM faxes WHERE direction = 'SEND'");
    expect(await waitForFaxDone(fax!.id)).toMatchObject({ status: 'DELIVERED' });
    await waitFor(async () => (await outboxTo(sender.address)).find((mail) => mail.subject.endsWith('was delivered')), {
      what: 'the end notice',
    });
    const after = await rowCounts();

    // The mail's attachments become the user's document (`files`), as an upload does before a send
    // from the page; the claim that the mail was faxed and who to tell how it ended are in the store.
    const grown = [...after].filter(([table, n]) => n !== before.get(table)).map(([table, n]) => `${table}: ${before.get(table)} → ${n}`);
    console.log(`D1 rows added by one fax sent by e-mail: ${grown.length === 0 ? 'none' : grown.join(', ')}`);
    expect(grown).toEqual([`files: ${before.get('files')} → ${(before.get('files') ?? 0) + 1}`]);
  });
});
