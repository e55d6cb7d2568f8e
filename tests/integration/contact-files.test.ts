import { describe, expect, it } from 'vitest';
import type { ContactImportReport, ContactView } from '../../src/common/contacts';
import { call, errorCode, signUp } from '../support/client';
import { addContactOk, allContacts, fillPhonebook, importContacts, importReport } from '../support/contacts';

// Importing and exporting the phonebook (decision 026): a preview that answers every row, an import
// that keeps the good rows and names each bad one, files bounded in size, and an export that an
// import takes back whole.

const CSV = [
  'Name,Fax number,Company,E-mail,Note',
  'Ada Lovelace,(212) 555-0123,Analytical Engines,ada@example.com,Mornings',
  'Bad Number,555-01,,,',
  '"Babbage, Charles",+1 212 555 0199,"Engines, Ltd",,"Prefers ""fax"""',
  '',
  ',(312) 555-0142,Acme Corp,,',
].join('\r\n');

const summary = (report: ContactImportReport) =>
  report.rows.map((row) => (row.ok ? [row.row, row.contact.name, row.contact.faxNumber] : [row.row, row.code, row.message]));

describe('POST /api/previewContactImport', () => {
  it('answers every row, good and bad, naming the bad one, and stores nothing', async () => {
    const user = await signUp();
    const report = await importReport(user.cookie, { format: 'csv', text: CSV }, false);
    expect(report).toMatchObject({ format: 'csv', good: 3, bad: 1 });
    expect(report.imported).toBeUndefined();
    expect(summary(report)).toEqual([
      [2, 'Ada Lovelace', '+12125550123'],
      [3, 'INVALID_FAX_NUMBER', 'Row 3: “555-01” is not a fax number we can dial.'],
      [4, 'Babbage, Charles', '+12125550199'],
      [6, 'Acme Corp', '+13125550142'],
    ]);
    expect(report.rows[2]).toMatchObject({
      ok: true,
      contact: { company: 'Engines, Ltd', note: 'Prefers "fax"', faxDisplay: '(212) 555-0199' },
    });
    expect(await allContacts(user.cookie)).toEqual([]);
  });

  it('refuses numbers already in the phonebook and a number’s second row', async () => {
    const user = await signUp();
    await addContactOk(user.cookie, { name: 'Kim', faxNumber: '2125550123' });
    const text = 'Name,Fax\nAda,212 555 0123\nBob,415 555 2671\nBob again,+14155552671\n';
    expect(summary(await importReport(user.cookie, { format: 'csv', text }, false))).toEqual([
      [2, 'CONTACT_EXISTS', 'Row 2: (212) 555-0123 is already in your phonebook, as Kim.'],
      [3, 'Bob', '+14155552671'],
      [4, 'DUPLICATE_ROW', 'Row 4: (415) 555-2671 is on row 3 too; only the first is imported.'],
    ]);
  });
});

