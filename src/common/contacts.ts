import { z } from 'zod';
import {
  CONTACT_DELETE_MAX,
  CONTACT_FILE_FORMATS,
  CONTACT_LIMITS,
  CONTACT_PAGE_MAX,
  CONTACT_SEARCH_MAX,
  type ContactFileFormat,
} from './contact-rules';
import { readPhoneNumber } from './phone';

// The phonebook's contract, shared by the /phonebook and /send pages and the Worker (decision 026):
// a contact's fields and their limits, the calls' bodies and queries, and what they answer.

export {
  CONTACT_DELETE_MAX,
  CONTACT_FILE_FORMATS,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_LIMITS,
  CONTACT_PAGE_MAX,
  CONTACT_PAGE_SIZE,
  CONTACT_SEARCH_MAX,
  type ContactFileFormat,
  detectContactFileFormat,
  MAX_CONTACTS,
} from './contact-rules';

const text = (max: number) => z.string().trim().max(max);

/**
 * A fax number as typed, checked and turned into E.164 by the one rule of src/common/phone.ts (US
 * assumed without a country code); a number with an extension is refused as such.
 */
export const contactFaxNumberSchema = z
  .string()
  .trim()
  .max(CONTACT_LIMITS.faxNumber, { message: 'INVALID_FAX_NUMBER' })
  .transform((typed, ctx) => {
    const reading = readPhoneNumber(typed);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: reading.problem === 'EXTENSION' ? 'FAX_NUMBER_EXTENSION' : 'INVALID_FAX_NUMBER' });
      return z.NEVER;
    }
    return reading.e164;
  });

const emailSchema = text(CONTACT_LIMITS.email).refine((value) => value === '' || z.email().safeParse(value).success, {
  message: 'INVALID_EMAIL',
});

/** A contact as the add and edit forms send it; the server stores what this answers. */
export const contactInputSchema = z.object({
  name: text(CONTACT_LIMITS.name).min(1),
  faxNumber: contactFaxNumberSchema,
  company: text(CONTACT_LIMITS.company).default(''),
  email: emailSchema.default(''),
  note: text(CONTACT_LIMITS.note).default(''),
});
export type ContactInput = z.input<typeof contactInputSchema>;
/** A contact's fields once checked: trimmed, the fax number E.164. */
export type ContactFields = z.output<typeof contactInputSchema>;

export const contactIdSchema = z.uuid();
export const contactIdParamSchema = z.object({ contactId: contactIdSchema });

export const editContactSchema = contactInputSchema.extend({ contactId: contactIdSchema });

export const deleteContactsSchema = z.object({
  contactIds: z.array(contactIdSchema).min(1).max(CONTACT_DELETE_MAX),
});

export const contactListQuerySchema = z.object({
  search: z.string().max(CONTACT_SEARCH_MAX).optional(),
  cursor: z.string().min(1).max(400).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_MAX).optional(),
});

/** The file as text; its size is checked by the server against CONTACT_IMPORT_MAX_BYTES (413). */
export const contactImportSchema = z.object({
  format: z.enum(CONTACT_FILE_FORMATS),
  text: z.string(),
});
export type ContactImportBody = z.input<typeof contactImportSchema>;

export const contactExportQuerySchema = z.object({ format: z.enum(CONTACT_FILE_FORMATS) });

export interface ContactView {
  id: string;
  name: string;
  /** E.164. */
  faxNumber: string;
  /** As people read it: (212) 555-0123 for a US number, international format otherwise. */
  faxDisplay: string;
  company: string;
  email: string;
  note: string;
  created: number;
  updated: number;
}

export interface ContactListPage {
  contacts: ContactView[];
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
  /** Contacts matching the search (all of them without one). */
  total: number;
}

/** A contact an imported row would make, shown in the preview. */
export interface ImportedContact extends ContactFields {
  faxDisplay: string;
}

/** What became of one row of an imported file: `row` is its line in a spreadsheet (the header is row 1), or the card's place in a vCard file. */
export type ContactImportRow =
  | {
      row: number;
      ok: true;
      contact: ImportedContact /** What was changed to take the row (a note cut to fit), in a sentence naming the row. */;
      notice?: string;
    }
  | { row: number; ok: false; code: ContactRowProblem; message: string };

/** Why a row is not imported. */
export const CONTACT_ROW_PROBLEMS = [
  'MISSING_NAME',
  'INVALID_FAX_NUMBER',
  'INVALID_INPUT',
  'CONTACT_EXISTS',
  'DUPLICATE_ROW',
  'TOO_MANY_CONTACTS',
] as const;
export type ContactRowProblem = (typeof CONTACT_ROW_PROBLEMS)[number];

export interface ContactImportReport {
  format: ContactFileFormat;
  rows: ContactImportRow[];
  good: number;
  bad: number;
  /** The commit call only: the contacts added (the good rows). */
  imported?: number;
}
