import { describe, expect, it } from 'vitest';
import * as billingMails from '../../worker/mail/billing-mail';
import * as emailChangeMails from '../../worker/mail/email-change-mail';
import * as faxByMailMails from '../../worker/mail/fax-by-mail-mail';
import * as faxMailAddressMails from '../../worker/mail/fax-mail-address-mail';
import * as faxReceivedMails from '../../worker/mail/fax-received-mail';
import * as faxToAddressMails from '../../worker/mail/fax-to-address-mail';
import type { MailMessage } from '../../worker/mail/message';
import * as passwordResetMails from '../../worker/mail/password-reset-mail';
import * as signInLinkMails from '../../worker/mail/sign-in-link-mail';
import * as verificationMails from '../../worker/mail/verification-mail';
import { paragraphsMissingFromHtml, paragraphsOf, preheaderOf, primaryButtons, visibleWords } from '../support/mail-html';

// Issue 28, point 8: every mail is HTML in the product's look that says the words of its text
// version, in the same order, with one button when it asks for something, and nothing a user
// typed (a caller's name, a mail's subject, a file name, an address) read as markup.

const HOSTILE = '<script>alert("x")</script> & "Ada" O\'Brien';
const TO = "o'brien+<b>@example.com";
const LINK = 'http://localhost:8787/recover?token=abc-123&next=%2F"dashboard"';
const PDF = { filename: `${HOSTILE}.pdf`, contentType: 'application/pdf', content: new Uint8Array(3) };
const NUMBER = '(312) 555-0100';
const received = { from: HOSTILE, to: '(212) 555-0123', pages: 3, partial: true, uncoveredPages: 1 };
const toAddress = { ...received, account: HOSTILE };
const ended = { number: NUMBER, subject: HOSTILE, pages: 2, refunded: 0 };
const failure = { title: 'Busy', explanation: `The line was busy: ${HOSTILE}.`, advice: 'Write to us at help@fax.example.' };

/** The mail, named by its builder (first word) and the variant; the link its button leads to, null for a notice. */
const cases: Array<[string, MailMessage, string | null]> = [
  ['verifyEmailMail', verificationMails.verifyEmailMail(TO, LINK), LINK],
  ['passwordResetMail', passwordResetMails.passwordResetMail(TO, LINK), LINK],
  ['signInLinkMail', signInLinkMails.signInLinkMail(TO, LINK), LINK],
  ['confirmNewEmailMail', emailChangeMails.confirmNewEmailMail(TO, LINK), LINK],
  ['emailChangeNoticeMail', emailChangeMails.emailChangeNoticeMail(TO, `"${HOSTILE}"@example.com`), null],
  ['confirmFaxMailAddressMail', faxMailAddressMails.confirmFaxMailAddressMail(TO, `${HOSTILE}@example.com`, LINK), LINK],
  ['faxReceivedMail with a link', faxReceivedMails.faxReceivedMail(TO, { ...received, link: LINK }), LINK],
  ['faxReceivedMail without a link', faxReceivedMails.faxReceivedMail(TO, { ...received, from: null, link: null }), null],
  ['faxToAddressMail with the PDF', faxToAddressMails.faxToAddressMail(TO, { ...toAddress, link: LINK, pdf: PDF, pdfBytes: 3 }), LINK],
  [
    'faxToAddressMail too large, no link',
    faxToAddressMails.faxToAddressMail(TO, { ...toAddress, link: null, pdf: null, pdfBytes: 12e6 }),
    null,
  ],
  [
    'faxMailRefusedMail',
    faxByMailMails.faxMailRefusedMail(TO, { number: NUMBER, subject: HOSTILE, reason: `“${HOSTILE}.doc” is not a PDF.\nSave it.` }),
    null,
  ],
  ['faxMailAcceptedMail', faxByMailMails.faxMailAcceptedMail(TO, { number: NUMBER, subject: HOSTILE, pages: 1, link: LINK }), LINK],
  [
    'faxMailAcceptedMail without a link',
    faxByMailMails.faxMailAcceptedMail(TO, { number: NUMBER, subject: '', pages: 2, link: null }),
    null,
  ],
  ['faxMailEndedMail delivered', faxByMailMails.faxMailEndedMail(TO, { ...ended, failure: null, link: LINK }), LINK],
  ['faxMailEndedMail failed', faxByMailMails.faxMailEndedMail(TO, { ...ended, failure, refunded: 2, link: null }), null],
  ['paymentFailedMail', billingMails.paymentFailedMail(TO, { plan: HOSTILE, amountCents: 1999, retries: 'daily' }), null],
  ['renewalReminderMail', billingMails.renewalReminderMail(TO, { plan: null, renewsAt: Date.UTC(2026, 0, 31), amountCents: 999 }), null],
];

describe('every mail in the HTML layout', () => {
  it('has a case for every mail builder, so a new mail is checked too', () => {
    const modules = [
      billingMails,
      emailChangeMails,
      faxByMailMails,
      faxMailAddressMails,
      faxReceivedMails,
      faxToAddressMails,
      passwordResetMails,
      signInLinkMails,
      verificationMails,
    ];
    const builders = modules.flatMap((module) => Object.keys(module)).sort();
    expect([...new Set(cases.map(([name]) => name.split(' ')[0]))].sort()).toEqual(builders);
  });

  it.each(cases)('%s: the HTML says each paragraph of the text, in order', (_, mail) => {
    expect(paragraphsMissingFromHtml(mail)).toEqual([]);
  });

  it.each(cases)('%s: one button leading to the link when the mail asks for something, else none', (_, mail, link) => {
    const buttons = primaryButtons(mail.html);
    if (!link) return expect(buttons).toEqual([]);
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.link).toBe(link);
    expect(buttons[0]!.label).not.toBe('');
    expect(paragraphsOf(mail.text)).toContain(link);
  });

  it.each(cases)('%s: escapes what users and variables put in it', (_, mail) => {
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('"Ada"');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('"dashboard"');
    expect(mail.html.match(/<a /g)?.length ?? 0).toBe(primaryButtons(mail.html).length * 2);
  });
});

describe('the mail layout', () => {
  const reset = passwordResetMails.passwordResetMail('ada@example.org', LINK);

  it('previews the opening sentence in the inbox, past a bare greeting', () => {
    expect(preheaderOf(reset.html)).toBe('Someone, hopefully you, asked to reset the password of the FaxFlow account for ada@example.org.');
    const change = emailChangeMails.confirmNewEmailMail('ada@example.org', LINK);
    expect(preheaderOf(change.html)).toBe('Someone, hopefully you, asked to use ada@example.org to sign in to FaxFlow.');
  });

  it('loads nothing from elsewhere and offers its dark colours to clients that ask', () => {
    expect(reset.html).not.toMatch(/<link|<img|<script|@import|url\(/i);
    expect(reset.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(reset.html).toContain('<meta name="supported-color-schemes" content="light dark">');
    expect(reset.html).toContain('@media (prefers-color-scheme: dark)');
  });

  it('heads the card with the product name and puts the raw link under the button', () => {
    expect(visibleWords(reset.html)).toMatch(
      /^FaxFlow Hello, .* Choose a new password If the button does not work, paste this address into your browser: http:\/\/localhost:8787\/recover/,
    );
  });
});
