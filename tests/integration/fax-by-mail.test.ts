import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { FaxView } from '../../src/common/faxes';
import { outboxTo } from '../support/account';
import { call, uniqueEmail } from '../support/client';
import { insertSessionCookie } from '../support/db';
import { makePdf, makePng } from '../support/documents';
import {
  addFaxMailAddress,
  confirmedFaxMailAddress,
  confirmedSender,
  deliverMail,
  FAX_DOMAIN,
  type MailFile,
  mailFax,
  rawMail,
  type Sender,
} from '../support/fax-mail';
import { sendCreditsOf, waitForFaxDone } from '../support/faxes';
import { storeSql } from '../support/user-store';
import { waitFor } from '../support/wait';

// Sending a fax by e-mail (decision 028): a mail to <number>@fax.localhost from a
// confirmed address of a user with a plan becomes a fax of its attachments, merged in order, with
// its subject and text as the cover page; its sender hears when it is taken and when it ends. Mail
// from anyone else, or that fails the receiving server's sender checks, is refused at SMTP level;
// a confirmed sender whose mail cannot be faxed is told why by mail. Nothing refused is charged.

const NUMBER = '(312) 555-0100';
const DELIVERED_NUMBER = '3125550100';

async function sentFaxes(userId: string): Promise<FaxView[]> {
  const rows = await storeSql<{ id: string }>(userId, "SELECT id FROM faxes WHERE direction = 'SEND'");
  const cookie = await insertSessionCookie(userId);
  return Promise.all(rows.map(async (row) => ((await (await call(`/api/faxes/${row.id}`, { cookie })).json()) as { fax: FaxView }).fax));
}

async function filesOf(userId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM files WHERE user_id = ?').bind(userId).first<{ n: number }>();
  return row!.n;
}

async function subjectsTo(email: string): Promise<string[]> {
  return (await outboxTo(email)).map((mail) => mail.subject);
}

/** Nothing of the mail stayed: no fax, no notice owed, no document, every credit still there. */
async function expectNothingCharged(sender: Pick<Sender, 'userId'>, credits = 20): Promise<void> {
  expect(await sentFaxes(sender.userId)).toEqual([]);
  expect(await storeSql(sender.userId, 'SELECT fax_id FROM mailed_faxes')).toEqual([]);
  expect(await filesOf(sender.userId)).toBe(0);
  expect(await sendCreditsOf(sender.userId)).toEqual({ default: credits, paid: 0 });
}

describe('a fax sent by e-mail from a confirmed address', () => {
  it('faxes the attachments merged in order with the subject and text as cover page, and mails when taken and delivered', async () => {
    const sender = await confirmedSender();
    const delivery = await mailFax({
      from: sender.address,
      number: `1${DELIVERED_NUMBER}`,
      subject: 'Signed contract',
      text: 'Hello,\r\n\r\nthe signed contract is attached.\r\n-- \r\nAda',
      files: [
        { filename: 'contract.pdf', contentType: 'application/pdf', bytes: await makePdf(2) },
        { filename: 'logo.png', contentType: 'image/png', bytes: makePng(), inlineLogo: true },
        { filename: 'id-card.png', contentType: 'image/png', bytes: makePng(60, 40) },
      ],
    });
    expect(delivery.rejected).toBeNull();

    const [fax] = await sentFaxes(sender.userId);
    expect(fax).toMatchObject({
      remoteNumber: '+13125550100',
      pageCount: 4,
      hasCoverPage: true,
      fileName: 'Signed contract.pdf',
      creditsCharged: 4,
    });
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 16, paid: 0 });
    const [taken] = await outboxTo(sender.address);
    expect(taken?.subject).toBe(`Your fax to ${NUMBER} is on its way`);
    expect(taken?.text).toContain(`We are faxing your mail to ${NUMBER} (“Signed contract”): 4 pages.`);
    expect(taken?.text).toContain(`http://localhost:8787/faxDetails/${fax!.id}`);

    expect((await waitForFaxDone(fax!.id)).status).toBe('DELIVERED');
    const delivered = await waitFor(async () => (await outboxTo(sender.address)).find((m) => m.subject.endsWith('was delivered')), {
      what: 'the delivered mail',
    });
    expect(delivered.subject).toBe(`Your fax to ${NUMBER} was delivered`);
    expect(delivered.text).toContain(`Your fax to ${NUMBER} (“Signed contract”) was delivered: 4 pages.`);
    // Who to tell was kept beside the fax in the owner's store and is marked told; D1 holds nothing of it.
    expect(await storeSql(sender.userId, 'SELECT reply_to, subject, end_mailed_at FROM mailed_faxes WHERE fax_id = ?', fax!.id)).toEqual([
      { reply_to: sender.address, subject: 'Signed contract', end_mailed_at: expect.any(Number) },
    ]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM mailed_faxes WHERE user_id = ?').bind(sender.userId).first('n')).toBe(0);

    // What went out: the cover page, the PDF's two pages, the image's page (the inline logo is no page).
    const pdf = await call(`/api/faxes/${fax!.id}/document`, { cookie: sender.cookie });
    expect((await PDFDocument.load(await pdf.arrayBuffer())).getPageCount()).toBe(4);
    const [details] = await storeSql<{ cover_page: string }>(sender.userId, 'SELECT cover_page FROM faxes WHERE id = ?', fax!.id);
    expect(JSON.parse(details!.cover_page)).toMatchObject({
      template: 'classic',
      subject: 'Signed contract',
      message: 'Hello,\n\nthe signed contract is attached.',
      fromName: 'Ada Lovelace',
      toNumber: NUMBER,
    });
  });

  it("is taken from the account's own verified address too, and a failed fax mails why with the credits given back", async () => {
    const sender = await confirmedSender();
    const delivery = await mailFax({
      from: sender.accountEmail,
      number: '3125550004',
      subject: '',
      text: '',
      files: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }],
    });
    expect(delivery.rejected).toBeNull();
    const [fax] = await sentFaxes(sender.userId);
    // No subject and no text: no cover page.
    expect(fax).toMatchObject({ pageCount: 1, hasCoverPage: false, fileName: 'Fax by e-mail.pdf' });
    expect((await waitForFaxDone(fax!.id)).status).toBe('FAILED');
    const failed = await waitFor(async () => (await outboxTo(sender.accountEmail)).find((m) => m.subject.endsWith('failed')), {
      what: 'the failed mail',
    });
    expect(failed.subject).toBe('Your fax to (312) 555-0004 failed');
    expect(failed.text).toContain('could not be delivered: Number not in service.');
    expect(failed.text).toContain('The credit it took was given back.');
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 20, paid: 0 });
  });

  it('faxes a mail delivered twice once', async () => {
    const sender = await confirmedSender();
    const raw = rawMail({
      from: sender.address,
      to: `${DELIVERED_NUMBER}@${FAX_DOMAIN}`,
      subject: 'Twice',
      messageId: '<same-message@mail.example.org>',
      files: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }],
    });
    const envelope = { from: sender.address, to: `${DELIVERED_NUMBER}@${FAX_DOMAIN}` };
    const deliveries = await Promise.all([deliverMail(raw, envelope), deliverMail(raw, envelope)]);
    expect(deliveries.map((d) => d.rejected)).toEqual([null, null]);
    expect(await sentFaxes(sender.userId)).toHaveLength(1);
    expect(await sendCreditsOf(sender.userId)).toEqual({ default: 18, paid: 0 });
  });
});

