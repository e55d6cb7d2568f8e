import { describe, expect, it } from 'vitest';
import type { ContactView } from '../../src/common/contacts';
import { parseCsvRecords, readContactCsv, writeContactCsv } from '../../worker/domain/contact-csv';
import { readContactVcard, writeContactVcard } from '../../worker/domain/contact-vcard';

// Phonebook files (issue 14): CSV as spreadsheets and address books write it, vCard 2.1 to 4.0,
// and what export writes reads back the same.

function view(fields: Partial<ContactView> & Pick<ContactView, 'name' | 'faxNumber'>): ContactView {
  return { id: crypto.randomUUID(), faxDisplay: '', company: '', email: '', note: '', created: 1, updated: 1, ...fields };
}

const tricky: ContactView[] = [
  view({
    name: 'Ada Lovelace',
    faxNumber: '+12125550123',
    company: 'Engines, Ltd',
    email: 'ada@example.com',
    note: 'Line one\nline "two"',
  }),
  view({ name: 'José Núñez', faxNumber: '+442079460958', note: 'semi; colon, comma \\ backslash' }),
  view({ name: '=HYPERLINK("x")', faxNumber: '+33142685300', company: '@home', note: 'x'.repeat(300) }),
];

const fields = (c: ContactView) => ({ name: c.name, company: c.company, email: c.email, note: c.note });

describe('CSV', () => {
  it.each([
    [
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'a,b\nc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['"a, b","say ""hi"""\n', [['a, b', 'say "hi"']]],
    ['"two\nlines",x\n', [['two\nlines', 'x']]],
    ['\uFEFFName,Fax\n', [['Name', 'Fax']]],
    [
      'a,,c\n,\n',
      [
        ['a', '', 'c'],
        ['', ''],
      ],
    ],
  ])('reads %j', (text, records) => {
    expect(parseCsvRecords(text)).toEqual(records);
  });

  it('finds the columns by their names in any order, and numbers rows as a spreadsheet does', () => {
    const file = readContactCsv(
      'E-mail Address,Company,Business Fax,First Name,Last Name\nann@x.com,Acme,212 555 0123,Ann,Lee\n\n,Solo Inc,(415) 555-2671,,\n',
    );
    expect(file).toEqual({
      ok: true,
      contacts: [
        { row: 2, contact: { name: 'Ann Lee', faxNumber: '212 555 0123', company: 'Acme', email: 'ann@x.com', note: '' } },
        { row: 4, contact: { name: '', faxNumber: '(415) 555-2671', company: 'Solo Inc', email: '', note: '' } },
      ],
    });
  });

  it.each([[''], ['Name,Phone\nAnn,1\n'], ['Fax\n2125550123\n'], ['2125550123,Ann\n']])(
    'refuses %j: no header naming the columns',
    (text) => {
      expect(readContactCsv(text)).toEqual({ ok: false, problem: 'NO_HEADER' });
    },
  );

  it('writes a header and guards cells a spreadsheet would run as a formula', () => {
    const csv = writeContactCsv(tricky);
    expect(csv.split('\r\n')[0]).toBe('Name,Fax number,Company,E-mail,Note');
    expect(csv).toContain(`"'=HYPERLINK(""x"")",'+33 1 42 68 53 00,'@home,`);
    expect(csv).toContain('(212) 555-0123');
  });

  it('reads back what it wrote', () => {
    const file = readContactCsv(writeContactCsv(tricky));
    if (!file.ok) throw new Error('unreadable');
    expect(file.contacts.map((c) => c.row)).toEqual([2, 3, 4]);
    expect(file.contacts.map((c) => ({ ...c.contact, faxNumber: undefined }))).toEqual(
      tricky.map((c) => ({ ...fields(c), faxNumber: undefined })),
    );
  });
});

describe('vCard', () => {
  it('reads 3.0, 2.1 and 4.0 cards: FN or N, the fax TEL first, ORG, EMAIL, NOTE', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ada Lovelace',
      'ORG:Engines\\, Ltd;Research',
      'TEL;TYPE=VOICE:+1 212 555 0100',
      'TEL;TYPE=WORK,FAX:+1 212 555 0123',
      'EMAIL;TYPE=INTERNET:ada@example.com',
      'NOTE:Line one\\nline two',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N:Núñez;José;;;',
      'TEL;WORK;FAX:020 7946 0958',
      'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9 au =',
      'lait',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Folded',
      '  Name',
      'item1.TEL;VALUE=uri;TYPE="fax,work":tel:+33-1-42-68-53-00',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:No Number',
      'END:VCARD',
    ].join('\r\n');
    expect(readContactVcard(text)).toEqual({
      ok: true,
      contacts: [
        {
          row: 1,
          contact: {
            name: 'Ada Lovelace',
            faxNumber: '+1 212 555 0123',
            company: 'Engines, Ltd',
            email: 'ada@example.com',
            note: 'Line one\nline two',
          },
        },
        { row: 2, contact: { name: 'José Núñez', faxNumber: '020 7946 0958', company: '', email: '', note: 'Café au lait' } },
        { row: 3, contact: { name: 'Folded Name', faxNumber: '+33-1-42-68-53-00', company: '', email: '', note: '' } },
        { row: 4, contact: { name: 'No Number', faxNumber: '', company: '', email: '', note: '' } },
      ],
    });
  });

  it.each([[''], ['Name,Fax\nAnn,2125550123\n'], ['BEGIN:VCARD\nFN:never ended\n']])('refuses %j: no card in it', (text) => {
    expect(readContactVcard(text)).toEqual({ ok: false, problem: 'NO_CARDS' });
  });

  it('folds long lines at 75 octets without splitting a character, and reads back what it wrote', () => {
    const written = writeContactVcard(tricky);
    for (const line of written.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const file = readContactVcard(written);
    if (!file.ok) throw new Error('unreadable');
    expect(file.contacts.map((c) => c.contact)).toEqual(tricky.map((c) => ({ ...fields(c), faxNumber: c.faxNumber })));
  });
});
