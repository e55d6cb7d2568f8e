import { describe, expect, it } from 'vitest';
import { checkContactRow, planContactImport, type RawContact } from '../../worker/domain/contact-import';

// Importing contacts (decision 026): each row on its own, a bad row named by its place and never
// keeping the others out; numbers already in the phonebook or on an earlier row are not added twice.

const raw = (fields: Partial<RawContact>): RawContact => ({
  name: 'Ann Lee',
  faxNumber: '(212) 555-0123',
  company: '',
  email: '',
  note: '',
  ...fields,
});

describe('checking one row', () => {
  it('takes a row as the add form would: trimmed, the number E.164, a missing name from the company', () => {
    expect(checkContactRow('csv', 2, raw({ name: '  Ann Lee ', email: ' ann@x.com ' }))).toEqual({
      row: 2,
      ok: true,
      contact: { name: 'Ann Lee', faxNumber: '+12125550123', company: '', email: 'ann@x.com', note: '' },
    });
    expect(checkContactRow('csv', 3, raw({ name: '', company: 'Acme' }))).toMatchObject({
      ok: true,
      contact: { name: 'Acme', company: 'Acme' },
    });
  });

  it.each([
    [raw({ name: '', company: '' }), 'MISSING_NAME', 'Row 7: there is no name or company.'],
    [raw({ faxNumber: ' ' }), 'INVALID_FAX_NUMBER', 'Row 7: there is no fax number.'],
    [raw({ faxNumber: '555' }), 'INVALID_FAX_NUMBER', 'Row 7: “555” is not a fax number we can dial.'],
    [
      raw({ faxNumber: '212-555-0123 ext. 12' }),
      'INVALID_FAX_NUMBER',
      'Row 7: “212-555-0123 ext. 12” has an extension, which a fax machine cannot dial; write the fax number alone.',
    ],
  ])('refuses %o as %s, naming the row', (row, code, message) => {
    expect(checkContactRow('csv', 7, row)).toEqual({ row: 7, ok: false, code, message });
  });

  it.each([
    ['00-1-212-555-0123', '+12125550123'],
    ['011 44 20 7946 0958', '+442079460958'],
    ['0044 (0)20 7946 0958', '+442079460958'],
    ['+1.212.555.0123', '+12125550123'],
    ['[212] 555 0123', '+12125550123'],
  ])('takes %j, a number written as people write them, as %s', (faxNumber, e164) => {
    expect(checkContactRow('csv', 2, raw({ faxNumber }))).toMatchObject({ ok: true, contact: { faxNumber: e164 } });
  });

  it('never loses a contact over a field a fax does not need: a long note, company or name is cut, an odd e-mail left out, and the row says so', () => {
    const long = checkContactRow(
      'vcard',
      3,
      raw({ note: 'n'.repeat(900), company: 'c'.repeat(81), name: 'N'.repeat(81), email: 'not mail' }),
    );
    expect(long).toMatchObject({ ok: true, contact: { faxNumber: '+12125550123', email: '' } });
    if (!long.ok) throw new Error('refused');
    expect([...long.contact.note]).toHaveLength(500);
    expect(long.contact.note.endsWith('…')).toBe(true);
    expect(long.contact.company).toHaveLength(80);
    expect(long.contact.name).toHaveLength(80);
    expect(long.notice).toBe(
      [
        'Card 3: the name was longer than 80 characters, so only its beginning is kept.',
        'Card 3: the company was longer than 80 characters, so only its beginning is kept.',
        'Card 3: the note was longer than 500 characters, so only its beginning is kept.',
        'Card 3: “not mail” is not an e-mail address, so the contact is imported without one.',
      ].join(' '),
    );
    expect(checkContactRow('csv', 2, raw({}))).not.toHaveProperty('notice');
  });

  it('names a vCard file’s rows as cards', () => {
    expect(checkContactRow('vcard', 3, raw({ faxNumber: '' }))).toMatchObject({ message: 'Card 3: there is no fax number.' });
  });
});

describe('planning an import', () => {
  const rows = [
    checkContactRow('csv', 2, raw({ name: 'Ann', faxNumber: '2125550123' })),
    checkContactRow('csv', 3, raw({ name: 'Bad', faxNumber: 'abc' })),
    checkContactRow('csv', 4, raw({ name: 'Known', faxNumber: '415 555 2671' })),
    checkContactRow('csv', 5, raw({ name: 'Ann again', faxNumber: '+1 (212) 555-0123' })),
    checkContactRow('csv', 6, raw({ name: 'Bob', faxNumber: '+44 20 7946 0958' })),
  ];

  it('keeps the good rows and answers each bad one with its place and why', () => {
    const report = planContactImport('csv', rows, new Map([['+14155552671', 'Kim']]), 100);
    expect(report.good).toBe(2);
    expect(report.bad).toBe(3);
    expect(report.rows.map((r) => (r.ok ? [r.row, 'ok', r.contact.faxDisplay] : [r.row, r.code, r.message]))).toEqual([
      [2, 'ok', '(212) 555-0123'],
      [3, 'INVALID_FAX_NUMBER', 'Row 3: “abc” is not a fax number we can dial.'],
      [4, 'CONTACT_EXISTS', 'Row 4: (415) 555-2671 is already in your phonebook, as Kim.'],
      [5, 'DUPLICATE_ROW', 'Row 5: (212) 555-0123 is on row 2 too; only the first is imported.'],
      [6, 'ok', '+44 20 7946 0958'],
    ]);
  });

  it('refuses the rows past the phonebook’s room', () => {
    const report = planContactImport('csv', rows, new Map(), 1);
    expect(report.rows.filter((r) => r.ok).map((r) => r.row)).toEqual([2]);
    expect(report.rows.at(-1)).toMatchObject({
      row: 6,
      code: 'TOO_MANY_CONTACTS',
      message: 'Row 6: your phonebook is full (5,000 contacts).',
    });
  });
});