describe('POST /api/importContacts', () => {
  it('keeps the good rows and names the bad one', async () => {
    const user = await signUp();
    const report = await importReport(user.cookie, { format: 'csv', text: CSV });
    expect(report).toMatchObject({ good: 3, bad: 1, imported: 3 });
    expect(report.rows.find((row) => !row.ok)).toMatchObject({ row: 3, message: expect.stringMatching(/^Row 3: /) });
    expect((await allContacts(user.cookie)).map((c) => [c.name, c.faxDisplay, c.company])).toEqual([
      ['Acme Corp', '(312) 555-0142', 'Acme Corp'],
      ['Ada Lovelace', '(212) 555-0123', 'Analytical Engines'],
      ['Babbage, Charles', '(212) 555-0199', 'Engines, Ltd'],
    ]);
    // The same file again adds nothing: every number is there now.
    const again = await importReport(user.cookie, { format: 'csv', text: CSV });
    expect(again).toMatchObject({ good: 0, bad: 4, imported: 0 });
    expect((await allContacts(user.cookie)).length).toBe(3);
  });

  it('imports vCards, naming a bad card', async () => {
    const user = await signUp();
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ada Lovelace',
      'TEL;TYPE=WORK,FAX:+1 212 555 0123',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:No Fax',
      'END:VCARD',
    ].join('\r\n');
    const report = await importReport(user.cookie, { format: 'vcard', text });
    expect(summary(report)).toEqual([
      [1, 'Ada Lovelace', '+12125550123'],
      [2, 'INVALID_FAX_NUMBER', 'Card 2: there is no fax number.'],
    ]);
    expect((await allContacts(user.cookie)).map((c) => c.name)).toEqual(['Ada Lovelace']);
  });

  it('fills the phonebook up to 5,000 and refuses the rows past it', async () => {
    const user = await signUp();
    await fillPhonebook(user.userId, 4999);
    const report = await importReport(user.cookie, { format: 'csv', text: 'Name,Fax\nLast,2125550123\nOver,4155552671\n' });
    expect(summary(report)).toEqual([
      [2, 'Last', '+12125550123'],
      [3, 'TOO_MANY_CONTACTS', 'Row 3: your phonebook is full (5,000 contacts).'],
    ]);
  });

  it.each([
    ['csv', 'just,some\nwords,here\n'],
    ['csv', ''],
    ['vcard', 'Name,Fax\nAda,2125550123\n'],
  ] as const)('answers 400 INVALID_CONTACT_FILE for a %s file that is no phonebook: %j', async (format, text) => {
    const user = await signUp();
    for (const commit of [false, true]) {
      const response = await importContacts(user.cookie, { format, text }, commit);
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_CONTACT_FILE');
    }
  });

  it('answers 400 INVALID_CONTACT_FILE for more than 5,000 rows, and 413 for a file over 1 MB', async () => {
    const user = await signUp();
    const rows = Array.from({ length: 5001 }, (_, i) => `N${i},2125550123`);
    const tooMany = await importContacts(user.cookie, { format: 'csv', text: `Name,Fax\n${rows.join('\n')}` }, false);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      error: { code: 'INVALID_CONTACT_FILE', message: 'The file holds more than 5,000 contacts. Split it into smaller files.' },
    });

    const big = `Name,Fax,Note\n${'Ada,2125550123,'.padEnd(1024 * 1024, 'x')}`;
    const tooLarge = await importContacts(user.cookie, { format: 'csv', text: big }, false);
    expect(tooLarge.status).toBe(413);
    expect(await errorCode(tooLarge)).toBe('PAYLOAD_TOO_LARGE');
    // A body far past the limit is refused before it is parsed.
    const huge = await importContacts(user.cookie, { format: 'csv', text: '"'.repeat(1100 * 1024) }, true);
    expect(huge.status).toBe(413);
    expect(await allContacts(user.cookie)).toEqual([]);
  });

  it.each([[{ format: 'xls', text: 'a' }], [{ format: 'csv' }], [{ text: 'Name,Fax' }], ['not json']])(
    'answers 400 for %j',
    async (body) => {
      const user = await signUp();
      const response = await call('/api/importContacts', { method: 'POST', cookie: user.cookie, body });
      expect(response.status).toBe(400);
    },
  );

  it('answers 401 without a session before reading the body, and 403 from another site', async () => {
    for (const path of ['/api/importContacts', '/api/previewContactImport']) {
      expect((await call(path, { method: 'POST', body: { format: 'csv', text: CSV } })).status).toBe(401);
      expect((await call(path, { method: 'POST', body: 'x'.repeat(3 * 1024 * 1024) })).status).toBe(401);
    }
    const user = await signUp();
    const response = await call('/api/importContacts', {
      method: 'POST',
      cookie: user.cookie,
      body: { format: 'csv', text: CSV },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await allContacts(user.cookie)).toEqual([]);
  });
});

describe('GET /api/exportContacts', () => {
  const tricky = [
    { name: 'Ada Lovelace', faxNumber: '(212) 555-0123', company: 'Engines, Ltd', email: 'ada@example.com', note: 'Line one\nline "two"' },
    { name: 'José Núñez', faxNumber: '+44 20 7946 0958', note: 'semi; colon, comma \\ backslash' },
    { name: '=SUM(A1)', faxNumber: '+33 1 42 68 53 00', company: '@home', note: 'n'.repeat(500) },
    { name: 'Zoë', faxNumber: '+81 3-1234-5678' },
  ];
  const comparable = (contacts: ContactView[]) =>
    contacts.map(({ name, faxNumber, company, email, note }) => ({ name, faxNumber, company, email, note }));

  it.each([
    ['csv', 'text/csv; charset=utf-8', 'phonebook.csv'],
    ['vcard', 'text/vcard; charset=utf-8', 'phonebook.vcf'],
  ] as const)('writes %s that an import takes back whole', async (format, contentType, fileName) => {
    const user = await signUp();
    for (const contact of tricky) await addContactOk(user.cookie, contact);
    const response = await call(`/api/exportContacts?format=${format}`, { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();

    const other = await signUp();
    const report = await importReport(other.cookie, { format, text });
    expect(report).toMatchObject({ good: 4, bad: 0, imported: 4 });
    expect(comparable(await allContacts(other.cookie))).toEqual(comparable(await allContacts(user.cookie)));
  });

  it('exports an empty phonebook as a header alone (CSV) or nothing (vCard), and only the user’s own', async () => {
    const user = await signUp();
    await addContactOk((await signUp()).cookie, tricky[0]!);
    expect(await (await call('/api/exportContacts?format=csv', { cookie: user.cookie })).text()).toBe(
      'Name,Fax number,Company,E-mail,Note\r\n',
    );
    expect(await (await call('/api/exportContacts?format=vcard', { cookie: user.cookie })).text()).toBe('');
  });

  it('answers 400 for an unknown format and 401 without a session', async () => {
    const user = await signUp();
    expect((await call('/api/exportContacts?format=xlsx', { cookie: user.cookie })).status).toBe(400);
    expect((await call('/api/exportContacts', { cookie: user.cookie })).status).toBe(400);
    expect((await call('/api/exportContacts?format=csv')).status).toBe(401);
  });
});
