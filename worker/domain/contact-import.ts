import {
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_LIMITS,
  type ContactFields,
  type ContactFileFormat,
  type ContactImportReport,
  type ContactImportRow,
  contactInputSchema,
  MAX_CONTACTS,
} from '../../src/common/contacts';
import { formatPhoneForDisplay } from '../../src/common/phone';
import { LOCALE, t } from '../../src/i18n/t';

// Importing contacts (issue 14): every row of a file is checked on its own, so one bad row never
// keeps the others out; each bad row is answered with its place in the file and why. The preview
// and the commit run the same plan, the commit against the phonebook as it is at that moment.

/** A contact's fields as a file holds them, before any check. */
export interface RawContact {
  name: string;
  faxNumber: string;
  company: string;
  email: string;
  note: string;
}

export type ContactFileProblem = 'NO_HEADER' | 'NO_CARDS' | 'TOO_MANY_ROWS';

/** A file read into rows (`row`: its line in a spreadsheet, or the card's place), or why it cannot be. */
export type RawContactFile =
  | { ok: true; contacts: Array<{ row: number; contact: RawContact }> }
  | { ok: false; problem: ContactFileProblem };

/** A row checked on its own: the contact it makes, or the row's answer as a bad row. */
export type CheckedRow = { row: number; ok: true; contact: ContactFields } | Extract<ContactImportRow, { ok: false }>;

/** The sentence that names a row's place: "Row 4" in a CSV file, "Card 4" in a vCard file. */
export function rowPlace(format: ContactFileFormat, row: number): string {
  return t(format === 'csv' ? 'api.contactRows.row' : 'api.contactRows.card', { row });
}

/** The file-level refusal, when a file has too many rows to be a phonebook. */
export function boundRows(file: RawContactFile): RawContactFile {
  return file.ok && file.contacts.length > CONTACT_IMPORT_MAX_ROWS ? { ok: false, problem: 'TOO_MANY_ROWS' } : file;
}

export function fileProblemMessage(format: ContactFileFormat, problem: ContactFileProblem): string {
  if (problem === 'TOO_MANY_ROWS') return t('api.contactFile.TOO_MANY_ROWS', { max: CONTACT_IMPORT_MAX_ROWS.toLocaleString(LOCALE) });
  return t(format === 'csv' ? 'api.contactFile.NO_HEADER' : 'api.contactFile.NO_CARDS');
}

const shown = (value: string): string => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** Checks one row by the rules of the add form; a row without a name takes its company's. */
export function checkContactRow(format: ContactFileFormat, row: number, raw: RawContact): CheckedRow {
  const place = rowPlace(format, row);
  const bad = (code: Extract<ContactImportRow, { ok: false }>['code'], message: string): CheckedRow => ({ row, ok: false, code, message });
  const input = { ...raw, name: raw.name.trim() || raw.company.trim() };
  if (input.name === '') return bad('MISSING_NAME', t('api.contactRows.MISSING_NAME', { place }));
  if (raw.faxNumber.trim() === '') return bad('INVALID_FAX_NUMBER', t('api.contactRows.NO_FAX_NUMBER', { place }));
  const parsed = contactInputSchema.safeParse(input);
  if (parsed.success) return { row, ok: true, contact: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = (issue.path[0] ?? 'name') as keyof RawContact;
  if (field === 'faxNumber') {
    return bad('INVALID_FAX_NUMBER', t('api.contactRows.INVALID_FAX_NUMBER', { place, number: shown(raw.faxNumber.trim()) }));
  }
  if (field === 'email' && issue.message === 'INVALID_EMAIL') {
    return bad('INVALID_INPUT', t('api.contactRows.INVALID_EMAIL', { place, email: shown(raw.email.trim()) }));
  }
  return bad('INVALID_INPUT', t('api.contactRows.TOO_LONG', { place, field: t(`api.contactFields.${field}`), max: CONTACT_LIMITS[field] }));
}

/**
 * What an import would do with checked rows, given the numbers already in the phonebook (with
 * their names) and how many contacts it may still take: a number already there, or on an earlier
 * row, is not imported twice, and rows beyond the phonebook's room are refused.
 */
export function planContactImport(
  format: ContactFileFormat,
  rows: readonly CheckedRow[],
  existing: ReadonlyMap<string, string>,
  room: number,
): ContactImportReport {
  const firstRowOf = new Map<string, number>();
  let left = room;
  const planned: ContactImportRow[] = rows.map((checked) => {
    if (!checked.ok) return checked;
    const { row, contact } = checked;
    const place = rowPlace(format, row);
    const number = formatPhoneForDisplay(contact.faxNumber);
    const known = existing.get(contact.faxNumber);
    if (known !== undefined) {
      return { row, ok: false, code: 'CONTACT_EXISTS', message: t('api.contactRows.CONTACT_EXISTS', { place, number, name: known }) };
    }
    const earlier = firstRowOf.get(contact.faxNumber);
    if (earlier !== undefined) {
      const other = rowPlace(format, earlier).toLowerCase();
      return { row, ok: false, code: 'DUPLICATE_ROW', message: t('api.contactRows.DUPLICATE_ROW', { place, number, other }) };
    }
    if (left <= 0) {
      return {
        row,
        ok: false,
        code: 'TOO_MANY_CONTACTS',
        message: t('api.contactRows.TOO_MANY_CONTACTS', { place, max: MAX_CONTACTS.toLocaleString(LOCALE) }),
      };
    }
    firstRowOf.set(contact.faxNumber, row);
    left -= 1;
    return { row, ok: true, contact: { ...contact, faxDisplay: number } };
  });
  const good = planned.filter((row) => row.ok).length;
  return { format, rows: planned, good, bad: planned.length - good };
}
