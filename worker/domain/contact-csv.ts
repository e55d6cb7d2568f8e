import { formatPhoneForDisplay } from '../../src/common/phone';
import type { ContactView } from '../../src/common/contacts';
import type { RawContact, RawContactFile } from './contact-import';

// The phonebook as CSV (RFC 4180): what export writes, and what import reads back from it or from
// a spreadsheet or another address book's export (Google, Outlook), by the header's names.

/** The header export writes; import finds the same columns by name. */
export const CSV_HEADER = ['Name', 'Fax number', 'Company', 'E-mail', 'Note'] as const;

// Header names other address books use for each field, folded (lower case, no spaces or punctuation).
const COLUMN_NAMES: Record<keyof RawContact | 'firstName' | 'lastName', string[]> = {
  name: ['name', 'fullname', 'displayname', 'contact', 'contactname'],
  firstName: ['firstname', 'givenname'],
  lastName: ['lastname', 'surname', 'familyname'],
  faxNumber: ['faxnumber', 'fax', 'businessfax', 'workfax', 'homefax', 'otherfax', 'faxno', 'number'],
  company: ['company', 'organization', 'organisation', 'organizationname', 'companyname', 'business'],
  email: ['email', 'emailaddress', 'mail', 'email1', 'emailaddress1'],
  note: ['note', 'notes', 'comment', 'comments'],
};

const foldHeader = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The file's records, each a list of cells; quotes, doubled quotes and line breaks in quotes as RFC 4180 has them. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') endRecord();
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i++;
      endRecord();
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}

/**
 * A spreadsheet guards cells that start like a formula with a leading apostrophe (export does the
 * same, so a name like "=SUM()" never runs); the apostrophe is not part of the value.
 */
function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The contacts of a CSV file with a header row; row numbers as a spreadsheet shows them (the header is row 1). */
export function readContactCsv(text: string): RawContactFile {
  const records = parseCsvRecords(text);
  const header = (records[0] ?? []).map(foldHeader);
  const column = (field: keyof typeof COLUMN_NAMES): number => {
    for (const name of COLUMN_NAMES[field]) {
      const index = header.indexOf(foldHeader(name));
      if (index >= 0) return index;
    }
    return -1;
  };
  const at = {
    name: column('name'),
    firstName: column('firstName'),
    lastName: column('lastName'),
    faxNumber: column('faxNumber'),
    company: column('company'),
    email: column('email'),
    note: column('note'),
  };
  const hasName = at.name >= 0 || at.firstName >= 0 || at.lastName >= 0 || at.company >= 0;
  if (at.faxNumber < 0 || !hasName) return { ok: false, problem: 'NO_HEADER' };

  const cell = (record: string[], index: number): string => (index >= 0 ? unguard(record[index] ?? '').trim() : '');
  const contacts = records.slice(1).flatMap((record, index) => {
    // A blank line (a spreadsheet's trailing rows) is no contact and no error.
    if (record.every((value) => value.trim() === '')) return [];
    const name = cell(record, at.name) || [cell(record, at.firstName), cell(record, at.lastName)].filter(Boolean).join(' ');
    return [
      {
        row: index + 2,
        contact: {
          name,
          faxNumber: cell(record, at.faxNumber),
          company: cell(record, at.company),
          email: cell(record, at.email),
          note: cell(record, at.note),
        },
      },
    ];
  });
  return { ok: true, contacts };
}

function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The phonebook as a CSV file with a header, numbers written as people read them. */
export function writeContactCsv(contacts: readonly ContactView[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const c of contacts) {
    lines.push([c.name, formatPhoneForDisplay(c.faxNumber), c.company, c.email, c.note].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
