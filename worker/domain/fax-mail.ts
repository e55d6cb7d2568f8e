import type { CoverPage } from '../../src/common/cover-page';
import { toE164 } from '../../src/common/phone';

// The rules of a fax sent by e-mail (decision 028), with no I/O: which number a fax address names,
// which parts of the mail become pages, and the cover page its subject and text make.

/** Characters a person may write a number with in an address: 12125550123, +1-212-555-0123, 1.212.555.0123. */
const NUMBER_LOCAL_PART = /^\+?[0-9(][0-9().-]{5,30}$/;

/**
 * The E.164 number a fax address names (`<number>@<faxDomain>`, US assumed without a country
 * code), or null for an address at another domain or whose local part is not a valid number.
 */
export function faxNumberOfAddress(address: string, faxDomain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at).trim();
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (domain !== faxDomain.toLowerCase() || !NUMBER_LOCAL_PART.test(local)) return null;
  const digits = local.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return toE164(local.startsWith('+') ? `+${digits}` : digits);
}

export interface MailPart {
  filename: string | null;
  mimeType: string;
  disposition: string | null;
  /** True for a part an HTML body shows inline (a logo in a signature). */
  related?: boolean;
  contentId?: string;
}

/** A signature (PGP/MIME, S/MIME) or a key travels beside the mail's content; it is never a page. */
const SIGNATURE_TYPES = new Set([
  'application/pgp-signature',
  'application/pkcs7-signature',
  'application/x-pkcs7-signature',
  'application/pgp-keys',
]);

/** A text part the mail's body holds as another form of itself (text/watch-html, text/enriched…): not attached by anyone. */
function isBodyAlternative(part: MailPart): boolean {
  return part.mimeType.startsWith('text/') && part.disposition !== 'attachment' && !part.filename;
}

/**
 * The parts that may be pages, in the order the mail has them: what the sender attached, not what
 * the HTML body shows inline (signature logos, tracking pixels), not a signature of the mail
 * (`smime.p7s`, `signature.asc`) and not another form of its body (tests/unit/fax-mail-rules.test.ts). Whether a part is a
 * PDF, PNG or JPEG is decided later from its bytes, never from its name or declared type.
 */
export function pagesOfMail<T extends MailPart>(parts: readonly T[]): T[] {
  return parts.filter(
    (part) =>
      !(part.related || (part.disposition === 'inline' && part.contentId)) &&
      !SIGNATURE_TYPES.has(part.mimeType.toLowerCase()) &&
      !isBodyAlternative(part),
  );
}

/** Offsets a mail's Date header may carry: from -12:00 to +14:00. */
const OFFSET = /([+-])(\d{2})(\d{2})\s*(?:\([^)]*\))?\s*$/;

/**
 * The sender's wall clock at `now`, from the time zone offset of the mail's Date header (the
 * sender's own clock wrote it), so the cover page shows the time where the fax was sent; UTC when
 * the header has no usable offset.
 */
export function senderLocalDate(dateHeader: string | undefined, now: number): CoverPage['localDateOptions'] {
  const match = dateHeader ? OFFSET.exec(dateHeader.trim()) : null;
  let minutes = 0;
  if (match) {
    const value = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1);
    if (value >= -12 * 60 && value <= 14 * 60 && Number(match[3]) < 60) minutes = value;
  }
  const local = new Date(now + minutes * 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return {
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
    month: local.getUTCMonth() + 1,
    date: local.getUTCDate(),
    year: local.getUTCFullYear(),
    iso: `${local.toISOString().slice(0, 19)}${offset}`,
  };
}

const SUBJECT_MAX = 120;
const MESSAGE_MAX = 2000;

function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** An HTML body as plain text, for a mail that has no text part: tags dropped, common entities read. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The body as a cover page's message: without the signature (after "-- "), blank runs folded, clipped. */
export function coverMessageOf(text: string): string {
  const body = text.replace(/\r\n?/g, '\n').split(/\n-- ?\n/)[0] ?? '';
  const lines = body.split('\n').map((line) => line.trimEnd());
  return clip(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    MESSAGE_MAX,
  );
}

interface CoverFromMail {
  subject: string;
  text: string;
  fromName: string;
  toDisplay: string;
  localDate: CoverPage['localDateOptions'];
}

/** The classic cover page a mail's subject and text make; null when both are empty (no cover page). */
export function coverPageOfMail(mail: CoverFromMail): CoverPage | null {
  const subject = clip(mail.subject.replace(/\s+/g, ' ').trim(), SUBJECT_MAX);
  const message = coverMessageOf(mail.text);
  if (!subject && !message) return null;
  return {
    template: 'classic',
    toName: '',
    toNumber: mail.toDisplay,
    toCompany: '',
    fromName: clip(mail.fromName.trim(), 80),
    fromNumber: '',
    fromCompany: '',
    subject,
    message,
    localDateOptions: mail.localDate,
  };
}
