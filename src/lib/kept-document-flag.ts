// Whether a document chosen before sign-up waits in this browser (stores/kept-document.ts): a
// localStorage flag that a page reads at once, so /send loads the IndexedDB code only when there is
// something to take. Never throws: storage a browser refuses reads as nothing kept.

export const KEPT_DOCUMENT_FLAG = 'keptDocument';

export function hasKeptDocument(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(KEPT_DOCUMENT_FLAG) !== null;
  } catch {
    return false;
  }
}

/** Nothing is kept any more, as far as a page reading the flag can tell (the file itself goes after). */
export function dropKeptDocumentFlag(): void {
  try {
    window.localStorage.removeItem(KEPT_DOCUMENT_FLAG);
  } catch {
    // Storage the browser refuses: nothing was flagged there.
  }
}
