import type { ContactView } from '../../src/common/contacts';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { RawContactFile } from './contact-import';

// The phonebook as CSV (RFC 4180): what export writes, and what import reads back from it or from
// a spreadsheet or another address book's export (Google, Outlook), by the header's names.

/** The header export writes; import finds the same columns by name. */
export const CSV_HEADER = ['Name', 'Fax number', 'Company', 'E-mail', 'Note'] as const;

// Header names other address books use for each field, folded (lower case, no spaces or punctuation).
const COLUMN_NAMES = {
  name: ['name', 'fullname', 'displayname', 'contact', 'contactname', 'fileas'],
  firstName: ['firstname', 'givenname'],
  middleName: ['middlename', 'additionalname'],
  lastName: ['lastname', 'surname', 'familyname'],
  company: ['company', 'organization', 'organisation', 'organizationname', 'companyname', 'business', 'organization1name'],
  email: ['email', 'emailaddress', 'mail', 'email1', 'emailaddress1', 'email1value'],
  note: ['note', 'notes', 'comment', 'comments'],
} as const;

/** Columns that hold a fax number by their name alone (Outlook has three: business, home, other). */
const FAX_COLUMNS = ['faxnumber', 'fax', 'businessfax', 'workfax', 'homefax', 'otherfax', 'faxno', 'number'];

// Google Contacts writes each number as a pair of columns, `Phone 1 - Type` (or `- Label`) and
// `Phone 1 - Value`; the type says "Work Fax", "Home Fax", "Mobile"… and a cell may hold several
// values joined by " ::: ".
const PHONE_PAIR = /^phone\s*(\d+)\s*-\s*(type|label|value)$/i;
const GOOGLE_MULTI_VALUE = ' ::: ';

const foldHeader = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The separator of a file: a comma, or the semicolon or tab some spreadsheets and Outlook write instead. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/)).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((separator) => [separator, firstLine.split(separator).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The file's records, each a list of cells; quotes, doubled quotes and line breaks in quotes as RFC 4180 has them. */
export function parseCsvRecords(text: string, separator = ','): string[][] {
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
    else if (ch === separator) endCell();
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

interface CsvLayout {
  /** Each field's column, -1 when the file has none. */
  at: Record<keyof typeof COLUMN_NAMES, number>;
  /** Columns named as fax numbers, in the file's order. */
  fax: number[];
  /** Google's phone pairs: the column of the type and of the value. */
  phones: Array<{ type: number; value: number }>;
}

function layoutOf(header: readonly string[]): CsvLayout {
  const folded = header.map(foldHeader);
  const column = (names: readonly string[]): number => {
    for (const name of names) {
      const index = folded.indexOf(name);
      if (index >= 0) return index;
    }
    return -1;
  };
  const at = Object.fromEntries(Object.entries(COLUMN_NAMES).map(([field, names]) => [field, column(names)])) as CsvLayout['at'];
  const fax = folded.flatMap((name, index) => (FAX_COLUMNS.includes(name) ? [index] : []));
  const pairs = new Map<string, { type?: number; value?: number }>();
  header.forEach((name, index) => {
    const match = PHONE_PAIR.exec(name.trim());
    if (!match) return;
    const pair = pairs.get(match[1]!) ?? {};
    if (match[2]!.toLowerCase() === 'value') pair.value = index;
    else pair.type = index;
    pairs.set(match[1]!, pair);
  });
  const phones = [...pairs.values()].flatMap((pair) =>
    pair.type !== undefined && pair.value !== undefined ? [{ type: pair.type, value: pair.value }] : [],
  );
  return { at, fax, phones };
}

/** The row's fax number: the first fax column filled in, else the first of Google's phones typed as a fax. */
function faxOf(layout: CsvLayout, cell: (index: number) => string): string {
  for (const index of layout.fax) if (cell(index)) return cell(index);
  for (const phone of layout.phones) {
    if (/fax/i.test(cell(phone.type)) && cell(phone.value)) return cell(phone.value).split(GOOGLE_MULTI_VALUE)[0]!.trim();
  }
  return '';
}

/**
 * The contacts of a CSV file with a header row (ours, a spreadsheet's, Google Contacts' or
 * Outlook's); row numbers as a spreadsheet shows them (the header is row 1).
 */
export function readContactCsv(text: string): RawContactFile {
  const records = parseCsvRecords(text, separatorOf(text.replace(/^\uFEFF/, '')));
  const layout = layoutOf(records[0] ?? []);
  const { at } = layout;
  const hasName = at.name >= 0 || at.firstName >= 0 || at.lastName >= 0 || at.company >= 0;
  if ((layout.fax.length === 0 && layout.phones.length === 0) || !hasName) return { ok: false, problem: 'NO_HEADER' };

  const contacts = records.slice(1).flatMap((record, index) => {
    // A blank line (a spreadsheet's trailing rows) is no contact and no error.
    if (record.every((value) => value.trim() === '')) return [];
    const cell = (column: number): string => (column >= 0 ? unguard(record[column] ?? '').trim() : '');
    const name = cell(at.name) || [cell(at.firstName), cell(at.middleName), cell(at.lastName)].filter(Boolean).join(' ');
    return [
      {
        row: index + 2,
        contact: {
          name,
          faxNumber: faxOf(layout, cell),
          company: cell(at.company),
          email: cell(at.email).split(GOOGLE_MULTI_VALUE)[0]!.trim(),
          note: cell(at.note),
        },
      },
    ];
  });
  return { ok: true, contacts };
}

/**
 * A cell as a spreadsheet cannot run it: one that starts like a formula gets an apostrophe, and
 * one holding a separator is quoted whole. A spreadsheet whose list separator is the semicolon (or
 * a tab) would otherwise split "Eve;@SUM(A1)" and run its second half (tests/unit/contact-files.test.ts).
 */
function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The phonebook as a CSV file with a header, numbers written as people read them. */
export function writeContactCsv(contacts: readonly ContactView[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const c of contacts) {
    lines.push([c.name, formatPhoneForDisplay(c.faxNumber), c.company, c.email, c.note].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
