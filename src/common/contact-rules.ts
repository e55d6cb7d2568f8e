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

/** UTF-16 is what Outlook and Windows' address book write as "Unicode": every other byte of ASCII text is 0. */
function looksLikeUtf16(bytes: Uint8Array, zeroAt: 0 | 1): boolean {
  const sample = Math.min(bytes.length, 512) & ~1;
  let zeros = 0;
  for (let i = zeroAt; i < sample; i += 2) if (bytes[i] === 0) zeros++;
  return sample >= 4 && zeros >= sample / 4;
}

/**
 * The text of a chosen contact file, whatever program wrote it: UTF-8 (with or without its byte
 * order mark), UTF-16 either way round (Outlook's "Unicode"), and otherwise Windows' own
 * windows-1252 (Outlook's and Excel's default CSV), never a "�" where a letter was.
 */
export function decodeContactFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (looksLikeUtf16(bytes, 1)) return new TextDecoder('utf-16le').decode(bytes);
  if (looksLikeUtf16(bytes, 0)) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
