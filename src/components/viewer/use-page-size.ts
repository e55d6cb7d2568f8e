import { useEffect, useState } from 'react';
import type { FaxDocument } from './fax-document';
import type { PageSize } from './page-geometry';

/**
 * A page's size at 100%: measured when `measure` is on, the first page's size until then (so a
 * long fax does not ask pdf.js about every page up front).
 */
export function usePageSize(document: FaxDocument, pageNumber: number, measure = true): PageSize {
  const [measured, setMeasured] = useState<{ pageNumber: number; size: PageSize } | null>(null);

  useEffect(() => {
    if (!measure || document.knownPageSize(pageNumber)) return;
    let current = true;
    document.pageSize(pageNumber).then(
      (size) => {
        if (current) setMeasured({ pageNumber, size });
      },
      // A page pdf.js cannot read keeps the stand-in size; drawing it says what went wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [document, pageNumber, measure]);

  return document.knownPageSize(pageNumber) ?? (measured?.pageNumber === pageNumber ? measured.size : document.firstPageSize);
}
