import { describe, expect, it } from 'vitest';
import { decodeContactFile } from '../../src/common/contact-rules';
import type { ContactView } from '../../src/common/contacts';
import { parseCsvRecords, readContactCsv, writeContactCsv } from '../../worker/domain/contact-csv';
import { readContactVcard, writeContactVcard } from '../../worker/domain/contact-vcard';

// Phonebook files (decision 026): CSV as spreadsheets and address books write it, vCard 2.1 to 4.0,
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

  it('reads Google Contacts’ export: phones as Type/Value pairs, the fax one taken, several values in a cell, a multi-line note', () => {
    const header =
      'First Name,Middle Name,Last Name,Organization Name,Notes,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value';
    const file = readContactCsv(
      `${header}\nAda,King,Lovelace,Engines,"two\nlines",* Work,ada@x.com ::: a@y.com,Mobile,+1 646 555 0100,Work Fax,+1 212 555 0123 ::: +1 212 555 0124\nBob,,Only Mobile,,,,,Mobile,+1 646 555 0199,,\n`,
    );
    expect(file).toEqual({
      ok: true,
      contacts: [
        {
          row: 2,
          contact: { name: 'Ada King Lovelace', faxNumber: '+1 212 555 0123', company: 'Engines', email: 'ada@x.com', note: 'two\nlines' },
        },
        { row: 3, contact: { name: 'Bob Only Mobile', faxNumber: '', company: '', email: '', note: '' } },
      ],
    });
  });

  it('reads Outlook’s export: the first of Business, Home and Other Fax that is filled in, in a file separated by semicolons', () => {
    const file = readContactCsv(
      '"First Name";"Last Name";"Company";"Business Fax";"Home Fax";"E-mail Address";"Notes"\r\nAnn;Lee;Acme;;"(212) 555-0123";ann@x.com;\r\n',
    );
    expect(file).toMatchObject({
      ok: true,
      contacts: [{ row: 2, contact: { name: 'Ann Lee', faxNumber: '(212) 555-0123', company: 'Acme' } }],
    });
  });

  it('quotes a cell holding a separator, so a spreadsheet splitting on semicolons or tabs never runs its second half', () => {
    const csv = writeContactCsv([view({ name: 'Eve;@SUM(A1)', faxNumber: '+12125550123', company: 'Tab\t=1+1', note: 'a;-2+3' })]);
    expect(csv.split('\r\n')[1]).toBe('"Eve;@SUM(A1)",(212) 555-0123,"Tab\t=1+1",,"a;-2+3"');
    const file = readContactCsv(csv);
    expect(file).toMatchObject({ ok: true, contacts: [{ contact: { name: 'Eve;@SUM(A1)', company: 'Tab\t=1+1', note: 'a;-2+3' } }] });
  });

  it.each([
    ['UTF-8 with its mark', [0xef, 0xbb, 0xbf, 0x4e, 0xc3, 0xba]],
    ['UTF-8', [0x4e, 0xc3, 0xba]],
    ['windows-1252 (Outlook, Excel)', [0x4e, 0xfa]],
    ['UTF-16LE with its mark', [0xff, 0xfe, 0x4e, 0x00, 0xfa, 0x00]],
    ['UTF-16LE without it', [0x4e, 0x00, 0xfa, 0x00, 0x4e, 0x00]],
    ['UTF-16BE with its mark', [0xfe, 0xff, 0x00, 0x4e, 0x00, 0xfa]],
  ])('decodes a file written in %s', (_label, bytes) => {
    expect(decodeContactFile(new Uint8Array(bytes)).replace(/N$/, '')).toBe('Nú');
  });

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

  it('reads Apple Contacts’ cards: a fax named by its X-ABLabel, a 2.1 note in windows-1252', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'PRODID:-//Apple Inc.//macOS 14.0//EN',
      'N:Lee;Ann;;;',
      'FN:Ann Lee',
      'item1.TEL;type=pref:+1 646 555 0100',
      'item2.TEL:+1 212 555 0123',
      'item2.X-ABLabel:Fax',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:2.1',
      'FN:Zoë',
      'TEL;FAX:212 555 0124',
      'NOTE;CHARSET=windows-1252;ENCODING=QUOTED-PRINTABLE:Caf=E9',
      'END:VCARD',
    ].join('\r\n');
    expect(readContactVcard(text)).toMatchObject({
      ok: true,
      contacts: [{ contact: { name: 'Ann Lee', faxNumber: '+1 212 555 0123' } }, { contact: { name: 'Zoë', note: 'Café' } }],
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
