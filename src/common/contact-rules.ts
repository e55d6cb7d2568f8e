// The zod-free part of the phonebook's contract: what the pages carry. The schemas stay in ./contacts.ts, which re-exports
// these, so the server reads one contract (docs/decisions/032).

/** Lengths a contact's fields may have; name and company fit the cover page's To fields. */
export const CONTACT_LIMITS = {
  name: 80,
  company: 80,
  email: 254,
  note: 500,
  /** A fax number as a person types it: room for spaces, brackets and an extension-free prefix. */
  faxNumber: 40,
} as const;

/** The most contacts one user keeps: a phonebook, not a mailing list. */
export const MAX_CONTACTS = 5_000;

/** One page of the phonebook, and the most a caller may ask for at once (the /send picker asks for a few). */
export const CONTACT_PAGE_SIZE = 50;
export const CONTACT_PAGE_MAX = 100;

/** The longest search a person types. */
export const CONTACT_SEARCH_MAX = 80;

/** Contacts deleted by one call (a page's selection). */
export const CONTACT_DELETE_MAX = 500;

/** An imported file: at most 1 MiB (as UTF-8) and as many rows as a phonebook holds. */
export const CONTACT_IMPORT_MAX_BYTES = 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = MAX_CONTACTS;

export const CONTACT_FILE_FORMATS = ['csv', 'vcard'] as const;
export type ContactFileFormat = (typeof CONTACT_FILE_FORMATS)[number];

/** The format of a chosen file, by its contents first (a .txt can hold vCards), then its name. */
export function detectContactFileFormat(fileName: string, contents: string): ContactFileFormat {
  if (/^\uFEFF?\s*BEGIN:VCARD/i.test(contents)) return 'vcard';
  return /\.(vcf|vcard)$/i.test(fileName) ? 'vcard' : 'csv';
}
