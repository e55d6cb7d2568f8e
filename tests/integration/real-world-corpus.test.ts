import { env } from 'cloudflare:workers';
import { files, manifest } from 'virtual:real-world-corpus';
import { describe, expect, it } from 'vitest';
import { postTelnyxWebhook } from '../support/carrier';
import { call } from '../support/client';
import { bytesOf, corpusUser, importContactFile, mailToFax, type PdfExpect, uploadPdf, uploadPdfInParts } from '../support/corpus';
import { SAMPLE_COVER, waitForFaxDone } from '../support/faxes';
import { sendFax } from '../support/send-fax';

// Files other programs made, taken from public test suites and the carriers' and
// processors' documentation (tests/fixtures/real-world/manifest.json says where each comes from,
// its licence and what the product must make of it), run through the product's own paths: a PDF
// is uploaded and faxed with a cover page through the loopback network, a contact file previewed
// and imported as the phonebook page sends it, a mail handed to the email() handler, a webhook
// signed and posted to its route. An entry whose `expect` is null prints what the product did
// instead (how a new file is added: README, "The real-world corpus").

/** Checks an outcome against the manifest, or prints it for an entry still being added. */
function compare(kind: string, file: string, actual: unknown, expected: unknown): void {
  if (expected === null) {
    console.log(`[corpus] ${kind} ${file}: ${JSON.stringify(actual)}`);
    return;
  }
  expect({ file, outcome: actual }).toEqual({ file, outcome: expected });
}

const bytesOfEntry = (file: string): Uint8Array => {
  const base64 = files[file];
  if (base64 === undefined) throw new Error(`${file} is in manifest.json but not in tests/fixtures/real-world/`);
  return bytesOf(base64);
};

describe('the real-world corpus (tests/fixtures/real-world/)', () => {
  it('holds at least what issue 32 asks: 30 PDFs, ten vCard programs, Google, Outlook and Apple exports, 20 mails, Telnyx and Stripe', () => {
    expect(manifest.pdf.length).toBeGreaterThanOrEqual(30);
    expect(new Set(manifest.contacts.map((entry) => entry.what.split(',')[0])).size).toBeGreaterThanOrEqual(10);
    for (const program of ['Google', 'Outlook', 'Apple'])
      expect(manifest.contacts.some((entry) => entry.what.includes(program))).toBe(true);
    expect(manifest.mail.length).toBeGreaterThanOrEqual(20);
    expect(manifest.webhooks.map((entry) => entry.file.split('/')[1])).toEqual(expect.arrayContaining(['telnyx', 'stripe']));
    const listed = new Set([...manifest.pdf, ...manifest.contacts, ...manifest.mail, ...manifest.webhooks].map((entry) => entry.file));
    expect(Object.keys(files).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('uploads every PDF, and faxes each readable one with a cover page through the loopback network', async () => {
    const user = await corpusUser();
    const sent: { file: string; faxId: string; pages: number }[] = [];
    for (const entry of manifest.pdf) {
      const bytes = bytesOfEntry(entry.file);
      const { outcome, file } = await uploadPdf(user.cookie, entry.file.split('/').pop()!, bytes);
      const expected = entry.expect as PdfExpect | null;
      compare('pdf', entry.file, outcome, expected && ('pages' in expected ? { pages: expected.pages } : expected));
      if (!file) continue;
      // A decrypted copy is written the same whether it is held in memory or streamed through R2.
      if (expected && 'decrypted' in expected) expect(await uploadPdfInParts(user.cookie, 'in-parts.pdf', bytes)).toBe(file.md5Hash);
      const response = await sendFax(user.cookie, {
        toNumber: '(312) 555-0100',
        fileId: file.fileId,
        coverpage: SAMPLE_COVER,
        pageCount: file.pageCount,
      });
      expect(response.status, entry.file).toBe(201);
      sent.push({ file: entry.file, faxId: ((await response.json()) as { faxId: string }).faxId, pages: file.pageCount + 1 });
    }
    for (const fax of sent) {
      const done = await waitForFaxDone(fax.faxId, 30_000);
      expect({ file: fax.file, status: done.status, pages: done.pages_sent }).toEqual({
        file: fax.file,
        status: 'DELIVERED',
        pages: fax.pages,
      });
    }
  }, 240_000);

  it('previews and imports every contact file as the phonebook page reads it', async () => {
    for (const entry of manifest.contacts) {
      compare('contacts', entry.file, await importContactFile(entry.file.split('/').pop()!, bytesOfEntry(entry.file)), entry.expect);
    }
  }, 120_000);

  it('hands every mail to the email() handler from a confirmed sender with a plan', async () => {
    for (const entry of manifest.mail) compare('mail', entry.file, await mailToFax(bytesOfEntry(entry.file)), entry.expect);
  }, 120_000);

  it('takes every Telnyx and Stripe example, signed as each signs them', async () => {
    for (const entry of manifest.webhooks) {
      const body = new TextDecoder().decode(bytesOfEntry(entry.file));
      const response = entry.file.includes('/telnyx/') ? await postTelnyxWebhook(body) : await postStripeEvent(body);
      const answer = (await response.json().catch(() => ({}))) as { result?: string };
      compare('webhook', entry.file, { status: response.status, ...(answer.result ? { result: answer.result } : {}) }, entry.expect);
    }
  });
});

/** POSTs a Stripe event signed as Stripe signs one (`t=…,v1=<HMAC-SHA256 of "t.body">`). */
async function postStripeEvent(body: string): Promise<Response> {
  const at = Math.floor(Date.now() / 1000);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.STRIPE_WEBHOOK_SECRET!),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${at}.${body}`)));
  const signature = [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return call('/api/webhooks/stripe', { method: 'POST', body, headers: { 'stripe-signature': `t=${at},v1=${signature}` } });
}
