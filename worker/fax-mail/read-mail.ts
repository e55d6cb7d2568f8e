import PostalMime, { type Email } from 'postal-mime';
import { readStreamAtMost } from '../http/bytes';

// Reading a mail to a fax address: its raw bytes, never more than the limit (whatever rawSize
// claimed), then parsed by postal-mime with tight bounds on nesting and headers.

export class MailTooLarge extends Error {}

/** The raw mail, refusing it as soon as it passes `maxBytes`. */
export async function readRawMail(raw: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const bytes = await readStreamAtMost(raw, maxBytes);
  if (!bytes) throw new MailTooLarge();
  return bytes;
}

/** The parsed mail; throws on a mail postal-mime cannot read within its bounds. */
export function parseMail(bytes: Uint8Array): Promise<Email> {
  return PostalMime.parse(bytes, {
    attachmentEncoding: 'arraybuffer',
    // No mail we want to fax nests deeper; the defaults (256 levels, 2 MB of headers) are for archives.
    maxNestingDepth: 20,
    maxHeadersSize: 256 * 1024,
    maxRfc822NestingDepth: 0,
  });
}
