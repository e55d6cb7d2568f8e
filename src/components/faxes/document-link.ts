import type { FaxView } from '../../common/faxes';

// Where a fax's PDF is (the one transmitted, sent or received) and what a download of it is called.

export function faxDocumentUrl(fax: FaxView): string {
  return `/api/faxes/${encodeURIComponent(fax.id)}/document`;
}

/** The uploaded file's name with .pdf (a photo goes out as a PDF too), else the server's own name. */
export function faxDocumentFileName(fax: FaxView): string {
  const base = fax.fileName?.replace(/\.[^.]*$/, '').trim();
  return base ? `${base}.pdf` : `fax-${fax.id}.pdf`;
}
