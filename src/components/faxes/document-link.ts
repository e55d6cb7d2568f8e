import { faxPdfFileName } from '../../common/fax-file-name';
import type { FaxView } from '../../common/faxes';

// Where a fax's PDF is (the one transmitted, sent or received) and what a download of it is called.

export function faxDocumentUrl(fax: FaxView): string {
  return `/api/faxes/${encodeURIComponent(fax.id)}/document`;
}

/** What a download of it is called (src/common/fax-file-name.ts: the same as the server says). */
export function faxDocumentFileName(fax: FaxView): string {
  return faxPdfFileName(fax);
}
