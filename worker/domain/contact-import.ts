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

// Importing contacts (decision 026): every row of a file is checked on its own, so one bad row never
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
export type CheckedRow = { row: number; ok: true; contact: ContactFields; notice?: string } | Extract<ContactImportRow, { ok: false }>;

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

/** A field cut to its limit, visibly (…), with no space left dangling. */
function cut(value: string, max: number): string {
  return `${[...value]
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The row's fields the product does not need to fax (company, e-mail, note) and a name past its
 * length made to fit, each change said in a sentence: an address book's long note or odd e-mail
 * never costs a person their contact. The fax number is never changed.
 */
function fitFields(format: ContactFileFormat, row: number, raw: RawContact): { fields: RawContact; notices: string[] } {
  const place = rowPlace(format, row);
  const fields = {
    ...raw,
    name: raw.name.trim() || raw.company.trim(),
    company: raw.company.trim(),
    note: raw.note.trim(),
    email: raw.email.trim(),
  };
  const notices: string[] = [];
  for (const field of ['name', 'company', 'note'] as const) {
    const max = CONTACT_LIMITS[field];
    if ([...fields[field]].length <= max) continue;
    fields[field] = cut(fields[field], max);
    notices.push(t('api.contactRows.CUT', { place, field: t(`api.contactFields.${field}`), max }));
  }
  if (fields.email !== '' && !contactInputSchema.shape.email.safeParse(fields.email).success) {
    notices.push(t('api.contactRows.EMAIL_LEFT_OUT', { place, email: shown(fields.email) }));
    fields.email = '';
  }
  return { fields, notices };
}

/**
 * Checks one row by the rules of the add form; a row without a name takes its company's. Only a
 * missing name or a fax number that cannot be dialled keeps a row out; other fields are made to
 * fit, and the row says what was changed (`notice`).
 */
export function checkContactRow(format: ContactFileFormat, row: number, raw: RawContact): CheckedRow {
  const place = rowPlace(format, row);
  const bad = (code: Extract<ContactImportRow, { ok: false }>['code'], message: string): CheckedRow => ({ row, ok: false, code, message });
  const { fields, notices } = fitFields(format, row, raw);
  if (fields.name === '') return bad('MISSING_NAME', t('api.contactRows.MISSING_NAME', { place }));
  if (raw.faxNumber.trim() === '') return bad('INVALID_FAX_NUMBER', t('api.contactRows.NO_FAX_NUMBER', { place }));
  const parsed = contactInputSchema.safeParse(fields);
  if (parsed.success) return { row, ok: true, contact: parsed.data, ...(notices.length > 0 ? { notice: notices.join(' ') } : {}) };
  const issue = parsed.error.issues[0]!;
  const number = shown(raw.faxNumber.trim());
  if (issue.message === 'FAX_NUMBER_EXTENSION')
    return bad('INVALID_FAX_NUMBER', t('api.contactRows.FAX_NUMBER_EXTENSION', { place, number }));
  return bad('INVALID_FAX_NUMBER', t('api.contactRows.INVALID_FAX_NUMBER', { place, number }));
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
    const { row, contact, notice } = checked;
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
    return { row, ok: true, contact: { ...contact, faxDisplay: number }, ...(notice ? { notice } : {}) };
  });
  const good = planned.filter((row) => row.ok).length;
  return { format, rows: planned, good, bad: planned.length - good };
}