describe('mail refused with nothing charged', () => {
  it('from an address nobody confirmed, or one still waiting for its link: refused at SMTP, no mail of ours', async () => {
    const sender = await confirmedSender();
    const pending = uniqueEmail('pending').replace('@example.com', '@mail.example.org');
    expect((await addFaxMailAddress(sender.cookie, pending)).status).toBe(201);
    for (const from of [uniqueEmail('stranger'), pending]) {
      const delivery = await mailFax({
        from,
        number: DELIVERED_NUMBER,
        subject: 'Hello',
        files: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }],
      });
      expect(delivery.rejected).toBe(
        `${from} may not send faxes here. Faxes by e-mail come only from an account's confirmed address; confirm it in the account's settings.`,
      );
      expect((await subjectsTo(from)).filter((s) => !s.startsWith('Confirm this address'))).toEqual([]);
    }
    await expectNothingCharged(sender);
  });

  it('from a confirmed address that fails the sender checks, or whose verdict is forged: refused at SMTP', async () => {
    const sender = await confirmedSender();
    const files = [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }];
    const domain = 'mail.example.org';
    const verdicts: { authResults: string | null; extraHeaders?: string[] }[] = [
      {
        authResults: `mx.cloudflare.net; dkim=fail header.d=${domain}; dmarc=fail header.from=${domain}; spf=fail smtp.mailfrom=x@evil.example`,
      },
      // The server found nothing; the sender wrote a pass of its own further down.
      {
        authResults: 'mx.cloudflare.net; dkim=none; dmarc=none; spf=none smtp.mailfrom=x@evil.example',
        extraHeaders: [`Authentication-Results: mx.cloudflare.net; dmarc=pass header.from=${domain}`],
      },
      { authResults: 'mx.cloudflare.net; spf=pass smtp.mailfrom=bounce@evil.example; dkim=pass header.d=evil.example' },
      { authResults: null },
    ];
    for (const verdict of verdicts) {
      const delivery = await mailFax({ from: sender.address, number: DELIVERED_NUMBER, subject: 'x', files, ...verdict });
      expect(delivery.rejected).toContain('failed its sender checks (SPF, DKIM, DMARC)');
    }
    // A sender cannot vouch for itself: only the receiving server's verdict, the topmost, is read.
    expect((await subjectsTo(sender.address)).filter((s) => !s.startsWith('Confirm this address'))).toEqual([]);
    await expectNothingCharged(sender);
  });

  it('from a confirmed address proved only for the public suffix above it, by a DMARC pass naming no From, or with two From addresses: refused at SMTP (issue 32)', async () => {
    const sender = await confirmedSender();
    const files = [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }];
    // Anyone may sign as a domain of their own under org; a signature for "org" itself proves nothing.
    for (const authResults of [
      'mx.cloudflare.net; dkim=pass header.d=org; dmarc=none; spf=none',
      'mx.cloudflare.net; spf=pass smtp.mailfrom=bounce@org; dmarc=none',
      'mx.cloudflare.net; dmarc=pass; dkim=none',
    ]) {
      const delivery = await mailFax({ from: sender.address, number: DELIVERED_NUMBER, subject: 'x', files, authResults });
      expect(delivery.rejected).toContain('failed its sender checks (SPF, DKIM, DMARC)');
    }
    // Two addresses in the one From header: whose account would be charged is not known.
    const to = `${DELIVERED_NUMBER}@${FAX_DOMAIN}`;
    const two = rawMail({ from: sender.address, to, subject: 'x', files }).replace(
      `From: Ada Lovelace <${sender.address}>`,
      `From: Ada Lovelace <${sender.address}>, Mallory <mallory@mail.example.org>`,
    );
    expect((await deliverMail(two, { from: sender.address, to })).rejected).toContain('does not name exactly one sender');
    await expectNothingCharged(sender);
  });

  it('to an address that names no fax number, at another domain, or too large: refused at SMTP', async () => {
    const sender = await confirmedSender();
    const files = [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }];
    for (const to of [`sales@${FAX_DOMAIN}`, `${DELIVERED_NUMBER}@example.net`]) {
      const delivery = await deliverMail(rawMail({ from: sender.address, to, files }), { from: sender.address, to });
      expect(delivery.rejected).toBe(
        `${to} is not a fax address: write to the fax number's digits at fax.localhost, e.g. 12125550123@fax.localhost.`,
      );
    }
    const to = `${DELIVERED_NUMBER}@${FAX_DOMAIN}`;
    const big = await deliverMail(rawMail({ from: sender.address, to, files }), { from: sender.address, to, rawSize: 26 * 1024 * 1024 });
    expect(big.rejected).toBe('This mail is larger than 25 MB, the most a fax by e-mail may be.');
    const bounce = await deliverMail(rawMail({ from: sender.address, to, files }), { from: '', to });
    expect(bounce.rejected).toBe('Automatic mail (replies, bounces, mailing lists) is not faxed.');
    const autoReply = await mailFax({
      from: sender.address,
      number: DELIVERED_NUMBER,
      files,
      extraHeaders: ['Auto-Submitted: auto-replied'],
    });
    expect(autoReply.rejected).toBe('Automatic mail (replies, bounces, mailing lists) is not faxed.');
    await expectNothingCharged(sender);
  });

  it('from an address two accounts confirmed: refused, charging neither', async () => {
    const first = await confirmedSender();
    const second = await confirmedSender();
    await confirmedFaxMailAddress(second.cookie, first.address);
    const delivery = await mailFax({
      from: first.address,
      number: DELIVERED_NUMBER,
      files: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }],
    });
    expect(delivery.rejected).toBe(
      `${first.address} is confirmed for more than one account. Send from the account's own e-mail address instead.`,
    );
    await expectNothingCharged(first);
    await expectNothingCharged(second);
  });

  it('from a confirmed sender: no plan, no document, a file that is no document, credits short: a mail says why', async () => {
    const cases: {
      sender: Sender;
      files: MailFile[];
      reason: string;
      credits: number;
    }[] = [
      {
        sender: await confirmedSender({ plan: 'FREE' }),
        files: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) }],
        reason: 'Sending faxes by e-mail comes with a plan. Choose one at http://localhost:8787/upgrade, then send your mail again.',
        credits: 20,
      },
      {
        sender: await confirmedSender(),
        files: [{ filename: 'logo.png', contentType: 'image/png', bytes: makePng(), inlineLogo: true }],
        reason: 'Your mail had no document to fax. Attach a PDF, PNG or JPEG file and send it again.',
        credits: 20,
      },
      {
        sender: await confirmedSender(),
        files: [
          { filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1) },
          { filename: 'notes.docx', contentType: 'application/octet-stream', bytes: new TextEncoder().encode('PK not a document') },
        ],
        reason: '“notes.docx” is not a PDF, PNG or JPEG file, and only those can be faxed. Save it as a PDF and send your mail again.',
        credits: 20,
      },
      {
        sender: await confirmedSender({ credits: 2 }),
        files: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(3) }],
        reason: 'credits',
        credits: 2,
      },
    ];
    for (const { sender, files, reason, credits } of cases) {
      const delivery = await mailFax({ from: sender.address, number: DELIVERED_NUMBER, subject: 'Report', text: 'See attached.', files });
      expect(delivery.rejected).toBeNull();
      const refusal = (await outboxTo(sender.address)).find((m) => m.subject === `Your fax to ${NUMBER} was not sent`);
      expect(refusal?.text).toContain(`We could not fax your mail to ${NUMBER} (“Report”).`);
      expect(refusal?.text).toContain(reason);
      expect(refusal?.text).toContain('Nothing was charged.');
      await expectNothingCharged(sender, credits);
    }
  });
});
