import { describe, expect, it } from 'vitest';
import {
  coverMessageOf,
  coverPageOfMail,
  faxNumberOfAddress,
  pagesOfMail,
  senderLocalDate,
  textOfHtml,
} from '../../worker/domain/fax-mail';

// The rules of a fax sent by e-mail (decision 028): the number an address names, the parts that
// become pages, and the cover page of the subject and text, dated on the sender's clock.

describe('faxNumberOfAddress', () => {
  it.each([
    ['12125550123@fax.example.com', '+12125550123'],
    ['2125550123@fax.example.com', '+12125550123'],
    ['+12125550123@FAX.example.com', '+12125550123'],
    ['1-212-555-0123@fax.example.com', '+12125550123'],
    ['(212)555.0123@fax.example.com', '+12125550123'],
    ['+442079460958@fax.example.com', '+442079460958'],
    ['2125550123@example.com', null],
    ['2125550123@fax.example.com.evil', null],
    ['sales@fax.example.com', null],
    ['212-555@fax.example.com', null],
    ['1234567890123456789@fax.example.com', null],
    ['@fax.example.com', null],
    ['2125550123', null],
  ])('%s → %s', (address, number) => expect(faxNumberOfAddress(address, 'fax.example.com')).toBe(number));
});

describe('pagesOfMail', () => {
  it('keeps attachments in order and drops what the HTML shows inline', () => {
    const parts = [
      { filename: 'a.pdf', mimeType: 'application/pdf', disposition: 'attachment' },
      { filename: 'logo.png', mimeType: 'image/png', disposition: 'inline', contentId: '<logo>', related: true },
      { filename: 'scan.jpg', mimeType: 'image/jpeg', disposition: 'inline' },
      { filename: null, mimeType: 'image/png', disposition: null },
      { filename: 'pixel.png', mimeType: 'image/png', disposition: 'inline', contentId: '<px>' },
    ];
    expect(pagesOfMail(parts).map((part) => part.filename)).toEqual(['a.pdf', 'scan.jpg', null]);
  });

  it('drops a signed mail’s signature and key, and a body’s other forms, which nobody attached (issue 32)', () => {
    const parts = [
      { filename: 'a.pdf', mimeType: 'application/pdf', disposition: 'attachment' },
      { filename: 'signature.asc', mimeType: 'application/pgp-signature', disposition: 'attachment' },
      { filename: 'smime.p7s', mimeType: 'application/pkcs7-signature', disposition: 'attachment' },
      { filename: 'smime.p7s', mimeType: 'application/x-pkcs7-signature', disposition: 'attachment' },
      { filename: 'OpenPGP_0xA1B2.asc', mimeType: 'application/pgp-keys', disposition: 'attachment' },
      { filename: null, mimeType: 'text/watch-html', disposition: null },
      { filename: null, mimeType: 'text/enriched', disposition: 'inline' },
      { filename: 'notes.txt', mimeType: 'text/plain', disposition: 'attachment' },
    ];
    expect(pagesOfMail(parts).map((part) => part.filename)).toEqual(['a.pdf', 'notes.txt']);
  });
});

describe('senderLocalDate', () => {
  const now = Date.UTC(2026, 10, 25, 15, 30);
  it.each([
    ['Wed, 25 Nov 2026 10:29:58 -0500', { hours: 10, minutes: 30, date: 25, iso: '2026-11-25T10:30:00-05:00' }],
    ['Thu, 26 Nov 2026 01:00:00 +0930', { hours: 1, minutes: 0, date: 26, iso: '2026-11-26T01:00:00+09:30' }],
    ['Wed, 25 Nov 2026 15:30:00 +0000 (UTC)', { hours: 15, minutes: 30, iso: '2026-11-25T15:30:00+00:00' }],
    ['Wed, 25 Nov 2026 15:30:00 +2500', { hours: 15, minutes: 30, iso: '2026-11-25T15:30:00+00:00' }],
    ['yesterday', { hours: 15, minutes: 30, iso: '2026-11-25T15:30:00+00:00' }],
    [undefined, { hours: 15, minutes: 30, month: 11, year: 2026 }],
  ])('%s', (header, expected) => expect(senderLocalDate(header, now)).toMatchObject(expected));
});

describe('the cover page of a mail', () => {
  const localDate = senderLocalDate(undefined, Date.UTC(2026, 10, 25, 15, 30));

  it('is the classic template with the subject, the text and who it is from and to', () => {
    expect(
      coverPageOfMail({
        subject: '  Signed  contract ',
        text: 'Hello,\n\nplease find it attached.\n',
        fromName: 'Ada Lovelace',
        toDisplay: '(212) 555-0123',
        localDate,
      }),
    ).toMatchObject({
      template: 'classic',
      subject: 'Signed contract',
      message: 'Hello,\n\nplease find it attached.',
      fromName: 'Ada Lovelace',
      toNumber: '(212) 555-0123',
      localDateOptions: localDate,
    });
  });

  it('is none when the subject and the text are empty', () => {
    expect(coverPageOfMail({ subject: ' ', text: '\n-- \nAda\n', fromName: 'Ada', toDisplay: '(212) 555-0123', localDate })).toBeNull();
  });

  it('leaves the signature out, folds blank runs and clips long text', () => {
    expect(coverMessageOf('Hi\r\n\r\n\r\n\r\nBye\r\n-- \r\nAda Lovelace\r\nAnalytical Engines')).toBe('Hi\n\nBye');
    const long = coverMessageOf('x'.repeat(5000));
    expect(long).toHaveLength(2000);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads an HTML-only body as text', () => {
    expect(textOfHtml('<html><head><style>p{}</style></head><body><p>Dear &amp; dear</p><div>Line<br>two</div></body></html>')).toBe(
      'Dear & dear\nLine\ntwo\n',
    );
  });
});
