import { useCallback, useEffect, useState } from 'react';
import { type FaxDocument, FaxDocumentError, type FaxDocumentProblem, loadFaxDocument } from './fax-document';

export type FaxDocumentState =
  | { kind: 'loading' }
  | { kind: 'ready'; document: FaxDocument }
  | { kind: 'failed'; problem: FaxDocumentProblem };

/** Opens the PDF at `url` while the component is mounted; `retry` opens it again after a failure. */
export function useFaxDocument(url: string): { state: FaxDocumentState; retry: () => void } {
  const [state, setState] = useState<FaxDocumentState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) opens the document anew
  useEffect(() => {
    const controller = new AbortController();
    let opened: FaxDocument | null = null;
    setState({ kind: 'loading' });
    loadFaxDocument(url, controller.signal).then(
      (document) => {
        if (controller.signal.aborted) {
          void document.destroy();
          return;
        }
        opened = document;
        setState({ kind: 'ready', document });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        // Anything other than a known problem (pdf.js failing to load, say) reads as a network one:
        // trying again is the only thing the user can do about it either way.
        setState({ kind: 'failed', problem: err instanceof FaxDocumentError ? err.problem : 'network' });
      },
    );
    return () => {
      controller.abort();
      void opened?.destroy();
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
