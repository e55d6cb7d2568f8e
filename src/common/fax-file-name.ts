import type { FaxDirection } from './faxes';

/**
 * What a fax's PDF is called when downloaded, the same on the page and in the server's answer: the
 * uploaded file's name (with .pdf: a photo goes out as a PDF too); for a received fax, who sent it
 * and the day it arrived (UTC), so a folder of downloads sorts and reads sensibly.
 */
export function faxPdfFileName(fax: {
  id: string;
  direction: FaxDirection;
  fileName: string | null;
  remoteNumber: string | null;
  start: number;
}): string {
  const base = fax.fileName?.replace(/\.[^.]*$/, '').trim();
  if (base) return `${base}.pdf`;
  if (fax.direction === 'RECEIVE') {
    const from = fax.remoteNumber ? fax.remoteNumber.replace(/\D/g, '') : 'unknown-sender';
    return `fax-from-${from}-${new Date(fax.start).toISOString().slice(0, 10)}.pdf`;
  }
  return `fax-${fax.id}.pdf`;
}
