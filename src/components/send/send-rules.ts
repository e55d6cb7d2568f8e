import type { CoverPage } from '../../common/cover-page';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../../common/fax-rules';

// Rules of the send page with no I/O: what may be uploaded, and the sender's clock for the cover.

const FAXABLE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** For the file picker's `accept`: MIME types and extensions, since some systems give no type. */
export const FAXABLE_ACCEPT = [...FAXABLE_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');

export type FileProblem = 'unsupportedType' | 'tooLarge' | null;

// Some systems report a real PDF with no type or as a generic binary; then only the name can tell,
// and the server, which sniffs the bytes, is the real check.
const UNTYPED = new Set(['', 'application/octet-stream']);
const FAXABLE_NAME = /\.(pdf|png|jpe?g)$/i;

/** Why a chosen file cannot be faxed, before a byte is sent; the server checks again. */
export function checkFaxableFile(file: { name: string; type: string; size: number }): FileProblem {
  const byType = (FAXABLE_TYPES as readonly string[]).includes(file.type);
  const byName = UNTYPED.has(file.type) && FAXABLE_NAME.test(file.name);
  if (!byType && !byName) return 'unsupportedType';
  if (file.size > DEFAULT_MAX_DOCUMENT_BYTES) return 'tooLarge';
  return null;
}

function pad(value: number): string {
  return String(Math.abs(value)).padStart(2, '0');
}

/**
 * The sender's wall clock at `now` (spec §3 localDateOptions): month 1–12, and `iso` with the
 * browser's own offset (2026-11-22T09:05:00-05:00) so the instant and the local time both survive.
 */
export function localDateOptionsAt(now: Date): CoverPage['localDateOptions'] {
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const iso =
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return {
    hours: now.getHours(),
    minutes: now.getMinutes(),
    month: now.getMonth() + 1,
    date: now.getDate(),
    year: now.getFullYear(),
    iso,
  };
}
