import { CONTACT_IMPORT_MAX_BYTES, type ContactFileFormat, type ContactView } from '../../src/common/contacts';
import { readContactCsv, writeContactCsv } from './contact-csv';
import { boundRows, type CheckedRow, type ContactFileProblem, checkContactRow } from './contact-import';
import { readContactVcard, writeContactVcard } from './contact-vcard';

// A phonebook file of either format, read into checked rows or written from the contacts.

export type CheckedContactFile = { ok: true; rows: CheckedRow[] } | { ok: false; problem: ContactFileProblem | 'TOO_LARGE' };

/** Every row of the file checked on its own, or why the file as a whole cannot be read. */
export function checkContactFile(format: ContactFileFormat, text: string): CheckedContactFile {
  if (new TextEncoder().encode(text).byteLength > CONTACT_IMPORT_MAX_BYTES) return { ok: false, problem: 'TOO_LARGE' };
  const file = boundRows(format === 'csv' ? readContactCsv(text) : readContactVcard(text));
  if (!file.ok) return file;
  return { ok: true, rows: file.contacts.map(({ row, contact }) => checkContactRow(format, row, contact)) };
}

export const CONTACT_FILE_TYPES: Record<ContactFileFormat, { contentType: string; fileName: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', fileName: 'phonebook.csv' },
  vcard: { contentType: 'text/vcard; charset=utf-8', fileName: 'phonebook.vcf' },
};

export function writeContactFile(format: ContactFileFormat, contacts: readonly ContactView[]): string {
  return format === 'csv' ? writeContactCsv(contacts) : writeContactVcard(contacts);
}
